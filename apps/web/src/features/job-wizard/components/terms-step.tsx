// Step 2, Pay and Conditions: the job's contract sheet (BEYOND §6). It is optional: the school may skip
// it and come back; a job without one publishes as before. A new sheet starts from the pay notes
// where they read as a salary. Checked as the school goes with the server's own rules (terms-form.ts).
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
} from '@teacheast/shared';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useSaveJobTerms, type JobDetailsView } from '../api';
import {
  currencyChoices,
  emptyFormValues,
  formValuesOf,
  isSameSheet,
  prefillFromPay,
  TERMS_FIELD_PATHS,
  termsResolver,
  type TermsFormValues,
} from '../terms-form';
import { RadioGroupField, type RadioChoice } from './radio-group-field';
import { WizardNav } from './wizard-nav';

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A choice per value, read as the shared labels say it. */
function choicesOf<V extends string>(values: readonly V[], labels: Record<V, string>): RadioChoice[] {
  return values.map((value) => ({ value, label: capitalised(labels[value]) }));
}

const PERIOD_CHOICES: RadioChoice[] = [
  { value: 'hour', label: 'Hour' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
];
const YES_NO: RadioChoice[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** The options of a select, with the saved value kept when it is no longer one of them (the country changed). */
function withSaved(options: readonly string[], saved: string): string[] {
  return saved && !options.includes(saved) ? [...options, saved] : [...options];
}

const TERMS_SAVED = 'Pay and conditions saved.';

interface TermsStepProps {
  job: JobDetailsView;
  /** The sheet as the server holds it, or null before the first save. */
  saved: JobTerms | null;
  userUuid: string;
  readOnly: boolean;
}

export function TermsStep({ job, saved, userUuid, readOnly }: TermsStepProps) {
  if (!job.country) {
    return (
      <>
        <p className="notice" role="status">
          The pay is stated in the currency of the job&apos;s country. Choose the country in{' '}
          <Link to={paths.jobWizard('details', job.uuid)}>Job Criteria</Link> first, or skip this step for now.
        </p>
        <WizardNav uuid={job.uuid} step="terms" canSkip />
      </>
    );
  }
  return <TermsForm job={job} saved={saved} userUuid={userUuid} readOnly={readOnly} />;
}

function TermsForm({ job, saved, userUuid, readOnly }: TermsStepProps) {
  const save = useSaveJobTerms(job.uuid, userUuid);
  const prefill = useMemo(() => (saved ? null : prefillFromPay(job.pay, job.country)), [saved, job.pay, job.country]);
  const resolver = useMemo(
    () => termsResolver({ country: job.country, duration: job.duration }),
    [job.country, job.duration],
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<TermsFormValues, unknown, JobTerms>({
    resolver,
    mode: 'onTouched',
    defaultValues: saved ? formValuesOf(saved) : (prefill ?? emptyFormValues(job.country)),
  });
  const values = useWatch({ control }) as TermsFormValues;
  const isSaved = isSameSheet(values, saved);
  const currency = values.salary.currency;
  const currencies = withSaved(currencyChoices(job.country), saved?.salary.currency ?? '');
  const permits = withSaved(COUNTRY_PERMITS[job.country as Country] ?? [], saved?.visa.permit ?? '');

  /** Saves the sheet; a refusal puts the server's messages on their inputs. Resolves to whether it saved. */
  const saveSheet = async (terms: JobTerms): Promise<boolean> => {
    try {
      await save.mutateAsync(terms);
      toast.success(TERMS_SAVED);
      return true;
    } catch (error) {
      showSubmitError(error, setError, TERMS_FIELD_PATHS);
      return false;
    }
  };

  const onSubmit = (terms: JobTerms) => {
    if (save.isPending) return;
    void saveSheet(terms);
  };

  // Next keeps what was typed: it saves a changed sheet first, and stays when the sheet is refused.
  const saveBeforeNext = async (): Promise<boolean> => {
    if (isSaved) return true;
    let isDone = false;
    await handleSubmit(async (terms) => {
      isDone = await saveSheet(terms);
    })();
    return isDone;
  };

  return (
    <form
      className="form terms-step"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label="Pay and conditions"
    >
      {!readOnly && (
        <p className="wizard__hint">
          Teachers filter and compare jobs by these answers. The sheet is optional: you may skip this step and fill it
          in later, before or after you publish.
        </p>
      )}
      {prefill && !readOnly && (
        <p className="notice terms-step__prefill" role="status">
          The salary is filled in from your pay notes, “{job.pay}”. Check it before you save.
        </p>
      )}
      <fieldset className="terms-step__fields" disabled={readOnly}>
        <legend className="visually-hidden">Pay and conditions</legend>

        <fieldset className="terms-step__group">
          <legend className="terms-step__legend">Salary</legend>
          <div className="terms-step__amounts">
            <TextField
              label="Amount from"
              inputMode="numeric"
              autoComplete="off"
              registration={register('salary.min')}
              error={errors.salary?.min?.message}
            />
            <TextField
              label="Amount to (optional)"
              hint="For a range"
              inputMode="numeric"
              autoComplete="off"
              registration={register('salary.max')}
              error={errors.salary?.max?.message}
            />
            <SelectField
              label="Currency"
              options={currencies}
              registration={register('salary.currency')}
              error={errors.salary?.currency?.message}
            />
          </div>
          <RadioGroupField
            legend="Paid per"
            choices={PERIOD_CHOICES}
            registration={register('salary.period')}
            error={errors.salary?.period?.message}
          />
          <RadioGroupField
            legend="The amount is"
            choices={choicesOf(PAY_BASES, TERMS_LABELS.basis)}
            registration={register('salary.basis')}
            error={errors.salary?.basis?.message}
          />
        </fieldset>

        <fieldset className="terms-step__group">
          <legend className="terms-step__legend">Hours and schedule</legend>
          <div className="terms-step__pair">
            <TextField
              label="Teaching hours a week"
              hint="From 1 to 40"
              inputMode="numeric"
              autoComplete="off"
              registration={register('teachingHoursPerWeek')}
              error={errors.teachingHoursPerWeek?.message}
            />
            <TextField
              label="Hours on site a week (optional)"
              hint="Teaching and office hours together, at most 60"
              inputMode="numeric"
              autoComplete="off"
              registration={register('officeHoursPerWeek')}
              error={errors.officeHoursPerWeek?.message}
            />
          </div>
          <RadioGroupField
            legend="Split shift"
            hint="The day's hours in two blocks with a long unpaid break between"
            choices={YES_NO}
            registration={register('splitShift')}
            error={errors.splitShift?.message}
          />
          <RadioGroupField
            legend="Saturdays"
            choices={choicesOf(SATURDAYS_VALUES, TERMS_LABELS.saturdays)}
            registration={register('saturdays')}
            error={errors.saturdays?.message}
          />
        </fieldset>

        <fieldset className="terms-step__group">
          <legend className="terms-step__legend">Housing and flights</legend>
          <RadioGroupField
            legend="Housing"
            choices={choicesOf(HOUSING_VALUES, TERMS_LABELS.housing)}
            registration={register('housing')}
            error={errors.housing?.message}
          />
          {values.housing === 'allowance' && (
            <TextField
              label={currency ? `Monthly housing allowance, in ${currency}` : 'Monthly housing allowance'}
              hint="In the salary's currency"
              inputMode="numeric"
              autoComplete="off"
              registration={register('housingAllowance')}
              error={errors.housingAllowance?.message}
            />
          )}
          <RadioGroupField
            legend="Flights"
            choices={choicesOf(FLIGHTS_VALUES, TERMS_LABELS.flights)}
            registration={register('flights')}
            error={errors.flights?.message}
          />
        </fieldset>

        <fieldset className="terms-step__group">
          <legend className="terms-step__legend">Visa</legend>
          <RadioGroupField
            legend="Does the school sponsor the work visa?"
            choices={YES_NO}
            registration={register('visa.sponsored')}
            error={errors.visa?.sponsored?.message}
          />
          {values.visa.sponsored === 'yes' && (
            <>
              <SelectField
                label="Work permit"
                options={permits}
                placeholder="Choose the work permit"
                registration={register('visa.permit')}
                error={errors.visa?.permit?.message}
              />
              <RadioGroupField
                legend="Who pays for the visa?"
                choices={choicesOf(VISA_COSTS, TERMS_LABELS.costsPaidBy)}
                registration={register('visa.costsPaidBy')}
                error={errors.visa?.costsPaidBy?.message}
              />
            </>
          )}
        </fieldset>

        <fieldset className="terms-step__group">
          <legend className="terms-step__legend">Time off and cover</legend>
          <TextField
            label="Paid vacation days a year"
            hint="Public holidays aside, from 0 to 60"
            inputMode="numeric"
            autoComplete="off"
            registration={register('vacationDays')}
            error={errors.vacationDays?.message}
          />
          <RadioGroupField
            legend="Health insurance"
            choices={choicesOf(HEALTH_INSURANCE_VALUES, TERMS_LABELS.healthInsurance)}
            registration={register('healthInsurance')}
            error={errors.healthInsurance?.message}
          />
          <SelectField
            label="Severance (optional)"
            options={SEVERANCE_VALUES.map((value) => ({ value, label: TERMS_LABELS.severance[value] }))}
            placeholder="Not stated"
            registration={register('severance')}
            error={errors.severance?.message}
          />
        </fieldset>
      </fieldset>
      {!readOnly && (
        <div className="wizard__save">
          <button type="submit" className="button button--secondary" aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <p className="wizard__hint" aria-live="polite">
            {isSaved ? 'Saved.' : 'Save the sheet, or skip this step and fill it in later.'}
          </p>
        </div>
      )}
      <WizardNav
        uuid={job.uuid}
        step="terms"
        beforeNext={readOnly ? undefined : saveBeforeNext}
        nextLabel={isSaved || readOnly ? 'Next' : 'Save and continue'}
        canSkip={!isSaved && !readOnly}
      />
    </form>
  );
}
