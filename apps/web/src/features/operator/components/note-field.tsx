// The operator's note on an action, kept in the audit log: a labelled text field checked with the
// server's own rule (at most 1,000 characters of storable text), and how a failed action is shown.
import { OperatorNoteSchema } from '@teacheast/shared';
import { useId } from 'react';
import { isApiError } from '../../../lib/api-error';
import { toastError } from '../../../lib/toast';
import { controlProps, FieldFrame } from '../../../ui/field-frame';

const NOTE_LABEL = 'Note for the audit log (optional)';

interface NoteFieldProps {
  value: string;
  onChange: (note: string) => void;
  error?: string;
  label?: string;
}

export function NoteField({ value, onChange, error, label = NOTE_LABEL }: NoteFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        {...controlProps(id, undefined, error)}
        className="field__control operator-note"
        rows={2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

/** The note's error message, or undefined when the server would take it. */
export function noteError(note: string): string | undefined {
  const checked = OperatorNoteSchema.safeParse({ note });
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** A failed action: the server's word on the note lands on the field, its message in an error toast. */
export function showActionError(error: unknown, showNoteError: (message: string) => void): void {
  const onNote = isApiError(error) ? error.fields?.note : undefined;
  if (onNote) showNoteError(onNote);
  toastError(error);
}
