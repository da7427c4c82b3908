// The schools directory (BEYOND §8): a country and a city chosen in the address
// (/schools?country=japan&city=Tokyo), and the schools there, those with live jobs first.
import { CITIES, COUNTRIES, RECRUITER_LABEL, countryLabel, schoolKindLabel, type Country } from '@teacheast/shared';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../ui/spinner';
import { useSchoolDirectory, type DirectoryQuery } from '../api';
import { directoryPlace, readDirectoryQuery } from '../directory-query';
import { liveJobsText } from '../school-words';
import { RegistrationChecked } from './registration-checked';
import '../schools.css';

/** "12 schools in Japan"; "Schools in Japan" while they load. */
function summaryOf(count: number | null, query: DirectoryQuery): string {
  const place = directoryPlace(query);
  const where = place ? ` in ${place}` : '';
  if (count === null) return `Schools${where}`;
  return `${count} ${count === 1 ? 'school' : 'schools'}${where}`;
}

export function SchoolDirectory() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = readDirectoryQuery(search);
  const { country, city } = query;
  const schools = useSchoolDirectory(query);
  const ids = { country: useId(), city: useId() };
  const cities = country ? CITIES[country] : [];

  // Each arrow key on a select is a change: the address follows it without a history entry per step.
  const choose = (next: DirectoryQuery) => void navigate(paths.schools(next), { replace: true });

  return (
    <div className="school-directory">
      <form
        role="search"
        aria-label="Find schools"
        className="school-directory__filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor={ids.country}>
            Country
          </label>
          <select
            id={ids.country}
            className="field__control"
            value={country ?? ''}
            onChange={(event) => choose({ country: (event.target.value || undefined) as Country | undefined })}
          >
            <option value="">All countries</option>
            {COUNTRIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.city}>
            City
          </label>
          <select
            id={ids.city}
            className="field__control"
            value={city ?? ''}
            disabled={!country}
            onChange={(event) => choose({ country, city: event.target.value || undefined })}
          >
            <option value="">{country ? 'All cities' : 'Choose a country first'}</option>
            {cities.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </form>

      <section className="school-directory__results" aria-labelledby="school-directory-summary">
        <h2 id="school-directory-summary" className="school-directory__summary" aria-live="polite">
          {summaryOf(schools.isSuccess ? schools.data.length : null, query)}
        </h2>
        {schools.isPending && <Spinner label="Loading schools" />}
        {schools.isError && <p role="alert">{schools.error.message}</p>}
        {schools.isSuccess && schools.data.length === 0 && (
          <p>No school has a profile here yet. Try another city or country.</p>
        )}
        {schools.isSuccess && schools.data.length > 0 && (
          <ul className="school-list">
            {schools.data.map((school) => (
              <li key={school.slug} className="school-card">
                {school.logo ? (
                  <img className="school-card__logo" src={school.logo} alt="" width={64} height={64} loading="lazy" />
                ) : (
                  <span className="school-card__logo school-card__logo--none" aria-hidden="true">
                    {school.name.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <div className="school-card__body">
                  <h3 className="school-card__name">
                    <Link to={paths.school(school.slug)}>{school.name}</Link>
                  </h3>
                  <p className="school-card__meta">
                    {school.kind === 'recruiter' ? (
                      <span className="recruiter-label">{RECRUITER_LABEL}</span>
                    ) : (
                      schoolKindLabel(school.kind)
                    )}{' '}
                    · {school.city}, {countryLabel(school.country)}
                  </p>
                  <p className="school-card__meta">
                    {liveJobsText(school.liveJobs)}
                    {school.verified && (
                      <>
                        {' '}
                        <RegistrationChecked />
                      </>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
