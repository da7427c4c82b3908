// The school's offer (BEYOND §10): a whole contract sheet (§6) and the date to answer by. It starts
// from the job's own sheet, so the school changes only what differs from the ad; a compact form of the
// wizard's Pay and Conditions step, checked by the same rules (the wizard's terms-form.ts: the shared
// JobTermsSchema and termsIssues the server runs).
import {
  COUNTRY_PERMITS,
  FLIGHTS_VALUES,
  HEALTH_INSURANCE_VALUES,
  HOUSING_VALUES,
  PAY_BASES,
  SATURDAYS_VALUES,
  SEVERANCE_VALUES,
  TERMS_LABELS,
  VISA_COSTS,
  type Country,
  type JobTerms,
  type Offer,
  type OfferCreateInput,
  type TermsJob,
} from '@teacheast/shared';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { SelectField } from '../../../ui/select-field';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { useJobDetails, useJobTerms } from '../../job-wizard/api';
import {
  currencyChoices,
  emptyFormValues,
  formValuesOf,
  TERMS_FIELD_PATHS,
  termsResolver,
  type TermsFormValues,
} from '../../job-wizard/terms-form';
import { useMakeOffer } from '../api';
import { browserTimeZone, dateInZone } from '../zoned-time';

type OfferFormValues = TermsFormValues & { respondBy: string };

/** How long the teacher is given to answer, unless the school says otherwise. */
const DAYS_TO_ANSWER = 7;

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const choicesOf = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: capitalised(labels[value]) }));
const PERIODS = [
  { value: 'hour', label: 'An hour' },
  { value: 'month', label: 'A month' },
  { value: 'year', label: 'A year' },
];
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const CHOOSE = 'Choose…';

/** The sheet checked as the wizard checks it, and a date to answer by that has not passed. */
function offerResolver(job: TermsJob, today: string): Resolver<OfferFormValues, unknown, OfferCreateInput> {
  const sheet = termsResolver(job) as unknown as Resolver<OfferFormValues, unknown, JobTerms>;
  return async (values, context, options): Promise<ResolverResult<OfferFormValues, OfferCreateInput>> => {
    const checked = await sheet(values, context, options);
    const respondBy = values.respondBy;
    const respondByError = !respondBy
      ? 'Choose the date the teacher should answer by'
      : respondBy < today
        ? 'The date has passed'
        : undefined;
    const errors: FieldErrors<OfferFormValues> = {
      ...checked.errors,
      ...(respondByError ? { respondBy: { type: 'validate', message: respondByError } } : {}),
    };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { terms: checked.values as JobTerms, respondBy }, errors: {} };
  };
}

interface OfferFormProps {
  applicationId: string;
  job: { uuid: string; country: string };
  teacherName: string;
  onOffered: (offer: Offer) => void;
  onCancel: () => void;
}

/** Loads the job's sheet (and its duration, which Korea's severance rule reads) before the form. */
export function OfferForm(props: OfferFormProps) {
  const userUuid = useSessionUser()?.uuid ?? '';
  const terms = useJobTerms(props.job.uuid, userUuid);
  const details = useJobDetails(props.job.uuid, userUuid);
  if (terms.isPending || details.isPending) return <Spinner label="Loading the job's pay and conditions" />;
  return (
    <OfferFields
      {...props}
      posted={terms.data ?? null}
      duration={details.data?.duration ?? ''}
      hasNoSheet={terms.isError || terms.data === null}
    />
  );
}

interface OfferFieldsProps extends OfferFormProps {
  posted: JobTerms | null;
  duration: string;
  hasNoSheet: boolean;
}

