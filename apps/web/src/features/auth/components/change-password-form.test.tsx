import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';

describe('ChangePasswordForm', () => {
  it('shows the spec messages once fields are touched', async () => {
    const { user } = renderWithProviders(<ChangePasswordForm token="t0k3n" onChanged={vi.fn()} />);
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm Password');

    await user.type(password, '123');
    expect(fieldError(password)).toBeNull();
    await user.click(confirm);
    await waitFor(() => expect(fieldError(password)).toBe('Must be at least 6 characters in length'));
    expect(fieldError(confirm)).toBeNull();

    await user.clear(password);
    await waitFor(() => expect(fieldError(password)).toBe('Required'));

    await user.type(password, 'a'.repeat(23));
    await waitFor(() => expect(fieldError(password)).toBe('No more than 22 characters'));

    await user.clear(password);
    await user.type(password, 'secret12');
    await user.type(confirm, 'secret13');
    await user.tab();
    await waitFor(() => expect(fieldError(confirm)).toBe("Passwords don't match!"));

    // Fixing the first field clears the mismatch on the (touched) second one.
    await user.clear(password);
    await user.type(password, 'secret13');
    await waitFor(() => expect(fieldError(confirm)).toBeNull());
  });

  it('sends both passwords with the token and moves on', async () => {
    const requests = mockServer(() => jsonResponse(200, { message: 'Your password has been changed.' }));
    const onChanged = vi.fn();
    const { user } = renderWithProviders(<ChangePasswordForm token="t0k3n" onChanged={onChanged} />);
    await user.type(screen.getByLabelText('Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(requests[0]).toMatchObject({ url: '/api/set-forgot-password', method: 'POST' });
    expect(requests[0]?.body).toEqual({ password: 'newpass1', confirmPassword: 'newpass1', token: 't0k3n' });
  });

  it('keeps the person on the page when the link has expired', async () => {
    mockServer(() => jsonResponse(400, { error: true, message: 'This link has expired. Ask for a new one.' }));
    const onChanged = vi.fn();
    const { user } = renderWithProviders(<ChangePasswordForm token="old" onChanged={onChanged} />);
    await user.type(screen.getByLabelText('Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Ask for a new one.');
    expect(screen.getByLabelText('Password')).toHaveValue('newpass1');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
