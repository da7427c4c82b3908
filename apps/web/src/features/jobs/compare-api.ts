// Jobs side by side (BEYOND §6): the address of the compare page, the ids it reads from it, and the
// call for the jobs. Part of the first download (app/prerender.ts seeds the answer), so, like api.ts,
// no zod here: the answer is typed by the shared schema, which the server sends it through.
import { useQuery } from '@tanstack/react-query';
import { apiPathOf, type CompareAnswer } from '@teacheast/shared';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';

/** The compare page's heading and tab title, which the server's head of the page says too (app/page-heads.ts). */
export const COMPARE_PAGE_TITLE = 'Compare jobs';

export const compareKeys = {
  jobs: (ids: readonly string[]) => ['jobs', 'compare', ids] as const,
};

/**
 * /compare?ids=a,b: the compare page of these jobs, in this order. The commas stay as they are, so the
 * address reads as the API's query does.
 */
export function comparePath(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}

/** The id of the account page's saved jobs (saved-jobs.tsx), where the jobs to compare are chosen. */
export const SAVED_JOBS_ID = 'saved-jobs';

/** The account page at its saved jobs. */
export function savedJobsPath(): string {
  return `${paths.account()}#${SAVED_JOBS_ID}`;
}

/**
 * The ids of a compare page's query, in their order, blanks and repeats left out. How many there are
 * and whether each is an id is the API's to say (it answers 400), so the page shows its message.
 */
export function readCompareIds(search: URLSearchParams): string[] {
  const ids = (search.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)];
}

function compareJobs(ids: readonly string[], signal?: AbortSignal): Promise<CompareAnswer> {
  // The path the server's render of the same page finds its answer under (app/prerender.ts).
  return api.get<CompareAnswer>(apiPathOf({ kind: 'compare', ids: [...ids] }), { signal });
}

/** The jobs of `ids` with their contract sheets, and the ids no longer available; nothing without ids. */
export function useComparedJobs(ids: readonly string[]) {
  return useQuery({
    queryKey: compareKeys.jobs(ids),
    queryFn: ({ signal }) => compareJobs(ids, signal),
    enabled: ids.length > 0,
  });
}
