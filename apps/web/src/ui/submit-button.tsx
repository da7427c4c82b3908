import type { ReactNode } from 'react';

/** The primary action of a form; stays focusable while busy so screen readers keep their place. */
export function SubmitButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      onClick={(event) => {
        if (isPending) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
