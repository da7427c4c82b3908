// Asks before an action that cannot be undone from the console (removing a job, suspending an
// account). A failure stays in the dialog, where the focus is: the rest of the page, toasts included,
// is inert while it is open.
import type { ReactNode } from 'react';
import { ModalDialog } from '../../../ui/modal-dialog';
import { ActionButton } from './action-button';

interface ConfirmDialogProps {
  title: string;
  /** The confirming button's label, naming what it acts on ("Remove job: …"). */
  confirmLabel: string;
  isPending: boolean;
  /** The server's message when the action failed. */
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmDialog({
  title,
  confirmLabel,
  isPending,
  error,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      <div className="operator-dialog">
        {children}
        {error && (
          <p className="operator-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="operator-dialog__actions">
          <ActionButton kind="danger" isPending={isPending} onClick={onConfirm}>
            {confirmLabel}
          </ActionButton>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
