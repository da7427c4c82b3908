// The Audit log tab: every operator action (and the admin command's), newest first: who, what, on
// what, when, and the note given.
import type { AuditEntry } from '@teacheast/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../ui/spinner';
import { useAuditLog } from '../api';
import { actionWords, subjectWords } from '../console-words';
import { PanelHeading } from './panel-heading';
import { When } from './when';

/** The subject of an entry; a job links to its posting (a removed one answers "Job not found"). */
function Subject({ entry }: { entry: AuditEntry }) {
  const text = `${subjectWords(entry.subjectKind)} ${entry.subjectId}`;
  return entry.subjectKind === 'job' ? <Link to={paths.posting(entry.subjectId)}>{text}</Link> : <>{text}</>;
}

export function AuditLog() {
  const entries = useAuditLog();
  const captionId = useId();

  return (
    <>
      <PanelHeading>Audit log</PanelHeading>
      {entries.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : entries.isError ? (
        <p role="alert">{entries.error.message}</p>
      ) : entries.data.length === 0 ? (
        <p>No operator has acted yet.</p>
      ) : (
        <div className="operator-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="operator-table">
            <caption id={captionId} className="operator-table__caption">
              <span className="operator-table__caption-text">
                Operator actions, newest first ({entries.data.length})
              </span>
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On what</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.map((entry) => (
                <tr key={entry.id}>
                  <td className="operator-table__date">
                    <When iso={entry.at} withTime />
                  </td>
                  <td className="operator-table__email">{entry.actor}</td>
                  <td>{actionWords(entry.action)}</td>
                  <td className="operator-table__id">
                    <Subject entry={entry} />
                  </td>
                  <td className="operator-table__note">{entry.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
