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
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { showSubmitError } from '../../../lib/form-errors';
import { TextField } from '../../../ui/text-field';
import { useSaveResumeDetails, type ResumeDetailsAnswer } from '../api';
import { FormSelect } from './select-field';
import { WizardNav } from './wizard-nav';

type DetailsInput = z.input<typeof ResumeDetailsSchema>;
const FIELDS = Object.keys(ResumeDetailsSchema.shape) as (keyof ResumeDetails)[];

export function ResumeDetailsForm({ userUuid, saved }: { userUuid: string; saved: ResumeDetailsAnswer }) {
  const navigate = useNavigate();
  const save = useSaveResumeDetails(userUuid);
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

  const onSubmit = (details: ResumeDetails) => {
    if (save.isPending) return;
    save.mutate(details, {
      onSuccess: () => navigate(paths.postResumeStep('profile-image', userUuid)),
      onError: (error) => showSubmitError(error, setError, FIELDS),
    });
  };

  return (
    <form className="form card" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Resume details">
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
        <FormSelect label="Nationality" options={NATIONALITIES} registration={register('nationality')} error={errors.nationality?.message} />
        <FormSelect label="Education" options={EDUCATION_LEVELS} registration={register('education')} error={errors.education?.message} />
        <FormSelect
          label="Years of experience"
          options={EXPERIENCE_LEVELS}
          registration={register('experience')}
          error={errors.experience?.message}
        />
        <FormSelect
          label="Desired country"
          options={DESIRED_COUNTRIES}
          registration={register('desiredCountry')}
          error={errors.desiredCountry?.message}
        />
        <FormSelect
          label="Desired start date"
          options={MONTHS}
          registration={register('desiredStartDate')}
          error={errors.desiredStartDate?.message}
        />
        <FormSelect
          label="Desired age group"
          options={AGE_GROUPS}
          registration={register('desiredAgeGroup')}
          error={errors.desiredAgeGroup?.message}
        />
      </div>
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
          aria-busy={save.isPending || undefined}
        >
          {save.isPending ? 'Saving…' : 'Next'}
        </button>
      </WizardNav>
    </form>
  );
}
