// A question answered by one of a few choices: a fieldset whose legend asks it, a radio per choice,
// and the hint and error tied to the group with aria-describedby, so both are read on entering it.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface RadioChoice {
  value: string;
  label: string;
}

interface RadioGroupFieldProps {
  legend: string;
  choices: readonly RadioChoice[];
  registration: UseFormRegisterReturn;
  hint?: string;
  error?: string;
}

export function RadioGroupField({ legend, choices, registration, hint, error }: RadioGroupFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`radio-group${error ? ' radio-group--invalid' : ''}`} aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className="radio-group__choices">
        {choices.map((choice) => (
          <label key={choice.value} className="radio-group__choice">
            <input type="radio" value={choice.value} aria-invalid={error ? true : undefined} {...registration} />{' '}
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
