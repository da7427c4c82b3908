import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { controlProps, FieldFrame } from './field-frame';

/** An option shown as its own value, or a value with the label people read. */
export type SelectOption = string | { value: string; label: string };

interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  /** The text of a first, empty option ("not chosen yet"); leave it out when an option is already empty. */
  placeholder?: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/** A labelled native select wired to react-hook-form, with its error announced through aria-describedby. */
export function SelectField({ label, options, placeholder, registration, error }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select {...controlProps(id, undefined, error)} className="field__control" {...registration}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}
