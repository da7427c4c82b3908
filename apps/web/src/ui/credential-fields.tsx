// The one set of credential fields: the e-mail, the password when the form asks for one, and the
// hidden password2 honeypot when the form carries it. Log-in, sign-up, coupon sign-up, and the e-mail
// of the contact and forgot-password forms all use it; their messages come from the shared schemas
// through each form's resolver.
import { PASSWORD_MIN } from '@teacheast/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { HoneypotField } from './honeypot-field';
import { TextField } from './text-field';

interface CredentialFieldsProps {
  email: UseFormRegisterReturn<'email'>;
  /** Omitted by a form that asks only for the e-mail (contact). */
  password?: UseFormRegisterReturn<'password'>;
  /** A new password (sign-up) gets the new-password autofill and the length hint. */
  isNewPassword?: boolean;
  /** The honeypot (ui/honeypot-field.tsx): only the forms the spec gives one. */
  honeypot?: UseFormRegisterReturn<'password2'>;
  errors: { email?: { message?: string }; password?: { message?: string } };
}

export function CredentialFields({ email, password, isNewPassword = false, honeypot, errors }: CredentialFieldsProps) {
  return (
    <>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={email}
        error={errors.email?.message}
      />
      {password && (
        <TextField
          label="Password"
          type="password"
          autoComplete={isNewPassword ? 'new-password' : 'current-password'}
          hint={isNewPassword ? `At least ${PASSWORD_MIN} characters.` : undefined}
          registration={password}
          error={errors.password?.message}
        />
      )}
      {honeypot && <HoneypotField registration={honeypot} />}
    </>
  );
}
