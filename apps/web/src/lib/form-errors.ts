import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';
import { toastError } from './toast';

/**
 * Shows a failed submit: field messages from the server land on the fields the form has,
 * and the overall message goes to an error toast.
 */
export function showSubmitError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): void {
  if (isApiError(error) && error.fields) {
    for (const [field, message] of Object.entries(error.fields)) {
      if ((formFields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
      }
    }
  }
  toastError(error);
}
