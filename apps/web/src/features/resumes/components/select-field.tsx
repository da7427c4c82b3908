import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FormSelectProps {
  label: string;
  options: readonly string[];
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A labelled native select wired to react-hook-form; the empty first option means "not chosen yet". */
export function FormSelect({ label, options, registration, error }: FormSelectProps) {
  const id = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  options: readonly string[];
  value: string;
  onChange(value: string): void;
}

/** A search filter: a native select plus a Clear button once something is chosen. */
export function FilterSelect({ label, options, value, onChange }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="field filter-select">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="filter-select__row">
        <select id={id} className="field__control" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Any</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {value && (
          <button
            type="button"
            className="filter-select__clear"
            aria-label={`Clear ${label}`}
            title={`Clear ${label}`}
            onClick={() => {
              onChange('');
              document.getElementById(id)?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>
  );
}
