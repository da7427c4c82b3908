import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/session';
import { FullPageSpinner } from '../ui/spinner';

/**
 * The whole application shows a spinner until the current user has been loaded, so
 * route guards and the navigation never flash the wrong state.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const currentUser = useCurrentUser();

  if (currentUser.isPending) return <FullPageSpinner label="Loading TeachEast" />;

  if (currentUser.isError) {
    return (
      <main className="error-page" id="main-content">
        <h1>TeachEast is not reachable</h1>
        <p>We could not load your session. Check your connection and try again.</p>
        <p className="error-page__actions">
          <button type="button" className="button button--primary" onClick={() => void currentUser.refetch()}>
            Try again
          </button>
        </p>
      </main>
    );
  }

  return children;
}
