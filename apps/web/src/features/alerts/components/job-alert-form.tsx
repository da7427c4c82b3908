// The form behind "Email me jobs like these": how often, and the address when logged out; the search
// it saves, its contract-sheet filters included, comes from the page. Loaded only when the button is
// pressed (job-alert-offer.tsx).
import { zodResolver } from '@hookform/resolvers/zod';
import { ALERT_FREQUENCIES, JobAlertCreateSchema, emailField, type JobAlertCreate } from '@teacheast/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { SubmitButton } from '../../../ui/submit-button';
import { TextField } from '../../../ui/text-field';
import { useCreateJobAlert } from '../api';
import { alertFiltersOf, describeSearch, FREQUENCY_LABELS, FREQUENCY_WORDS, type SearchToSave } from '../search-words';

// What the visitor chooses; the search comes from the page. A member's alerts go to the account's
// address, so only a visitor gives one (checked as the server checks it).
const frequency = JobAlertCreateSchema.shape.frequency;
const VisitorChoiceSchema = z.object({ frequency, email: emailField });
const MemberChoiceSchema = z.object({ frequency, email: z.string() });
type Choice = z.infer<typeof VisitorChoiceSchema>;

const FORM_FIELDS = ['frequency', 'email'] as const;

interface JobAlertFormProps {
  search: SearchToSave;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** Saved by a member (a toast says so), or cancelled: the panel closes. */
  onDone: () => void;
}

export function JobAlertForm({ search, labelledBy, onDone }: JobAlertFormProps) {
  const user = useSessionUser();
  const create = useCreateJobAlert();
  const searchId = useId();
  const frequencyId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // The contract-sheet filters of the search go with it, under the API's names (BEYOND §6).
  const filters = alertFiltersOf(search);
  /** The address a visitor's confirmation mail went to, once the alert is saved. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Choice>({
    resolver: zodResolver(user ? MemberChoiceSchema : VisitorChoiceSchema),
    mode: 'onTouched',
    defaultValues: { frequency: 'daily', email: '' },
  });

  // The form is gone: keep the focus on what replaced it.
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  const onSubmit = ({ frequency: chosen, email }: Choice) => {
    if (create.isPending) return;
    setFailure(null);
    const { country, city, ageGroup, q } = search;
    const body: JobAlertCreate = {
      country,
      city,
      ageGroup,
      q,
      ...filters,
      frequency: chosen,
      ...(user ? {} : { email }),
    };
    create.mutate(body, {
      onSuccess: () => {
        if (!user) {
          setSentTo(email);
          return;
        }
        toast.success(`Job alert saved: new jobs like these will reach ${user.email} ${FREQUENCY_WORDS[chosen]}.`);
        onDone();
      },
      onError: (error) => {
        const fields = isApiError(error) ? (error.fields ?? {}) : {};
        const shown = FORM_FIELDS.filter((field) => fields[field] && (field !== 'email' || !user));
        shown.forEach((field, i) =>
          setError(field, { type: 'server', message: fields[field] }, { shouldFocus: i === 0 }),
        );
        if (shown.length === 0) {
          setFailure(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
        }
      },
    });
  };

  if (sentTo) {
    return (
      <div className="job-alert-form__sent">
        <p ref={sentRef} tabIndex={-1} className="form__status" role="status">
          Check your inbox: open the link we sent to {sentTo} to start your alert.
        </p>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Close
        </button>
      </div>
    );
  }

  return (
    <form
      className="form job-alert-form"
      noValidate
      aria-labelledby={labelledBy}
      aria-describedby={searchId}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <p id={searchId} className="job-alert-form__search">
        New jobs for: <strong>{describeSearch({ ...search, filters })}</strong>
      </p>
      <fieldset
        className="job-alert-form__frequency"
        aria-describedby={errors.frequency ? `${frequencyId}-error` : undefined}
      >
        <legend className="field__label">How often?</legend>
        {ALERT_FREQUENCIES.map((value) => (
          <label key={value} className="job-alert-form__choice">
            <input type="radio" value={value} {...register('frequency')} /> {FREQUENCY_LABELS[value]}
          </label>
        ))}
        {errors.frequency && (
          <p className="field__error" id={`${frequencyId}-error`}>
            {errors.frequency.message}
          </p>
        )}
      </fieldset>
      {user ? (
        <p className="job-alert-form__address">The e-mails go to {user.email}.</p>
      ) : (
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="We will send you a link: your alert starts when you open it."
          registration={register('email')}
          error={errors.email?.message}
        />
      )}
      {failure && (
        <p className="job-alert-form__error" role="alert">
          {failure}
        </p>
      )}
      <div className="job-alert-form__actions">
        <SubmitButton isPending={create.isPending}>Save alert</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
