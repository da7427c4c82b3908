// Coupon sign-up: creates the account with its free job and logs in.
import { zodResolver } from '@hookform/resolvers/zod';
import { CredentialsSchema, type Credentials } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { startSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { CredentialFields } from '../../../ui/credential-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { useCouponSignUp } from '../api';

type Input = z.input<typeof CredentialsSchema>;

export function SpecialRegisterForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const redeem = useCouponSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Credentials>({
    resolver: zodResolver(CredentialsSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', password2: '' },
  });

  const onSubmit = (values: Credentials) => {
    if (redeem.isPending) return;
    redeem.mutate(
      { ...values, code },
      {
        onSuccess: (result) => {
          startSession(result.token, result.currentUser);
          toast.success(result.message);
          void navigate(paths.account());
        },
        onError: (error) => showSubmitError(error, setError, ['email', 'password']),
      },
    );
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label="Sign up">
      <CredentialFields
        email={register('email')}
        password={register('password')}
        isNewPassword
        honeypot={register('password2')}
        errors={errors}
      />
      <SubmitButton isPending={redeem.isPending}>Sign up</SubmitButton>
    </form>
  );
}
