// The Held jobs tab: the jobs under review after three reports, longest held first. Releasing one
// puts it back in search and dismisses its open reports; removing one goes through its report.
import { countryLabel, type OperatorJob } from '@teacheast/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useHeldJobs, useReleaseJob } from '../api';
import { ActionButton } from './action-button';
import { NoteField, noteError, showActionError } from './note-field';
import { PanelHeading } from './panel-heading';
import { When } from './when';

function HeldJob({ job, onDone }: { job: OperatorJob; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [noteMessage, setNoteMessage] = useState<string>();
  const release = useReleaseJob();
  const headingId = `held-job-${job.uuid}`;

  const onRelease = () => {
    const message = noteError(note);
    setNoteMessage(message);
    if (message) return;
    release.mutate(
      { uuid: job.uuid, note },
      {
        onSuccess: () => {
          toast.success(`“${job.title}” is released and back in search.`);
          onDone();
        },
        onError: (error) => showActionError(error, setNoteMessage),
      },
    );
  };

  return (
    <li>
      <article className="operator-item card" aria-labelledby={headingId}>
        <h3 id={headingId} className="operator-item__title">
          <Link to={paths.posting(job.uuid)}>{job.title}</Link>
        </h3>
        <p className="operator-item__meta">
          {job.companyName}, {job.city}, {countryLabel(job.country)}.
        </p>
        <dl className="operator-facts">
          <div>
            <dt>Held since</dt>
            <dd>{job.heldAt ? <When iso={job.heldAt} withTime /> : 'Not held'}</dd>
          </div>
          <div>
            <dt>Job owner</dt>
            <dd>{job.ownerEmail ?? 'No account'}</dd>
          </div>
        </dl>
        <NoteField
          value={note}
          onChange={(next) => {
            setNote(next);
            setNoteMessage(undefined);
          }}
          error={noteMessage}
        />
        <div className="operator-item__actions">
          <ActionButton kind="primary" isPending={release.isPending} onClick={onRelease}>
            Release job: {job.title}
          </ActionButton>
        </div>
      </article>
    </li>
  );
}

export function HeldJobs() {
  const jobs = useHeldJobs();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = jobs.data ? ` (${jobs.data.length})` : '';

  return (
    <>
      <PanelHeading ref={headingRef}>Jobs under review{count}</PanelHeading>
      <p className="operator-panel__lead">
        Held after reports from three teachers: out of search, alerts and feeds until released. Longest held first. To
        remove a held job, remove it from one of its reports in the Reports tab.
      </p>
      {jobs.isPending ? (
        <Spinner label="Loading the jobs under review" />
      ) : jobs.isError ? (
        <p role="alert">{jobs.error.message}</p>
      ) : jobs.data.length === 0 ? (
        <p>No job is under review.</p>
      ) : (
        <ul className="operator-list">
          {jobs.data.map((job) => (
            <HeldJob key={job.uuid} job={job} onDone={() => headingRef.current?.focus()} />
          ))}
        </ul>
      )}
    </>
  );
}
