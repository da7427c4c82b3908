import { zodResolver } from '@hookform/resolvers/zod';
import { CredentialsSchema, type Credentials } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSubmitError } from '../../../lib/form-errors';
import { HoneypotField } from '../../../ui/honeypot-field';
import { SubmitButton } from '../../../ui/submit-button';
import { TextField } from '../../../ui/text-field';
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
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <HoneypotField registration={register('password2')} />
      <SubmitButton isPending={login.isPending}>Log In</SubmitButton>
    </form>
  );
}
