import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { ForgotPasswordForm } from './forgot-password-form';

describe('ForgotPasswordForm', () => {
  it('shows the spec messages once the e-mail is touched', async () => {
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    const email = screen.getByLabelText('Email');

    await user.type(email, 'nope');
    expect(fieldError(email)).toBeNull();
    await user.tab();
    await waitFor(() => expect(fieldError(email)).toBe('Invalid email address'));
    await user.clear(email);
    await waitFor(() => expect(fieldError(email)).toBe('Required'));
  });

  it('has no honeypot (only register and login forms carry one)', () => {
    renderWithProviders(<ForgotPasswordForm />);
    expect(screen.queryByTestId('honeypot')).not.toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByLabelText('Email')]);
  });

  it('asks for the mail with the e-mail lower-cased and shows the answer', async () => {
    const message = 'If an account exists for that e-mail, we have sent a link to reset the password.';
    const requests = mockServer(() => jsonResponse(200, { message }));
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'Teacher+Tag@Example.COM');
    await user.click(screen.getByRole('button', { name: 'Send email' }));

    // Shown in the form, and as a toast.
    const form = screen.getByRole('form', { name: 'Forgot password' });
    expect((await within(form).findByRole('status')).textContent).toBe(message);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([message, message]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    const url = new URL(requests[0]?.url ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/forgot-password');
    expect(url.searchParams.get('email')).toBe('teacher+tag@example.com');
  });
});
