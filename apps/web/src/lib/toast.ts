// Toast messages: `toast.success(message)` and `toast.error(message)` from anywhere, shown by the
// one <Toaster /> of the app (ui/toaster.tsx), which closes each after TOAST_DURATION_MS.
// A reply carrying an error flag shows its message as an error toast; otherwise the
// server's message shows as a success toast.
import { isApiError } from './api-error';

type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Older toasts give way to newer ones beyond this many, so a burst never covers the page. */
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string): number {
  lastId += 1;
  publish([...toasts, { id: lastId, kind, message }].slice(-MAX_TOASTS));
  return lastId;
}

export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

/** For useSyncExternalStore in the Toaster. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};

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
