// Creating a school or editing one (BEYOND §8): every field of SchoolCreateSchema, checked by the same
// schema the server reads, the city chosen from the country's list and the about written in the
// rich-text editor the job description uses.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CITIES,
  COUNTRIES,
  SCHOOL_ABOUT_TEXT_MAX,
  SCHOOL_KINDS,
  SCHOOL_NAME_MAX,
  SchoolCreateSchema,
  type Country,
  type OwnSchool,
  type SchoolCreate,
  type SchoolCreateInput,
} from '@teacheast/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api-error';
import { showSubmitError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useCreateSchool, useUpdateSchool } from '../my-schools-api';

const FIELDS = ['name', 'kind', 'country', 'city', 'website', 'foundedYear', 'foreignTeachers', 'about'] as const;

/** "5,000", written out rather than with Intl, whose first use loads the locale data (lib/dates.ts). */
const ABOUT_MAX_TEXT = String(SCHOOL_ABOUT_TEXT_MAX).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A number box's text as the schema reads it: empty is "not given", anything else a number to check. */
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(String(value).trim());

function valuesOf(school: OwnSchool | undefined): SchoolCreateInput {
  // The form starts with empty choices, which the schema refuses as "Required" until one is made.
  if (!school) {
    return {
      name: '',
      kind: '',
      country: '',
      city: '',
      website: '',
      about: '',
      foundedYear: null,
      foreignTeachers: null,
    } as unknown as SchoolCreateInput;
  }
  return {
    name: school.name,
    kind: school.kind,
    country: school.country as Country,
    city: school.city,
    website: school.website ?? '',
    about: school.aboutHTML,
    foundedYear: school.foundedYear,
    foreignTeachers: school.foreignTeachers,
  };
}

interface SchoolFormProps {
  /** The school to edit; a new one is created without it. */
  school?: OwnSchool;
  onSaved: (school: OwnSchool) => void;
  onCancel: () => void;
}

export function SchoolForm({ school, onSaved, onCancel }: SchoolFormProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const create = useCreateSchool();
  const update = useUpdateSchool(school?.slug ?? '');
  const save = school ? update : create;
  /** A refusal that belongs to no field: the account's limit of schools. */
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<SchoolCreateInput, unknown, SchoolCreate>({
    resolver: zodResolver(SchoolCreateSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(school),
  });
  const country = (useWatch({ control, name: 'country' }) ?? '') as Country | '';
  const cities = country ? (CITIES[country] ?? []) : [];

  // The form opens where the button was: bring keyboard and screen reader users to it.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  const onSubmit = (values: SchoolCreate) => {
    if (save.isPending) return;
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(school ? 'School saved.' : 'School created.');
        onSaved(saved);
      },
      onError: (error) => {
        if (isApiError(error) && error.errorType === 'TOO_MANY_SCHOOLS') setFormError(error.message);
        else showSubmitError(error, setError, FIELDS);
      },
    });
  };

  const countryField = register('country', {
    onChange: () => setValue('city', '', { shouldValidate: false }),
  });

  return (
    <form
      className="form school-form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <h3 id={titleId} className="school-form__title" ref={titleRef} tabIndex={-1}>
        {school ? `Edit ${school.name}` : 'Create a school'}
      </h3>
      {formError && (
        <p className="school-form__error" role="alert">
          {formError}
        </p>
      )}
      <TextField
        label="School name"
        maxLength={SCHOOL_NAME_MAX}
        registration={register('name')}
        error={errors.name?.message}
        autoComplete="organization"
      />
      <SelectField
        label="Kind of school"
        options={SCHOOL_KINDS}
        placeholder="Choose a kind"
        registration={register('kind')}
        error={errors.kind?.message}
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
        label="Website (optional)"
        hint="Must include https://"
        type="url"
        registration={register('website')}
        error={errors.website?.message}
        autoComplete="url"
      />
      <TextField
        label="Year founded (optional)"
        inputMode="numeric"
        maxLength={4}
        registration={register('foundedYear', { setValueAs: optionalNumber })}
        error={errors.foundedYear?.message}
      />
      <TextField
        label="Foreign teachers (optional)"
        hint="How many foreign teachers work at the school now."
        inputMode="numeric"
        maxLength={3}
        registration={register('foreignTeachers', { setValueAs: optionalNumber })}
        error={errors.foreignTeachers?.message}
      />
      <Controller
        control={control}
        name="about"
        render={({ field }) => (
          <RichTextEditor
            label="About the school (optional)"
            placeholder={`What teachers should know: the school, its students, the team, the neighbourhood. At most ${ABOUT_MAX_TEXT} characters.`}
            value={field.value ?? ''}
            onChange={field.onChange}
          />
        )}
      />
      {errors.about?.message && (
        <p className="field__error" role="alert">
          {errors.about.message}
        </p>
      )}
      <div className="school-form__actions">
        <button type="submit" className="button button--primary" aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : school ? 'Save changes' : 'Create school'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
