import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { RegisterForm } from './register-form';

describe('RegisterForm', () => {
  it('shows no error before a field is touched, then the spec messages after', async () => {
    const { user } = renderWithProviders(<RegisterForm />);
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');

    await user.type(email, 'not-an-email');
    expect(fieldError(email)).toBeNull();

    await user.click(password); // leaving the email field touches it
    await waitFor(() => expect(fieldError(email)).toBe('Invalid email address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(fieldError(password)).toBeNull(); // focused, not yet touched

    await user.clear(email);
    await waitFor(() => expect(fieldError(email)).toBe('Required'));
    expect(fieldError(password)).toBe('Required'); // it was left when clearing the e-mail

    await user.type(password, 'abc');
    await waitFor(() => expect(fieldError(password)).toBe('Must be at least 6 character'));
    await user.type(password, 'def');
    await waitFor(() => expect(fieldError(password)).toBeNull());
  });

  it('shows every message when submitted empty', async () => {
    const requests = mockServer(() => jsonResponse(201, { message: 'unused' }));
    const { user } = renderWithProviders(<RegisterForm />);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(requests).toHaveLength(0);
  });

  it('hides the password2 honeypot from people and assistive technology', () => {
    renderWithProviders(<RegisterForm />);
    const trap = screen.getByTestId('honeypot');
    expect(trap).toHaveAttribute('aria-hidden', 'true');
    expect(trap).toHaveClass('honeypot');
    const input = trap.querySelector('input');
    expect(input).toHaveAttribute('name', 'password2');
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveValue('');
    // Only the e-mail is a text box a person can reach.
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByLabelText('Email')]);
  });

  it('sends the e-mail lower-cased without the empty honeypot and says to check the mail', async () => {
    const requests = mockServer(() =>
      jsonResponse(201, { message: 'Thanks for signing up. Check your e-mail to confirm your account.' }),
    );
    const { user } = renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText('Email'), '  New.Teacher@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    // The form gives way to a notice that names the address the link went to.
    const notice = await screen.findByRole('status');
    expect(within(notice).getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('Thanks for signing up. Check your e-mail to confirm your account.');
    expect(notice).toHaveTextContent('The link went to new.teacher@example.com and works for 24 hours.');
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/register', method: 'POST' });
    expect(requests[0]?.body).toEqual({ email: 'new.teacher@example.com', password: 'secret1' });
  });

  it('shows the server message as an error toast when registering fails', async () => {
    mockServer(() => jsonResponse(429, { error: true, message: 'Too many sign-ups. Try again later.' }));
    const { user } = renderWithProviders(<RegisterForm />);
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-ups. Try again later.');
    // The form stays, ready for another try: the button is no longer busy.
    const button = screen.getByRole('button', { name: 'Sign up' });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByLabelText('Email')).toHaveValue('a@b.co');
  });
});
