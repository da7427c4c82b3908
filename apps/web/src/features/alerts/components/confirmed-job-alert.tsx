// What the confirmation page says once an alert made without an account is on.
import type { JobAlert } from '@teacheast/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { describeSearch, FREQUENCY_WORDS, searchFiltersOf } from '../search-words';

export function ConfirmedJobAlert({ alert }: { alert: JobAlert }) {
  const { country, city, ageGroup, q } = alert;
  return (
    <>
      <p>New jobs like these will reach you {FREQUENCY_WORDS[alert.frequency]}:</p>
      <p>
        <Link to={paths.jobs({ country, city, ageGroup, q, ...searchFiltersOf(alert.filters) })}>
          {describeSearch(alert)}
        </Link>
      </p>
      <p>Every alert e-mail has a link to stop it.</p>
    </>
  );
}
