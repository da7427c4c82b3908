import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** The cache entry of the logged-in user; the API client clears it on any 401. */
export const currentUserQueryKey = ['current-user'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change by asking again; network and 5xx failures may.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
