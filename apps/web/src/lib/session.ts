// Who is logged in. Lives in lib/ because every feature and the route guards need it.
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, CurrentUserAnswer } from '@teacheast/shared';
import { api } from './api-client';
import { isApiError } from './api-error';
import { currentUserQueryKey, queryClient } from './query-client';
import { readToken, removeToken, storeToken } from './token-storage';

/** Queries that are the same for everybody survive a logout; everything else is dropped. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>([currentUserQueryKey[0], 'site-config']);

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!readToken()) return null;
  try {
    // Typed by the shared CurrentUserAnswerSchema, not checked: this call runs before the first page
    // shows, where zod does not fit (docs/decisions/005-lean-first-load.md).
    const { currentUser } = await api.get<CurrentUserAnswer>('/api/current_user');
    return currentUser;
  } catch (error) {
    // The API client has already dropped a rejected token; the visitor is simply anonymous.
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    // The user changes only through login, logout and 401s, which all write the cache directly.
    staleTime: Infinity,
  });
}

/**
 * The loaded user or null. Safe below the session gate in the app shell, which renders nothing
 * else until the first answer.
 */
export function useSessionUser(): CurrentUser | null {
  return useCurrentUser().data ?? null;
}

/** Answers fetched before, as a visitor (a posting names nobody's saves on its page), are asked for again. */
export function startSession(token: string, user: CurrentUser): void {
  storeToken(token);
  queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, user);
  void queryClient.invalidateQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
}

/** Forget the session in this browser and any data fetched on the user's behalf. */
export function endSession(): void {
  removeToken();
  queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
}
