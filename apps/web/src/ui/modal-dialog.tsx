// A modal dialog: the native <dialog> opened with showModal(), which makes the rest of the page
// inert. Tab cycles through the dialog's controls, Escape and the backdrop close it, and the focus
// goes back to the opener: the element named by returnFocusTo, or else whatever had the focus before.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './modal-dialog.css';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  /** Label of the × button in the corner. */
  closeLabel?: string;
  className?: string;
  /**
   * Where the focus goes when the dialog closes. Without it, whatever had the focus when it opened,
   * which is not the opener when a click did not focus it (Safari) or was replayed (app/early-input.ts).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Keys of the dialog's own (the carousel's arrows), after Escape and Tab, which the dialog keeps. */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), textarea:not(:disabled), select, [tabindex]';

export function ModalDialog({
  title,
  onClose,
  closeLabel = 'Close',
  className,
  returnFocusTo,
  onKeyDown: onOtherKey,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = returnFocusTo?.current ?? (document.activeElement as HTMLElement | null);
    if (!dialog.open) dialog.showModal();
    // The first field, or else the first control, takes the focus.
    const first = dialog.querySelector<HTMLElement>('textarea, input') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
    // A ref (from useRef) is the same object every render: the dialog opens once per mount.
  }, [returnFocusTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') {
      onOtherKey?.(event);
      return;
    }
    // The page is inert, but Tab would still wander into the browser's own toolbar.
    // Every element, then the focusable ones: document order, whatever the selector engine returns.
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('*') ?? [])].filter(
      (element) => element.matches(FOCUSABLE) && element.tabIndex >= 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="modal__frame">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
