// The account's Applications tab: the member's applications, newest first, each with its job, its
// status in words, the stages it went through, the way to its conversation with the school (BEYOND
// §10) with the messages not read yet, and Withdraw while it is open.
import { countryLabel, DEFAULT_JOB_TITLE, type MyApplication } from '@teacheast/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { longUtcDate } from '../../../lib/dates';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useMyApplications, useWithdrawApplication } from '../api';
import { isOpen, STATUS_LABELS } from '../status-words';
import { UnreadBadge } from './unread-badge';
import '../applications.css';

function jobName(application: MyApplication): string {
  return `${application.job.title || DEFAULT_JOB_TITLE} at ${application.job.companyName || 'an unnamed school'}`;
}

export function MyApplications() {
  const applications = useMyApplications();
  const withdraw = useWithdrawApplication();

  if (applications.isPending) return <Spinner label="Loading your applications" />;
  if (applications.isError) return <p role="alert">{applications.error.message}</p>;

  if (applications.data.length === 0) {
    return (
      <div className="my-applications">
        <p>You have not applied to any job yet. Publish your resume, then press Apply on a job posting.</p>
        <p>
          <Link to={paths.jobs()}>Search for jobs</Link>
        </p>
      </div>
    );
  }

  const onWithdraw = (application: MyApplication) => {
    if (withdraw.isPending) return;
    withdraw.mutate(application.id, {
      onSuccess: () => toast.success(`Application withdrawn: ${jobName(application)}.`),
      onError: toastError,
    });
  };

  return (
    <div className="my-applications">
      <ul className="my-applications__list" aria-label="Your applications">
        {applications.data.map((application) => {
          const { job } = application;
          const name = jobName(application);
          const isWithdrawing = withdraw.isPending && withdraw.variables === application.id;
          return (
            <li key={application.id} className="my-application card">
              <h3 className="my-application__title">
                <Link to={paths.posting(job.uuid)}>{name}</Link>
              </h3>
              <p className="my-application__place">
                {[job.city, countryLabel(job.country)].filter(Boolean).join(', ')}
              </p>
              <p className="my-application__status">
                Status: <strong>{STATUS_LABELS[application.status]}</strong>
              </p>
              <ol className="status-timeline" aria-label={`Stages of your application to ${name}`}>
                {application.history.map((stage) => (
                  <li key={`${stage.status}-${stage.at}`} className="status-timeline__stage">
                    <span className="status-timeline__label">{STATUS_LABELS[stage.status]}</span>{' '}
                    <time dateTime={stage.at}>{longUtcDate(stage.at)}</time>
                  </li>
                ))}
              </ol>
              <div className="my-application__actions">
                <Link to={paths.application(application.id)} className="button button--primary conversation-link">
                  Messages, interview and offer <span className="visually-hidden">for {name}</span>
                  <UnreadBadge count={application.unread} />
                </Link>
                {isOpen(application.status) && (
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-busy={isWithdrawing || undefined}
                    aria-label={`Withdraw your application to ${name}`}
                    onClick={() => onWithdraw(application)}
                  >
                    Withdraw
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
