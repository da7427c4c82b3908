import { zodResolver } from '@hookform/resolvers/zod';
import { ContactSchema, type ContactForm as ContactFormInput } from '@teacheast/shared';
import { useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/form-errors';
import { toastResult } from '../../../lib/toast';
import { CredentialFields } from '../../../ui/credential-fields';
import { SubmitButton } from '../../../ui/submit-button';
import { TextAreaField, TextField } from '../../../ui/text-field';
import { useSendContactMessage, type ContactMessage } from '../api';

export function ContactForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactMessage>({
    resolver: zodResolver(ContactSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, subject: '', text: '' },
  });

  const onSubmit = (values: ContactMessage) => {
    if (send.isPending) return;
    send.mutate(values, {
      onSuccess: (body) => {
        toastResult(body);
        reset({ email: values.email, subject: '', text: '' });
      },
      onError: (error) => showSubmitError(error, setError, ['email', 'subject', 'text']),
    });
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label="Contact us">
      <CredentialFields email={register('email')} errors={errors} />
      <TextField label="Subject" registration={register('subject')} error={errors.subject?.message} />
      <TextAreaField
        label="Message"
        rows={7}
        hint="At least 10 characters."
        registration={register('text')}
        error={errors.text?.message}
      />
      <SubmitButton isPending={send.isPending}>Send</SubmitButton>
    </form>
  );
}
