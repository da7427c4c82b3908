// The Users tab: accounts found by the start of their e-mail address, and suspending one (after a
// confirmation: its sessions end and it can no longer log in).
import { OperatorUsersQuerySchema, type OperatorUser } from '@teacheast/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { controlProps, FieldFrame } from '../../../ui/field-frame';
import { Spinner } from '../../../ui/spinner';
import { useFoundUsers, useSuspendUser } from '../api';
import { ConfirmDialog } from './confirm-dialog';
import { NoteField, noteError } from './note-field';
import { PanelHeading } from './panel-heading';
import { When } from './when';

interface SuspendDialogProps {
  user: OperatorUser;
  onSuspended: () => void;
  onClose: () => void;
}

function SuspendDialog({ user, onSuspended, onClose }: SuspendDialogProps) {
  const [note, setNote] = useState('');
  const [noteMessage, setNoteMessage] = useState<string>();
  const suspend = useSuspendUser();
  const error = suspend.error;
  const errorOnNote = isApiError(error) ? error.fields?.note : undefined;

  const onConfirm = () => {
    const message = noteError(note);
    setNoteMessage(message);
    if (message) return;
    suspend.mutate(
      { uuid: user.uuid, note },
      {
        onSuccess: () => {
          toast.success(`${user.email} is suspended: logged out everywhere, and can no longer log in.`);
          onSuspended();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      title={`Suspend ${user.email}?`}
      confirmLabel={`Suspend account: ${user.email}`}
      isPending={suspend.isPending}
      error={error && !errorOnNote ? error.message : undefined}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        The account is logged out on every device, and logging in tells it the account is suspended. The console cannot
        undo this.
      </p>
      <NoteField
        value={note}
        onChange={(next) => {
          setNote(next);
          setNoteMessage(undefined);
          suspend.reset();
        }}
        error={noteMessage ?? errorOnNote}
      />
    </ConfirmDialog>
  );
}

interface FoundUsersProps {
  emailPrefix: string;
  /** The signed-in operator's address: an operator cannot suspend their own account. */
  operatorEmail: string;
}

function FoundUsers({ emailPrefix, operatorEmail }: FoundUsersProps) {
  const users = useFoundUsers(emailPrefix);
  const [suspending, setSuspending] = useState<OperatorUser | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const captionId = useId();

  if (users.isPending) return <Spinner label="Finding accounts" />;
  if (users.isError) return <p role="alert">{users.error.message}</p>;
  if (users.data.length === 0) return <p role="status">No account’s address starts with “{emailPrefix}”.</p>;

  return (
    <>
      {/* A wide table scrolls on its own on a phone; focusable so the keyboard can scroll it too. */}
      <div className="operator-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0} ref={resultsRef}>
        <table className="operator-table">
          <caption id={captionId} className="operator-table__caption">
            <span className="operator-table__caption-text">
              Accounts whose address starts with “{emailPrefix}” ({users.data.length})
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col">E-mail address</th>
              <th scope="col">Joined</th>
              <th scope="col">Address confirmed</th>
              <th scope="col">Role</th>
              <th scope="col">Jobs</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <tr key={user.uuid}>
                <th scope="row" className="operator-table__email">
                  {user.email}
                </th>
                <td className="operator-table__date">
                  <When iso={user.createdAt} />
                </td>
                <td>{user.confirmed ? 'Yes' : 'No'}</td>
                <td>{user.operator ? 'Operator' : 'Member'}</td>
                <td>{user.jobs}</td>
                <td>
                  {user.suspendedAt ? (
                    <>
                      Suspended <When iso={user.suspendedAt} />
                    </>
                  ) : (
                    'Active'
                  )}
                </td>
                <td>
                  {user.suspendedAt ? null : user.email === operatorEmail ? (
                    'You'
                  ) : (
                    <button
                      type="button"
                      className="button operator-button--danger"
                      onClick={() => setSuspending(user)}
                    >
                      Suspend account: {user.email}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {suspending && (
        <SuspendDialog
          user={suspending}
          onClose={() => setSuspending(null)}
          onSuspended={() => {
            // The row's button leaves once the account is suspended: the focus goes to the table.
            flushSync(() => setSuspending(null));
            resultsRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

const SEARCH_HINT = 'The whole address, or its first letters.';

export function UserSearch({ operatorEmail }: { operatorEmail: string }) {
  const [typed, setTyped] = useState('');
  const [fieldMessage, setFieldMessage] = useState<string>();
  const [emailPrefix, setEmailPrefix] = useState('');
  const fieldId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = OperatorUsersQuerySchema.safeParse({ email: typed });
    if (!checked.success) {
      setFieldMessage(checked.error.issues[0]?.message);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setFieldMessage(undefined);
    setEmailPrefix(checked.data.email);
  };

  return (
    <>
      <PanelHeading>Accounts</PanelHeading>
      <form className="operator-search" role="search" aria-label="Find accounts" onSubmit={onSubmit} noValidate>
        <FieldFrame id={fieldId} label="E-mail address starts with" hint={SEARCH_HINT} error={fieldMessage}>
          <input
            {...controlProps(fieldId, SEARCH_HINT, fieldMessage)}
            className="field__control"
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setFieldMessage(undefined);
            }}
          />
        </FieldFrame>
        <button type="submit" className="button button--primary">
          Find accounts
        </button>
      </form>
      {emailPrefix && <FoundUsers emailPrefix={emailPrefix} operatorEmail={operatorEmail} />}
    </>
  );
}
