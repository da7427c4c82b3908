// The account's Alerts tab: the member's job alerts, each with its search, how often it mails,
// whether it is on, and a Delete button.
import { JOB_ALERTS_MAX, type JobAlert } from '@teacheast/shared';
import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { longUtcDate } from '../../../lib/dates';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useDeleteJobAlert, useJobAlerts } from '../api';
import { describeSearch, FREQUENCY_LABELS, searchFiltersOf } from '../search-words';
import '../alerts.css';

function countText(count: number): string {
  if (count === 0) return 'You have no job alerts.';
  if (count >= JOB_ALERTS_MAX) {
    return `You have ${count} job alerts, the most you can have: delete one to make room for another.`;
  }
  return `You have ${count} job alert${count === 1 ? '' : 's'} (at most ${JOB_ALERTS_MAX}).`;
}

function searchLink(alert: JobAlert): string {
  return paths.jobs({
    country: alert.country,
    city: alert.city,
    ageGroup: alert.ageGroup,
    q: alert.q,
    ...searchFiltersOf(alert.filters),
  });
}

export function JobAlertList() {
  const alerts = useJobAlerts();
  const remove = useDeleteJobAlert();
  const countRef = useRef<HTMLParagraphElement>(null);

  if (alerts.isPending) return <Spinner label="Loading your job alerts" />;
  if (alerts.isError) return <p role="alert">{alerts.error.message}</p>;

  const onDelete = (id: string) => {
    if (remove.isPending) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success('Job alert deleted.');
        // Its button is gone: the count says what is left.
        countRef.current?.focus();
      },
      onError: toastError,
    });
  };

  return (
    <div className="job-alerts">
      <p ref={countRef} tabIndex={-1} className="job-alerts__count">
        {countText(alerts.data.length)}
      </p>
      {alerts.data.length === 0 ? (
        <p>
          Search for jobs and press “Email me jobs like these” to get new ones by e-mail.{' '}
          <Link to={paths.jobs()}>Search for jobs</Link>
        </p>
      ) : (
        <ul className="job-alerts__list" aria-label="Your job alerts">
          {alerts.data.map((alert) => {
            const words = describeSearch(alert);
            const isDeleting = remove.isPending && remove.variables === alert.id;
            return (
              <li key={alert.id} className="job-alert card">
                <Link className="job-alert__search" to={searchLink(alert)}>
                  {words}
                </Link>
                <p className="job-alert__meta">
                  {[
                    FREQUENCY_LABELS[alert.frequency],
                    alert.active ? 'Active' : 'Off: no e-mails are sent',
                    `Created ${longUtcDate(alert.createdAt)}`,
                  ].join(' · ')}
                </p>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-busy={isDeleting || undefined}
                  onClick={() => onDelete(alert.id)}
                  aria-label={`Delete alert: ${words}`}
                >
                  Delete alert
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
