import { zodResolver } from '@hookform/resolvers/zod';
import { CredentialsSchema, type Credentials } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSubmitError } from '../../../lib/form-errors';
import { CredentialFields } from '../../../ui/credential-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useLogin } from '../api';

type LoginInput = z.input<typeof CredentialsSchema>;

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, Credentials>({
    resolver: zodResolver(CredentialsSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', password2: '' },
  });

  const onSubmit = (values: Credentials) => {
    if (login.isPending) return;
    login.mutate(values, {
      onSuccess: onLoggedIn,
      onError: (error) => showSubmitError(error, setError, ['email', 'password']),
    });
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label="Log in">
      <CredentialFields
        email={register('email')}
        password={register('password')}
        honeypot={register('password2')}
        errors={errors}
      />
      <SubmitButton isPending={login.isPending}>Log In</SubmitButton>
    </form>
  );
}
