// Whose answers a page reads: a visitor's are kept in this browser; a member's in their account, with
// the browser's copy used until the account has answers of its own (answered before logging in).
import { useSyncExternalStore } from 'react';
import { useSessionUser } from '../../lib/session';
import { useSavedFacts, useSaveFacts } from './api';
import { readStoredFacts, storeFacts, subscribeToStoredFacts, type Facts } from './facts';

export interface TeacherFacts {
  /** The answers the results are read from; null before any, or while a member's are loading. */
  facts: Facts | null;
  /** Where a save keeps them, which the form says. */
  keptIn: 'browser' | 'account';
  /** A member's answers are still on their way. */
  isLoading: boolean;
  /** Keeps new answers (all empty forgets them); rejects with the API's error when the account refuses. */
  save: (facts: Facts) => Promise<void>;
}

/** The server's render has no browser storage: it shows the page as to someone who has not answered. */
const noStoredFacts = () => null;

export function useTeacherFacts(): TeacherFacts {
  const user = useSessionUser();
  const stored = useSyncExternalStore(subscribeToStoredFacts, readStoredFacts, noStoredFacts);
  const userUuid = user?.uuid ?? null;
  const saved = useSavedFacts(userUuid);
  const saveToAccount = useSaveFacts(userUuid);

  if (userUuid === null) {
    return {
      facts: stored,
      keptIn: 'browser',
      isLoading: false,
      save: (facts) => Promise.resolve(storeFacts(facts)),
    };
  }
  // `facts: null` is an account that never saved any (and one that could not be read is as good);
  // answers saved empty (cleared) stay empty.
  return {
    facts: saved.isPending ? null : (saved.data?.facts ?? stored),
    keptIn: 'account',
    isLoading: saved.isPending,
    save: async (facts) => {
      await saveToAccount.mutateAsync(facts);
    },
  };
}
