import { zodResolver } from '@hookform/resolvers/zod';
import { SetPasswordFormSchema, type SetPasswordForm } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSubmitError } from '../../../lib/form-errors';
import { toastResult } from '../../../lib/toast';
import { SubmitButton } from '../../../ui/submit-button';
import { TextField } from '../../../ui/text-field';
import { useSetForgottenPassword } from '../api';

type SetPasswordInput = z.input<typeof SetPasswordFormSchema>;

export function ChangePasswordForm({ token, onChanged }: { token: string; onChanged: () => void }) {
  const setPassword = useSetForgottenPassword();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors },
  } = useForm<SetPasswordInput, unknown, SetPasswordForm>({
    resolver: zodResolver(SetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = (values: SetPasswordForm) => {
    if (setPassword.isPending) return;
    setPassword.mutate(
      { ...values, token },
      {
        onSuccess: (body) => {
          toastResult(body);
          onChanged();
        },
        onError: (error) => showSubmitError(error, setError, ['password', 'confirmPassword']),
      },
    );
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label="Reset password"
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="6 to 22 characters."
        registration={register('password', {
          // A changed password can make the confirmation (mis)match; re-check it, but only once
          // the person has been there, so errors still appear only on touched fields.
          onChange: () => {
            if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
          },
        })}
        error={errors.password?.message}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <SubmitButton isPending={setPassword.isPending}>Reset Password</SubmitButton>
    </form>
  );
}
