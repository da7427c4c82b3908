// Step 1, Job Criteria: the job's facts (JobDetailsSchema), and the school it is posted under (BEYOND §8).
// Next stays disabled until the form is complete and saved, so what the next steps build on is what the
// server holds. The posting checks (BEYOND §9) read the title and the pay notes as the school types; the
// save of a published job may be refused by them, or wait for the school to acknowledge their warnings.
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
  JOB_TITLE_MAX,
  type OwnSchool,
  type PostingRuleId,
} from '@teacheast/shared';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { showSubmitError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { SelectField, type SelectOption } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { SchoolSelectField } from '../../schools/components/school-select-field';
import { postingProblemOf, useSaveJobDetails, type JobDetailsView, type PostingProblem } from '../api';
import { LivePostingChecks, RefusedIssues, useLivePostingCheck, WarningsConfirmation } from './posting-checks';
import { WizardNav } from './wizard-nav';

const FIELDS = [
  'title',
  'companyName',
  'email',
  'country',
  'city',
  'pay',
  'ageGroup',
  'duration',
  'classSize',
  'startDate',
  'phone',
  'link',
  'schoolSlug',
] as const;

/** The selects after Pay, whose options never change. */
const CHOICES: {
  field: 'ageGroup' | 'classSize' | 'startDate' | 'duration';
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
}[] = [
  { field: 'ageGroup', label: 'Student age group', options: AGE_GROUPS, placeholder: 'Choose an age group' },
  { field: 'classSize', label: 'Class size', options: CLASS_SIZES, placeholder: 'Choose a class size' },
  // ASAP is the empty value, so there is no "not chosen yet".
  { field: 'startDate', label: 'Start date', options: START_DATES },
  { field: 'duration', label: 'Contract duration', options: DURATIONS, placeholder: 'Choose a duration' },
];

/** How a school's facts are put in the fields: as if typed there. */
const FILLED = { shouldDirty: true, shouldTouch: true, shouldValidate: true } as const;

function formValuesOf(job: JobDetailsView): JobDetailsInput {
  // "No school" is the select's empty option; the schema reads it as null, as the server stores it.
  const values = { ...job, schoolSlug: job.schoolSlug ?? '' };
  return Object.fromEntries(FIELDS.map((f) => [f, values[f]])) as unknown as JobDetailsInput;
}

export function JobDetailsStep({
  job,
  userUuid,
  readOnly,
}: {
  job: JobDetailsView;
  userUuid: string;
  readOnly: boolean;
}) {
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
  const values = useWatch({ control }) as Partial<Record<(typeof FIELDS)[number], string | null>>;
  const country = (values.country ?? '') as Country | '';
  const cities = country ? (CITIES[country] ?? []) : [];
  const isComplete = JobDetailsSchema.safeParse(values).success;
  // The saved row is trimmed and lower-cased where the schema says so; compare what would be sent.
  const parsed = JobDetailsSchema.safeParse(values);
  const isSaved = parsed.success && FIELDS.every((f) => parsed.data[f] === job[f]);

  const title = values.title ?? '';
  const pay = values.pay ?? '';
  const check = useLivePostingCheck({ title, payNotes: pay, descriptionHTML: '' });
  // What the checks said of the last save, while the title and pay notes are still the ones sent.
  // Each answer is shown afresh (its `answer` number keys it): its heading takes the focus, no box stays ticked.
  const [problem, setProblem] = useState<{ details: JobDetails; problem: PostingProblem; answer: number } | null>(null);
  const shownProblem =
    problem && problem.details.title === title.trim() && problem.details.pay === pay.trim() ? problem.problem : null;

  const onSubmit = (details: JobDetails, acknowledgeWarnings?: PostingRuleId[]) => {
    if (save.isPending) return;
    save.mutate(acknowledgeWarnings ? { ...details, acknowledgeWarnings } : details, {
      onSuccess: (result) => {
        setProblem(null);
        toast.success(result.message);
      },
      onError: (error) => {
        const found = postingProblemOf(error, { title: details.title, payNotes: details.pay, descriptionHTML: '' });
        if (found) setProblem((last) => ({ details, problem: found, answer: (last?.answer ?? 0) + 1 }));
        else showSubmitError(error, setError, FIELDS);
      },
    });
  };

  const countryField = register('country', {
    onChange: () => setValue('city', '', { shouldValidate: false }),
  });

  // A school chosen fills in who and where from its profile; each stays editable. Its city is set once
  // the city select lists the school's country's cities: a select cannot take a value it has no option for.
  const [cityToFill, setCityToFill] = useState<string | null>(null);
  const fillFromSchool = (school: OwnSchool | null) => {
    if (!school) return;
    setValue('companyName', school.name, FILLED);
    setValue('country', school.country as Country, FILLED);
    setCityToFill(school.city);
  };
  useEffect(() => {
    if (cityToFill === null) return;
    setValue('city', cityToFill, FILLED);
    setCityToFill(null);
  }, [cityToFill, setValue]);

  return (
    <form
      className="form job-details"
      noValidate
      onSubmit={(event) => void handleSubmit((details) => onSubmit(details))(event)}
      aria-label="Job criteria"
    >
      <fieldset className="job-details__fields" disabled={readOnly}>
        <legend className="visually-hidden">Job criteria</legend>
        <SchoolSelectField
          registration={register('schoolSlug')}
          error={errors.schoolSlug?.message}
          savedSlug={job.schoolSlug}
          onChoose={fillFromSchool}
        />
        <TextField
          label="Job title"
          hint="e.g. Kindergarten English Teacher"
          maxLength={JOB_TITLE_MAX}
          registration={register('title')}
          error={errors.title?.message}
        />
        <LivePostingChecks check={check} fields={['title']} />
        <TextField
          label="School or company name"
          registration={register('companyName')}
          error={errors.companyName?.message}
          autoComplete="organization"
        />
        <TextField
          label="Email for applications"
          type="email"
          inputMode="email"
          registration={register('email')}
          error={errors.email?.message}
          autoComplete="email"
        />
        <SelectField
          label="Country"
          options={COUNTRIES}
          placeholder="Choose a country"
          registration={countryField}
          error={errors.country?.message}
        />
        <SelectField
          label="City"
          options={cities}
          placeholder={country ? 'Choose a city' : 'Choose a country first'}
          registration={register('city')}
          error={errors.city?.message}
        />
        <TextField
          label="Pay (optional)"
          hint="For example 2.3M KRW per month, or 25,000 THB."
          registration={register('pay')}
          error={errors.pay?.message}
        />
        <LivePostingChecks check={check} fields={['payNotes']} />
        {CHOICES.map(({ field, ...choice }) => (
          <SelectField key={field} {...choice} registration={register(field)} error={errors[field]?.message} />
        ))}
        <TextField
          label="Phone (optional)"
          type="tel"
          registration={register('phone')}
          error={errors.phone?.message}
          autoComplete="tel"
        />
        <TextField
          label="Website (optional)"
          hint="Must include https://"
          type="url"
          registration={register('link')}
          error={errors.link?.message}
        />
      </fieldset>
      {shownProblem?.kind === 'refused' && (
        <RefusedIssues key={problem?.answer} issues={shownProblem.issues} action="saved" />
      )}
      {shownProblem?.kind === 'warning' && (
        <WarningsConfirmation
          key={problem?.answer}
          issues={shownProblem.issues}
          confirmLabel="Save anyway"
          isPending={save.isPending}
          onConfirm={(rules) => onSubmit(problem!.details, rules)}
        />
      )}
      {!readOnly && (
        <div className="wizard__save">
          <button type="submit" className="button button--secondary" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <p className="wizard__hint" aria-live="polite">
            {isSaved
              ? 'Saved.'
              : isComplete
                ? 'Save your changes to continue.'
                : 'Fill in every required field, then save.'}
          </p>
        </div>
      )}
      <WizardNav uuid={job.uuid} step="details" isNextDisabled={!isSaved} />
    </form>
  );
}
