import { zodResolver } from '@hookform/resolvers/zod';
import { CredentialsSchema, type Credentials } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSubmitError } from '../../../lib/form-errors';
import { CredentialFields } from '../../../ui/credential-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useRegister } from '../api';

type RegisterInput = z.input<typeof CredentialsSchema>;

export function RegisterForm() {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<RegisterInput, unknown, Credentials>({
    resolver: zodResolver(CredentialsSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', password2: '' },
  });

  const onSubmit = (values: Credentials) => {
    if (registration.isPending) return;
    registration.mutate(values, {
      onError: (error) => showSubmitError(error, setError, ['email', 'password']),
    });
  };

  if (registration.isSuccess) {
    return (
      <div className="notice notice--success" role="status">
        <h2 className="notice__title">Check your e-mail</h2>
        <p>{registration.data.message}</p>
        <p>
          The link went to <strong>{getValues('email').trim().toLowerCase()}</strong> and works for 24 hours. Check your
          spam folder if it has not arrived in a few minutes.
        </p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label="Sign up">
      <CredentialFields
        email={register('email')}
        password={register('password')}
        isNewPassword
        honeypot={register('password2')}
        errors={errors}
      />
      <SubmitButton isPending={registration.isPending}>Sign up</SubmitButton>
    </form>
  );
}
