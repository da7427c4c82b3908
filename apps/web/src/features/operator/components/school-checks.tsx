// The School checks tab: the schools' registration numbers waiting for an operator, oldest first.
// Approving one shows "Registration checked" with its date on the school's pages and job tiles.
import { countryLabel, type PendingVerification } from '@teacheast/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useDecideVerification, usePendingVerifications, type VerificationDecision } from '../api';
import { ActionButton } from './action-button';
import { NoteField, noteError, showActionError } from './note-field';
import { PanelHeading } from './panel-heading';
import { When } from './when';

function SchoolCheck({ check, onDone }: { check: PendingVerification; onDone: () => void }) {
  const { school } = check;
  const [note, setNote] = useState('');
  const [noteMessage, setNoteMessage] = useState<string>();
  const decide = useDecideVerification();
  const headingId = `school-check-${check.id}`;

  const send = (decision: VerificationDecision['decision']) => {
    const message = noteError(note);
    setNoteMessage(message);
    if (message || decide.isPending) return;
    decide.mutate(
      { id: check.id, decision, note },
      {
        onSuccess: () => {
          toast.success(
            decision === 'approve'
              ? `Registration of ${school.name} approved.`
              : `Registration of ${school.name} rejected.`,
          );
          onDone();
        },
        onError: (error) => showActionError(error, setNoteMessage),
      },
    );
  };
  const isDeciding = (decision: VerificationDecision['decision']) =>
    decide.isPending && decide.variables.decision === decision;

  return (
    <li>
      <article className="operator-item card" aria-labelledby={headingId}>
        <h3 id={headingId} className="operator-item__title">
          <Link to={paths.school(school.slug)}>{school.name}</Link>
        </h3>
        <p className="operator-item__meta">
          {school.city}, {countryLabel(school.country)}.
        </p>
        <dl className="operator-facts">
          <div>
            <dt>Registration number</dt>
            <dd className="operator-facts__code">{check.registrationNumber}</dd>
          </div>
          <div>
            <dt>Asked for</dt>
            <dd>
              <When iso={check.requestedAt} withTime />
            </dd>
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
          <ActionButton kind="primary" isPending={isDeciding('approve')} onClick={() => send('approve')}>
            Approve check: {school.name}
          </ActionButton>
          <ActionButton kind="secondary" isPending={isDeciding('reject')} onClick={() => send('reject')}>
            Reject check: {school.name}
          </ActionButton>
        </div>
      </article>
    </li>
  );
}

export function SchoolChecks() {
  const checks = usePendingVerifications();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const count = checks.data ? ` (${checks.data.length})` : '';

  return (
    <>
      <PanelHeading ref={headingRef}>Registration checks waiting{count}</PanelHeading>
      <p className="operator-panel__lead">
        Oldest first. The number passed the country’s own check digits; compare it with the country’s business register
        before approving.
      </p>
      {checks.isPending ? (
        <Spinner label="Loading the registration checks" />
      ) : checks.isError ? (
        <p role="alert">{checks.error.message}</p>
      ) : checks.data.length === 0 ? (
        <p>No registration check is waiting.</p>
      ) : (
        <ul className="operator-list">
          {checks.data.map((check) => (
            <SchoolCheck key={check.id} check={check} onDone={() => headingRef.current?.focus()} />
          ))}
        </ul>
      )}
    </>
  );
}
