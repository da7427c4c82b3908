import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { controlProps, FieldFrame } from './field-frame';

type TextFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'id'>;

/** A labelled input wired to react-hook-form, with its error announced through aria-describedby. */
export function TextField({ label, registration, error, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input {...controlProps(id, hint, error)} className="field__control" {...inputProps} {...registration} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'onChange' | 'onBlur' | 'id'>;

export function TextAreaField({ label, registration, error, hint, ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        {...controlProps(id, hint, error)}
        className="field__control field__control--multiline"
        {...areaProps}
        {...registration}
      />
    </FieldFrame>
  );
}
