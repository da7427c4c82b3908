import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

const currentUser = {
  uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f',
  email: 'teacher@example.com',
  subscriptionId: null,
};

describe('LoginForm', () => {
  it('shows the spec messages only once fields are touched', async () => {
    const { user } = renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');

    expect(fieldError(email)).toBeNull();
    await user.click(email);
    await user.click(password);
    await waitFor(() => expect(fieldError(email)).toBe('Required'));
    expect(fieldError(password)).toBeNull();

    await user.type(email, 'teacher@');
    await waitFor(() => expect(fieldError(email)).toBe('Invalid email address'));

    await user.type(password, '12345');
    await user.click(email);
    await waitFor(() => expect(fieldError(password)).toBe('Must be at least 6 character'));
  });

  it('hides the password2 honeypot', () => {
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    const trap = screen.getByTestId('honeypot');
    expect(trap).toHaveAttribute('aria-hidden', 'true');
    const input = trap.querySelector('input');
    expect(input).toHaveAttribute('name', 'password2');
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByLabelText('Email')]);
  });

  it('logs in with the e-mail lower-cased, stores the token and reports success', async () => {
    const requests = mockServer(() => jsonResponse(200, { currentUser }, { 'auth-token': 'token-123' }));
    const onLoggedIn = vi.fn();
    const { user } = renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Email'), 'Teacher@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(requests[0]).toMatchObject({ url: '/api/login', method: 'POST' });
    expect(requests[0]?.body).toEqual({ email: 'teacher@example.com', password: 'secret1' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-123');
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(currentUser);
  });

  it('shows why an unconfirmed account cannot log in yet', async () => {
    mockServer(() =>
      jsonResponse(403, {
        error: true,
        message: 'Please confirm your e-mail address first.',
        errorType: 'NOT_CONFIRMED',
      }),
    );
    const onLoggedIn = vi.fn();
    const { user } = renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Email'), 'teacher@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm your e-mail address first.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
