import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGE_GROUPS,
  DESIRED_COUNTRIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  MONTHS,
  NATIONALITIES,
  ResumeDetailsSchema,
  type ResumeDetails,
} from '@teacheast/shared';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { toastError } from '../../../lib/toast';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useSaveResumeDetails, type ResumeDetailsAnswer } from '../api';
import { WizardNav } from './wizard-nav';

type DetailsInput = z.input<typeof ResumeDetailsSchema>;
const FIELDS = Object.keys(ResumeDetailsSchema.shape) as (keyof ResumeDetails)[];

/** The chosen answers, in the order the form asks them. */
const SELECTS: { field: Exclude<keyof ResumeDetails, 'name' | 'email'>; label: string; options: readonly string[] }[] =
  [
    { field: 'nationality', label: 'Nationality', options: NATIONALITIES },
    { field: 'education', label: 'Education', options: EDUCATION_LEVELS },
    { field: 'experience', label: 'Years of experience', options: EXPERIENCE_LEVELS },
    { field: 'desiredCountry', label: 'Desired country', options: DESIRED_COUNTRIES },
    { field: 'desiredStartDate', label: 'Desired start date', options: MONTHS },
    { field: 'desiredAgeGroup', label: 'Desired age group', options: AGE_GROUPS },
  ];

interface ResumeDetailsFormProps {
  userUuid: string;
  saved: ResumeDetailsAnswer;
  /**
   * An optional part of the step that another feature asks (the visa questions of BEYOND §7), shown
   * after the details and saved by Next with them.
   */
  optionalPart?: ReactNode;
  /** Saves the optional part once the details are saved; false keeps the teacher on the step. */
  saveOptionalPart?: () => Promise<boolean>;
}

export function ResumeDetailsForm({ userUuid, saved, optionalPart, saveOptionalPart }: ResumeDetailsFormProps) {
  const navigate = useNavigate();
  const save = useSaveResumeDetails(userUuid);
  const [isSavingPart, setIsSavingPart] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<DetailsInput, unknown, ResumeDetails>({
    resolver: zodResolver(ResumeDetailsSchema),
    mode: 'onTouched',
    // Saved values are the schema's values, or '' (the select's "Choose…") before the first save.
    defaultValues: saved as Partial<DetailsInput>,
  });
  const values = useWatch({ control });
  const isComplete = FIELDS.every((field) => String(values[field] ?? '').trim() !== '');

  const isSaving = save.isPending || isSavingPart;

  const onSubmit = (details: ResumeDetails) => {
    if (isSaving) return;
    const goOn = () => navigate(paths.postResumeStep('profile-image', userUuid));
    save.mutate(details, {
      onSuccess: () => {
        if (!saveOptionalPart) return goOn();
        // The part shows its own messages when it refuses; the step then stays.
        setIsSavingPart(true);
        void saveOptionalPart()
          .then((isPartSaved) => isPartSaved && goOn())
          .catch(toastError)
          .finally(() => setIsSavingPart(false));
      },
      onError: (error) => showSubmitError(error, setError, FIELDS),
    });
  };

  return (
    <form
      className="form card"
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label="Resume details"
    >
      <TextField label="Name" autoComplete="name" registration={register('name')} error={errors.name?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="Schools with a Resume Board subscription see this address."
        registration={register('email')}
        error={errors.email?.message}
      />
      <div className="form__grid">
        {SELECTS.map(({ field, label, options }) => (
          <SelectField
            key={field}
            label={label}
            options={options}
            placeholder="Choose…"
            registration={register(field)}
            error={errors[field]?.message}
          />
        ))}
      </div>
      {optionalPart}
      {!isComplete && (
        <p className="field__hint" id="details-next-hint">
          Fill in every field to continue.
        </p>
      )}
      <WizardNav>
        <button
          type="submit"
          className="button button--primary"
          disabled={!isComplete}
          aria-describedby={!isComplete ? 'details-next-hint' : undefined}
          aria-busy={isSaving || undefined}
        >
          {isSaving ? 'Saving…' : 'Next'}
        </button>
      </WizardNav>
    </form>
  );
}
