// Step 1, Job Criteria: the job form of SPEC §5. Next stays disabled until the form is complete and
// saved, so what the next steps build on is what the server holds.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGE_GROUPS,
  CITIES,
  CLASS_SIZES,
  COUNTRIES,
  DURATIONS,
  JobDetailsSchema,
  START_DATES,
  type Country,
  type JobDetails,
  type JobDetailsInput,
} from '@teacheast/shared';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { showSubmitError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../ui/text-field';
import { useSaveJobDetails, type JobDetailsView } from '../api';
import { WizardNav } from './wizard-nav';

const FIELDS = ['companyName', 'email', 'country', 'city', 'pay', 'ageGroup', 'duration', 'classSize', 'startDate', 'phone', 'link'] as const;

interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
}

function SelectField({ label, registration, error, children }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        {children}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function formValuesOf(job: JobDetailsView): JobDetailsInput {
  return Object.fromEntries(FIELDS.map((f) => [f, job[f]])) as unknown as JobDetailsInput;
}

export function JobDetailsStep({ job, userUuid, readOnly }: { job: JobDetailsView; userUuid: string; readOnly: boolean }) {
  const save = useSaveJobDetails(job.uuid, userUuid);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<JobDetailsInput, unknown, JobDetails>({
    resolver: zodResolver(JobDetailsSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(job),
  });
  const values = useWatch({ control }) as Partial<Record<(typeof FIELDS)[number], string>>;
  const country = (values.country ?? '') as Country | '';
  const cities = country ? (CITIES[country] ?? []) : [];
  const isComplete = JobDetailsSchema.safeParse(values).success;
  // The saved row is trimmed and lower-cased where the schema says so; compare what would be sent.
  const parsed = JobDetailsSchema.safeParse(values);
  const isSaved = parsed.success && FIELDS.every((f) => parsed.data[f] === job[f]);

  const onSubmit = (details: JobDetails) => {
    if (save.isPending) return;
    save.mutate(details, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => showSubmitError(error, setError, FIELDS),
    });
  };

  const countryField = register('country', {
    onChange: () => setValue('city', '', { shouldValidate: false }),
  });

  return (
    <form className="form job-details" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Job criteria">
      <fieldset className="job-details__fields" disabled={readOnly}>
        <legend className="visually-hidden">Job criteria</legend>
        <TextField label="School or company name" registration={register('companyName')} error={errors.companyName?.message} autoComplete="organization" />
        <TextField label="Email for applications" type="email" inputMode="email" registration={register('email')} error={errors.email?.message} autoComplete="email" />
        <SelectField label="Country" registration={countryField} error={errors.country?.message}>
          <option value="">Choose a country</option>
          {COUNTRIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="City" registration={register('city')} error={errors.city?.message}>
          <option value="">{country ? 'Choose a city' : 'Choose a country first'}</option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </SelectField>
        <TextField label="Pay (optional)" hint="For example 2.3M KRW per month, or 25,000 THB." registration={register('pay')} error={errors.pay?.message} />
        <SelectField label="Student age group" registration={register('ageGroup')} error={errors.ageGroup?.message}>
          <option value="">Choose an age group</option>
          {AGE_GROUPS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField label="Class size" registration={register('classSize')} error={errors.classSize?.message}>
          <option value="">Choose a class size</option>
          {CLASS_SIZES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField label="Start date" registration={register('startDate')} error={errors.startDate?.message}>
          {START_DATES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Contract duration" registration={register('duration')} error={errors.duration?.message}>
          <option value="">Choose a duration</option>
          {DURATIONS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </SelectField>
        <TextField label="Phone (optional)" type="tel" registration={register('phone')} error={errors.phone?.message} autoComplete="tel" />
        <TextField label="Website (optional)" hint="Must include https://" type="url" registration={register('link')} error={errors.link?.message} />
      </fieldset>
      {!readOnly && (
        <div className="wizard__save">
          <button type="submit" className="button button--secondary" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <p className="wizard__hint" aria-live="polite">
            {isSaved ? 'Saved.' : isComplete ? 'Save your changes to continue.' : 'Fill in every required field, then save.'}
          </p>
        </div>
      )}
      <WizardNav uuid={job.uuid} step="details" isNextDisabled={!isSaved} />
    </form>
  );
}
