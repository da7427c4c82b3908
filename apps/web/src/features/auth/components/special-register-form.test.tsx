import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { fieldError, jsonResponse, mockServer, renderWithProviders } from '../../../testing/render';
import { SpecialRegisterForm } from './special-register-form';

const CODE = '5d0c3a1e-2b4f-4c6d-8e9f-0a1b2c3d4e5f';
const currentUser = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'school@example.com', subscriptionId: null };

function renderCouponSignUp() {
  return renderWithProviders(
    <Routes>
      <Route path="/special-register/:uuid" element={<SpecialRegisterForm code={CODE} />} />
      <Route path={paths.account()} element={<p>Account page</p>} />
    </Routes>,
    { route: `/special-register/${CODE}` },
  );
}

// The coupon sign-up draws the same credential fields as sign-up (ui/credential-fields.tsx).
describe('SpecialRegisterForm (coupon sign-up)', () => {
  it('has the sign-up’s fields: e-mail, a new password with its hint, and the hidden honeypot', () => {
    renderCouponSignUp();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription('At least 6 characters.');
    expect(screen.getByTestId('honeypot').querySelector('input')).toHaveAttribute('name', 'password2');
  });

  it('shows the shared schema’s messages when submitted empty', async () => {
    const requests = mockServer(() => jsonResponse(500, { error: true, message: 'unused' }));
    const { user } = renderCouponSignUp();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(fieldError(screen.getByLabelText('Email'))).toBe('Required'));
    expect(fieldError(screen.getByLabelText('Password'))).toBe('Required');
    expect(requests).toHaveLength(0);
  });

  it('sends the code with the credentials, keeps the session and opens the account', async () => {
    const requests = mockServer(() =>
      jsonResponse(201, { message: 'Your account is ready.', currentUser }, { 'auth-token': 'token-123' }),
    );
    const { user } = renderCouponSignUp();
    await user.type(screen.getByLabelText('Email'), 'School@Example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-123');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/coupon/create-account-with-job',
      method: 'POST',
      body: { email: 'school@example.com', password: 'secret1', code: CODE },
    });
  });
});
