// The applicants to one job, for its owner: the list on one side (each with its unread messages), the
// chosen application beside it (below it on a phone) with its cover letter, the resume, the way to its
// conversation (BEYOND §10) and the decisions. Opening one marks it viewed on the server.
import { EMPLOYER_DECISIONS, type Applicant, type EmployerDecision } from '@teacheast/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { longUtcDate } from '../../../lib/dates';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useApplication, useDecideApplication, useJobApplications } from '../api';
import { isOpen, STATUS_LABELS } from '../status-words';
import { UnreadBadge } from './unread-badge';
import '../applications.css';

const DECISION_LABELS: Record<EmployerDecision, string> = {
  shortlisted: 'Shortlist',
  offered: 'Offer',
  rejected: 'Reject',
};

/** An applicant's visa result for the job's permit, from the facts they gave (BEYOND §7). */
const ELIGIBILITY_WORDS: Record<NonNullable<Applicant['eligibility']>['status'], string> = {
  eligible: 'qualifies by the facts they gave',
  not_eligible: 'may not qualify',
  unknown: 'not known from the facts they gave',
};

function nameOf(applicant: Pick<Applicant, 'applicantName' | 'applicantEmail'>): string {
  return applicant.applicantName || applicant.applicantEmail;
}

function ApplicantDetail({ id }: { id: string }) {
  const applicant = useApplication(id);
  const decide = useDecideApplication();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const hasData = applicant.data !== undefined;

  // The chosen application takes the focus once it is here: on a phone it shows below the list.
  useEffect(() => {
    if (hasData) headingRef.current?.focus();
  }, [id, hasData]);

  if (applicant.isPending) return <Spinner label="Opening the application" />;
  if (applicant.isError) return <p role="alert">{applicant.error.message}</p>;
  const data = applicant.data;
  const name = nameOf(data);

  const onDecide = (status: EmployerDecision) => {
    if (decide.isPending || data.status === status) return;
    decide.mutate(
      { id: data.id, status },
      {
        onSuccess: (result) => {
          toast.success(`${name}: ${STATUS_LABELS[result.status]}.`);
          // The buttons are gone once the application is decided: the status says what happened.
          if (!isOpen(result.status)) statusRef.current?.focus();
        },
        onError: toastError,
      },
    );
  };

  return (
    <section className="applicant-detail card" aria-labelledby="applicant-detail-title">
      <h2 id="applicant-detail-title" ref={headingRef} tabIndex={-1} className="applicant-detail__title">
        {name}
      </h2>
      <p className="applicant-detail__meta">
        <a href={`mailto:${data.applicantEmail}`}>{data.applicantEmail}</a> · Applied {longUtcDate(data.createdAt)}
      </p>
      <p ref={statusRef} tabIndex={-1} className="applicant-detail__status" aria-live="polite">
        Status: <strong>{STATUS_LABELS[data.status]}</strong>
      </p>
      {data.eligibility && (
        <div className="applicant-detail__eligibility">
          <p>
            Visa ({data.eligibility.permit ?? 'no permit named'}): {ELIGIBILITY_WORDS[data.eligibility.status]}
          </p>
          {data.eligibility.reasons.length > 0 && (
            <ul>
              {data.eligibility.reasons.map((reason) => (
                <li key={reason.code}>{reason.text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {data.resumeUuid && (
        <p>
          <Link to={paths.resume(data.resumeUuid)} target="_blank" rel="noopener">
            Open resume <span className="visually-hidden">of {name} (opens in a new tab)</span>
          </Link>
        </p>
      )}
      <p>
        <Link to={paths.application(data.id)} className="conversation-link">
          Messages, interview and offer <span className="visually-hidden">with {name}</span>
          <UnreadBadge count={data.unread} />
        </Link>
      </p>
      <h3 className="applicant-detail__subtitle">Cover letter</h3>
      {data.coverLetter ? (
        <p className="applicant-detail__letter">{data.coverLetter}</p>
      ) : (
        <p className="applicant-detail__letter applicant-detail__letter--none">No cover letter.</p>
      )}
      {isOpen(data.status) && (
        <div className="applicant-detail__decisions" role="group" aria-label={`Decision on ${name}`}>
          {EMPLOYER_DECISIONS.map((decision) => (
            <button
              key={decision}
              type="button"
              className={`button ${decision === 'rejected' ? 'button--secondary' : 'button--primary'}`}
              aria-pressed={data.status === decision}
              aria-busy={(decide.isPending && decide.variables?.status === decision) || undefined}
              onClick={() => onDecide(decision)}
            >
              {DECISION_LABELS[decision]}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

export function ApplicantsView({ jobUuid }: { jobUuid: string }) {
  const applicants = useJobApplications(jobUuid);
  const [chosenId, setChosenId] = useState<string | null>(null);

  if (applicants.isPending) return <Spinner label="Loading the applicants" />;
  if (applicants.isError) {
    const isMissing = isApiError(applicants.error) && applicants.error.status === 404;
    return (
      <p role="alert">{isMissing ? 'Only the owner of this job can see its applicants.' : applicants.error.message}</p>
    );
  }
  if (applicants.data.length === 0) return <p>Nobody has applied to this job yet.</p>;

  return (
    <div className="applicants">
      <ul className="applicants__list" aria-label="Applicants">
        {applicants.data.map((applicant) => {
          const isChosen = applicant.id === chosenId;
          return (
            <li key={applicant.id}>
              <button
                type="button"
                className={`applicant${isChosen ? ' applicant--chosen' : ''}`}
                aria-pressed={isChosen}
                aria-controls="applicant-detail"
                onClick={() => setChosenId(applicant.id)}
              >
                <span className="applicant__name">{nameOf(applicant)}</span>
                <span className="applicant__email">{applicant.applicantEmail}</span>
                <span className="applicant__meta">
                  {STATUS_LABELS[applicant.status]} · Applied {longUtcDate(applicant.createdAt)}
                  <UnreadBadge count={applicant.unread} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div id="applicant-detail" className="applicants__detail">
        {chosenId ? (
          <ApplicantDetail key={chosenId} id={chosenId} />
        ) : (
          <p className="applicants__hint">Choose an applicant to read their cover letter and open their resume.</p>
        )}
      </div>
    </div>
  );
}
