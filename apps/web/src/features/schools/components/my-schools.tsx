// The account's Schools tab (BEYOND §8): the account's schools, each with its page, its details, its
// logo and its registration check; and a new school. Jobs are posted under a school in the wizard.
import { SCHOOLS_PER_ACCOUNT, countryLabel, schoolKindLabel, type OwnSchool } from '@teacheast/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../ui/spinner';
import { useMySchools } from '../my-schools-api';
import { RegistrationCheckForm, RegistrationStatusText } from './registration-check';
import { SchoolForm } from './school-form';
import { SchoolLogoUpload } from './school-logo-upload';
import '../schools.css';

type Part = 'details' | 'logo' | 'registration';

const PART_BUTTONS: Record<Part, (school: OwnSchool) => string> = {
  details: () => 'Edit details',
  logo: (school) => (school.logo ? 'Change logo' : 'Add a logo'),
  registration: () => 'Registration check',
};

function MySchool({ school }: { school: OwnSchool }) {
  const [open, setOpen] = useState<Part | null>(null);
  const buttons = useRef<Partial<Record<Part, HTMLButtonElement | null>>>({});
  const parts: Part[] =
    school.registration?.status === 'approved' ? ['details', 'logo'] : ['details', 'logo', 'registration'];
  const close = (part: Part) => {
    setOpen(null);
    buttons.current[part]?.focus();
  };

  return (
    <li className="card my-school">
      <div className="my-school__summary">
        {school.logo && <img className="my-school__logo" src={school.logo} alt="" width={56} height={56} />}
        <div>
          <h3 className="my-school__name">
            <Link to={paths.school(school.slug)}>{school.name}</Link>
          </h3>
          <p className="my-school__meta">
            {schoolKindLabel(school.kind)} · {school.city}, {countryLabel(school.country)}
          </p>
          <RegistrationStatusText registration={school.registration} />
        </div>
      </div>
      <div className="card__actions">
        {parts.map((part) => (
          <button
            key={part}
            ref={(element) => {
              buttons.current[part] = element;
            }}
            type="button"
            className="button button--secondary"
            aria-expanded={open === part}
            onClick={() => setOpen(open === part ? null : part)}
          >
            {PART_BUTTONS[part](school)}
          </button>
        ))}
      </div>
      {open === 'details' && (
        <SchoolForm school={school} onSaved={() => close('details')} onCancel={() => close('details')} />
      )}
      {open === 'logo' && <SchoolLogoUpload school={school} />}
      {open === 'registration' && <RegistrationCheckForm school={school} />}
    </li>
  );
}

export function MySchools() {
  const schools = useMySchools();
  const [isCreating, setIsCreating] = useState(false);
  const createButton = useRef<HTMLButtonElement>(null);

  if (schools.isPending) return <Spinner label="Loading your schools" />;
  if (schools.isError) return <p role="alert">{schools.error.message}</p>;

  const count = schools.data.length;
  const isFull = count >= SCHOOLS_PER_ACCOUNT;
  const closeForm = () => {
    setIsCreating(false);
    createButton.current?.focus();
  };

  return (
    <div className="my-schools">
      <p>
        A school profile gives teachers a page about your school, with its jobs. Post a job under it from the first step
        of the job wizard.{' '}
        {count === 0
          ? 'You have no school yet.'
          : `You have ${count} ${count === 1 ? 'school' : 'schools'} (at most ${SCHOOLS_PER_ACCOUNT}).`}
      </p>
      {isFull ? (
        <p>You have {SCHOOLS_PER_ACCOUNT} schools, the most one account can have.</p>
      ) : (
        <button
          ref={createButton}
          type="button"
          className="button button--primary"
          aria-expanded={isCreating}
          onClick={() => setIsCreating(!isCreating)}
        >
          Create a school
        </button>
      )}
      {isCreating && (
        <div className="card my-schools__new">
          <SchoolForm onSaved={closeForm} onCancel={closeForm} />
        </div>
      )}
      {count > 0 && (
        <ul className="my-schools__list">
          {schools.data.map((school) => (
            <MySchool key={school.slug} school={school} />
          ))}
        </ul>
      )}
    </div>
  );
}
