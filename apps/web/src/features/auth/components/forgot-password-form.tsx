import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordSchema, type ForgotPassword } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSubmitError } from '../../../lib/form-errors';
import { toastResult } from '../../../lib/toast';
import { CredentialFields } from '../../../ui/credential-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useRequestPasswordReset } from '../api';

type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

export function ForgotPasswordForm() {
  const resetRequest = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput, unknown, ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = (values: ForgotPassword) => {
    if (resetRequest.isPending) return;
    resetRequest.mutate(values, {
      onSuccess: (body) => toastResult(body),
      onError: (error) => showSubmitError(error, setError, ['email']),
    });
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label="Forgot password"
    >
      <CredentialFields email={register('email')} errors={errors} />
      <SubmitButton isPending={resetRequest.isPending}>Send email</SubmitButton>
      {resetRequest.isSuccess && (
        <p className="form__status" role="status">
          {resetRequest.data.message}
        </p>
      )}
    </form>
  );
}
