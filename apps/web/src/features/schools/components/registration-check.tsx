// A school's registration check (BEYOND §8): where it stands, and the number to send for one. The
// server checks the number's check digits at once; an operator then compares it with the register.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  RegistrationRequestSchema,
  countryLabel,
  type OwnSchool,
  type RegistrationRequest,
  type RegistrationStatus,
} from '@teacheast/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { longUtcDate } from '../../../lib/dates';
import { showSubmitError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../ui/text-field';
import { useRequestRegistrationCheck } from '../my-schools-api';
import { RegistrationChecked } from './registration-checked';

/** Where the latest check stands, in the owner's words. Nothing asked yet says nothing. */
export function RegistrationStatusText({ registration }: { registration: RegistrationStatus }) {
  if (!registration) return null;
  const { status, registrationNumber, requestedAt, checkedAt, note } = registration;
  if (status === 'approved') {
    return (
      <p>
        <RegistrationChecked checkedAt={checkedAt} />
      </p>
    );
  }
  if (status === 'pending') {
    return (
      <p className="registration-status">
        Registration check: waiting for review. We received number {registrationNumber} on {longUtcDate(requestedAt)}.
      </p>
    );
  }
  return (
    <p className="registration-status registration-status--rejected">
      Registration check not accepted{checkedAt ? ` (${longUtcDate(checkedAt)})` : ''}:{' '}
      {note || 'the number could not be matched with the register.'} You can send another number.
    </p>
  );
}

/** The form that sends a registration number; a school already checked has nothing to send. */
export function RegistrationCheckForm({ school }: { school: OwnSchool }) {
  const request = useRequestRegistrationCheck(school.slug);
  const [claimedMessage, setClaimedMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RegistrationRequest>({
    resolver: zodResolver(RegistrationRequestSchema),
    mode: 'onTouched',
    defaultValues: { registrationNumber: '' },
  });

  const onSubmit = (values: RegistrationRequest) => {
    if (request.isPending) return;
    setClaimedMessage(null);
    request.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        reset();
      },
      onError: (error) => {
        if (isApiError(error) && error.errorType === 'REGISTRATION_CLAIMED') setClaimedMessage(error.message);
        else showSubmitError(error, setError, ['registrationNumber']);
      },
    });
  };

  return (
    <form
      className="form registration-form"
      noValidate
      aria-label={`Registration check of ${school.name}`}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextField
        label="Registration number"
        hint={`The number ${school.name} is registered under in ${countryLabel(school.country)}'s business or tax register. We check its digits now; a person at TeachEast then checks it in the register.`}
        registration={register('registrationNumber')}
        error={errors.registrationNumber?.message}
        autoComplete="off"
      />
      {claimedMessage && (
        <p className="school-form__error" role="alert">
          {claimedMessage} If this is your school, <Link to={paths.contactUs()}>write to us</Link>.
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" aria-busy={request.isPending || undefined}>
          {request.isPending ? 'Sending…' : 'Send for checking'}
        </button>
      </div>
    </form>
  );
}