function OfferFields({
  applicationId,
  job,
  teacherName,
  onOffered,
  onCancel,
  posted,
  duration,
  hasNoSheet,
}: OfferFieldsProps) {
  const make = useMakeOffer(applicationId);
  const zone = browserTimeZone();
  const now = Date.now();
  const today = dateInZone(now, zone);
  const resolver = useMemo(
    () => offerResolver({ country: job.country, duration }, today),
    [job.country, duration, today],
  );
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<OfferFormValues, unknown, OfferCreateInput>({
    resolver,
    // Checked on Send, then as each answer changes (not on leaving a field: see interview-proposal-form.tsx).
    defaultValues: {
      ...(posted ? formValuesOf(posted) : emptyFormValues(job.country)),
      respondBy: dateInZone(now, zone, DAYS_TO_ANSWER),
    },
  });
  const values = useWatch({ control }) as OfferFormValues;
  // The form opens where its button was: the keyboard goes on at its first field.
  useEffect(() => setFocus('salary.min'), [setFocus]);
  const currency = values.salary?.currency ?? '';
  const permits = COUNTRY_PERMITS[job.country as Country] ?? [];

  const onSubmit = (offer: OfferCreateInput) => {
    if (make.isPending) return;
    make.mutate(offer, {
      onSuccess: (offer) => onOffered(offer),
      onError: (failure) => {
        // The server names the sheet's fields under `terms.`, as the body holds them.
        let placed = 0;
        for (const [path, message] of Object.entries((isApiError(failure) && failure.fields) || {})) {
          const field = path.replace(/^terms\./, '');
          if (field === 'respondBy' || (TERMS_FIELD_PATHS as readonly string[]).includes(field)) {
            setError(field as 'respondBy', { type: 'server', message });
            placed += 1;
          }
        }
        if (placed === 0) toastError(failure);
      },
    });
  };

  const select = (label: string, name: Parameters<typeof register>[0], options: { value: string; label: string }[]) => (
    <SelectField
      label={label}
      options={options}
      placeholder={CHOOSE}
      registration={register(name)}
      error={errorAt(errors, name)}
    />
  );
  const number = (label: string, name: Parameters<typeof register>[0], hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      registration={register(name)}
      error={errorAt(errors, name)}
    />
  );

  return (
    <form
      className="form offer-form"
      aria-label={`Offer to ${teacherName}`}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <p className="field__hint">
        {hasNoSheet
          ? 'The ad has no pay and conditions sheet: state every term of the offer.'
          : 'Filled in from the ad’s pay and conditions: change what your offer changes. The teacher sees every difference from the ad.'}
      </p>
      <fieldset className="offer-form__group">
        <legend className="offer-form__legend">Salary</legend>
        <div className="offer-form__row">
          {number('Amount from', 'salary.min')}
          {number('Amount to (optional)', 'salary.max', 'For a range')}
          {select(
            'Currency',
            'salary.currency',
            currencyChoices(job.country).map((c) => ({ value: c, label: c })),
          )}
          {select('Paid per', 'salary.period', PERIODS)}
          {select('The amount is', 'salary.basis', choicesOf(PAY_BASES, TERMS_LABELS.basis))}
        </div>
      </fieldset>
      <fieldset className="offer-form__group">
        <legend className="offer-form__legend">Housing and flights</legend>
        <div className="offer-form__row">
          {select('Housing', 'housing', choicesOf(HOUSING_VALUES, TERMS_LABELS.housing))}
          {values.housing === 'allowance' &&
            number(
              currency ? `Monthly housing allowance, in ${currency}` : 'Monthly housing allowance',
              'housingAllowance',
            )}
          {select('Flights', 'flights', choicesOf(FLIGHTS_VALUES, TERMS_LABELS.flights))}
        </div>
      </fieldset>
      <fieldset className="offer-form__group">
        <legend className="offer-form__legend">Visa</legend>
        <div className="offer-form__row">
          {select('Does the school sponsor the work visa?', 'visa.sponsored', YES_NO)}
          {values.visa?.sponsored === 'yes' && (
            <>
              {select(
                'Work permit',
                'visa.permit',
                permits.map((p) => ({ value: p, label: p })),
              )}
              {select('Who pays for the visa?', 'visa.costsPaidBy', choicesOf(VISA_COSTS, TERMS_LABELS.costsPaidBy))}
            </>
          )}
        </div>
      </fieldset>
      <fieldset className="offer-form__group">
        <legend className="offer-form__legend">Hours and schedule</legend>
        <div className="offer-form__row">
          {number('Teaching hours a week', 'teachingHoursPerWeek', 'From 1 to 40')}
          {number('Hours on site a week (optional)', 'officeHoursPerWeek', 'At most 60')}
          {select('Split shift', 'splitShift', YES_NO)}
          {select('Saturdays', 'saturdays', choicesOf(SATURDAYS_VALUES, TERMS_LABELS.saturdays))}
        </div>
      </fieldset>
      <fieldset className="offer-form__group">
        <legend className="offer-form__legend">Time off and cover</legend>
        <div className="offer-form__row">
          {number('Paid vacation days a year', 'vacationDays', 'Public holidays aside, from 0 to 60')}
          {select(
            'Health insurance',
            'healthInsurance',
            choicesOf(HEALTH_INSURANCE_VALUES, TERMS_LABELS.healthInsurance),
          )}
          <SelectField
            label="Severance (optional)"
            options={SEVERANCE_VALUES.map((value) => ({ value, label: TERMS_LABELS.severance[value] }))}
            placeholder="Not stated"
            registration={register('severance')}
            error={errors.severance?.message}
          />
        </div>
      </fieldset>
      <TextField
        type="date"
        label="Answer by"
        hint="The teacher is asked to accept or decline by this date"
        min={today}
        registration={register('respondBy')}
        error={errors.respondBy?.message}
      />
      <div className="offer-form__actions">
        <button type="submit" className="button button--primary" aria-busy={make.isPending || undefined}>
          {make.isPending ? 'Sending…' : 'Send the offer'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The message of a dotted field's error, e.g. "salary.max". */
function errorAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}
