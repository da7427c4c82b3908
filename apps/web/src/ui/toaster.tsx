// Shows the toasts of lib/toast.ts at the top of the page. Each message is its own live region:
// role=status (polite) for a success, role=alert (assertive) for an error.
import { TOAST_DURATION_MS } from '@teacheast/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToToasts, type Toast } from '../lib/toast';

function ToastCard({ toast }: { toast: Toast }) {
  // Closes by itself after TOAST_DURATION_MS (5 seconds). The clock stops while the pointer or the keyboard
  // is on the toast, so nobody loses a message they are reading or about to close (WCAG 2.2.1).
  const [isPaused, setIsPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [isPaused, toast.id]);

  return (
    <li
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsPaused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(toast.id);
      }}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === 'error' ? '!' : '✓'}
      </span>
      <p className="toast__message" role={toast.kind === 'error' ? 'alert' : 'status'} aria-atomic="true">
        {toast.message}
      </p>
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => dismissToast(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** Rendered once, beside the routes, so toasts survive navigation. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  if (toasts.length === 0) return null;
  return (
    <section className="toaster" aria-label="Notifications">
      <ol className="toaster__list">
        {toasts.map((t) => (
          <ToastCard key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
