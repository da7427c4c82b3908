import { useId } from 'react';

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
