// SPEC §8: a reply carrying an error flag shows its message as an error toast; otherwise the
// server's message shows as a success toast. Duration is set once on the <Toaster>.
import { toast } from 'sonner';
import { isApiError } from './api-error';

export interface ResultBody {
  error?: boolean;
  message?: string;
}

export function toastResult(body: ResultBody): void {
  if (body.error) {
    toast.error(body.message || 'Something went wrong. Please try again.');
  } else if (body.message) {
    toast.success(body.message);
  }
}

/** For a thrown failure: the server's message when it sent one, a generic line otherwise. */
export function toastError(error: unknown): void {
  const message = isApiError(error) ? error.message : 'Something went wrong. Please try again.';
  toastResult({ error: true, message });
}
