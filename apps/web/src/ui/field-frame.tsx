// The frame every form field shares: a label, an optional hint, the control, and its error
// message, tied together by ids so the hint and the error are announced with the control.
import type { ReactNode } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}

export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** What the control inside the frame carries: its id, and invalid while it has an error. */
export function controlProps(id: string, hint?: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) };
}
