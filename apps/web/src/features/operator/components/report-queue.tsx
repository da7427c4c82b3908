// The Reports tab: the open reports, oldest first, each with its job, and the two ways to close it:
// dismiss it, or remove the job (after a confirmation: removal mails the job's owner, applicants and
// savers, and closes every open report of the job).
import { countryLabel, reportReasonLabel, type OperatorReport } from '@teacheast/shared';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useOpenReports, useResolveReport } from '../api';
import { JOB_STATE_WORDS } from '../console-words';
import { ActionButton } from './action-button';
import { ConfirmDialog } from './confirm-dialog';
import { NoteField, noteError, showActionError } from './note-field';
import { PanelHeading } from './panel-heading';
import { When } from './when';

function ReportItem({ report, onDone }: { report: OperatorReport; onDone: () => void }) {
  const { job } = report;
  const [note, setNote] = useState('');
  const [noteMessage, setNoteMessage] = useState<string>();
  const [isConfirming, setIsConfirming] = useState(false);
  const resolve = useResolveReport();
  const headingId = `report-${report.id}`;
  const othersOpen = report.openReportsOfJob - 1;

  const changeNote = (next: string) => {
    setNote(next);
    setNoteMessage(undefined);
  };
  /** The note as the server would take it; otherwise its error shows on the field. */
  const isNoteValid = () => {
    const message = noteError(note);
    setNoteMessage(message);
    return message === undefined;
  };

  const dismiss = () => {
    if (!isNoteValid()) return;
    resolve.mutate(
      { id: report.id, action: 'dismiss', note },
      {
        onSuccess: () => {
          toast.success(`Report on “${job.title}” dismissed.`);
          onDone();
        },
        onError: (error) => showActionError(error, setNoteMessage),
      },
    );
  };

  const askToRemove = () => {
    if (!isNoteValid()) return;
    resolve.reset();
    setIsConfirming(true);
  };

  const remove = () => {
    resolve.mutate(
      { id: report.id, action: 'remove', note },
      {
        onSuccess: () => {
          // The dialog gives the focus back to the button that opened it; that button leaves with the
          // report, so the focus goes on to the list's heading once the dialog has closed.
          flushSync(() => setIsConfirming(false));
          toast.success(`“${job.title}” is removed. Its owner, applicants and savers are told by e-mail.`);
          onDone();
        },
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
          {job.companyName}, {job.city}, {countryLabel(job.country)}. {JOB_STATE_WORDS[job.state]}
          {job.heldAt && (
            <>
              {' '}
              since <When iso={job.heldAt} />
            </>
          )}
          .
        </p>
        <dl className="operator-facts">
          <div>
            <dt>Reason</dt>
            <dd>{reportReasonLabel(report.reason)}</dd>
          </div>
          <div>
            <dt>Reported</dt>
            <dd>
              <When iso={report.createdAt} withTime />
            </dd>
          </div>
          <div>
            <dt>By</dt>
            <dd>{report.reporterEmail ?? 'Someone without an account'}</dd>
          </div>
          <div>
            <dt>Job owner</dt>
            <dd>{job.ownerEmail ?? 'No account'}</dd>
          </div>
          <div>
            <dt>Open reports of this job</dt>
            <dd>{report.openReportsOfJob}</dd>
          </div>
          <div className="operator-facts__wide">
            <dt>What the reporter says</dt>
            <dd className="operator-facts__text">{report.details}</dd>
          </div>
        </dl>
        <NoteField value={note} onChange={changeNote} error={noteMessage} />
        <div className="operator-item__actions">
          <ActionButton
            kind="secondary"
            isPending={resolve.isPending && resolve.variables.action === 'dismiss'}
            onClick={dismiss}
          >
            Dismiss report on {job.title}
          </ActionButton>
          {job.state !== 'removed' && (
            <ActionButton kind="danger" isPending={false} onClick={askToRemove}>
              Remove job: {job.title}
            </ActionButton>
          )}
        </div>
      </article>
      {isConfirming && (
        <ConfirmDialog
          title={`Remove “${job.title}”?`}
          confirmLabel={`Remove job: ${job.title}`}
          isPending={resolve.isPending}
          error={resolve.error?.message}
          onConfirm={remove}
          onClose={() => setIsConfirming(false)}
        >
          <p>
            The job by {job.companyName} is taken down for good: it cannot be published or relisted again. Its owner,
            its applicants and the teachers who saved it get an e-mail.
          </p>
          <p>
            {othersOpen > 0
              ? `This report and the ${othersOpen} other open report${othersOpen === 1 ? '' : 's'} of the job are closed.`
              : 'This report is closed.'}
          </p>
          <p>{note.trim() ? `Your note: ${note.trim()}` : 'No note for the audit log.'}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

export function ReportQueue() {
  const reports = useOpenReports();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = reports.data ? ` (${reports.data.length})` : '';

  return (
    <>
      <PanelHeading ref={headingRef}>Open reports{count}</PanelHeading>
      <p className="operator-panel__lead">
        Oldest first. Dismissing closes one report; removing the job closes all of its open reports.
      </p>
      {reports.isPending ? (
        <Spinner label="Loading the open reports" />
      ) : reports.isError ? (
        <p role="alert">{reports.error.message}</p>
      ) : reports.data.length === 0 ? (
        <p>No open reports.</p>
      ) : (
        <ul className="operator-list">
          {reports.data.map((report) => (
            <ReportItem key={report.id} report={report} onDone={() => headingRef.current?.focus()} />
          ))}
        </ul>
      )}
    </>
  );
}
