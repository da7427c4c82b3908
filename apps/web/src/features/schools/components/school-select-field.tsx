// The job wizard's "School" (BEYOND §8): the account's schools to post a job under, or none. Choosing
// one hands it to the form, which fills the company name, country and city from it.
import type { OwnSchool } from '@teacheast/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { SelectField, type SelectOption } from '../../../ui/select-field';
import { useMySchools } from '../my-schools-api';
import '../schools.css';

interface SchoolSelectFieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
  /** The school saved with the job, kept as a choice even when the list cannot be read. */
  savedSlug: string | null;
  /** The school chosen, or null for "No school". */
  onChoose: (school: OwnSchool | null) => void;
}

export function SchoolSelectField({ registration, error, savedSlug, onChoose }: SchoolSelectFieldProps) {
  const schools = useMySchools();
  // The select shows its saved choice only if that option is there when it mounts: it waits for the list.
  if (schools.isPending) return <p className="school-select__loading">Loading your schools…</p>;

  const list = schools.data ?? [];
  const options: SelectOption[] = [
    { value: '', label: 'No school' },
    ...list.map((school) => ({ value: school.slug, label: `${school.name}, ${school.city}` })),
  ];
  if (savedSlug && !list.some((school) => school.slug === savedSlug)) {
    options.push({ value: savedSlug, label: savedSlug });
  }

  return (
    <div className="school-select">
      <SelectField
        label="School"
        options={options}
        registration={{
          ...registration,
          onChange: async (event: { target: { value: string } }) => {
            await registration.onChange(event);
            onChoose(list.find((school) => school.slug === event.target.value) ?? null);
          },
        }}
        error={error}
      />
      {schools.isError && (
        <p className="field__error" role="alert">
          Your schools could not be loaded: {schools.error.message}
        </p>
      )}
      <p className="school-select__hint">
        {list.length === 0
          ? 'Post the job under a school profile, with a page of its own that lists its jobs. '
          : 'The job is listed on the school’s page. '}
        <Link to={paths.account('schools')}>Create a school</Link>
      </p>
    </div>
  );
}
