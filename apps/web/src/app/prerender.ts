// The pages people land on from outside (home, a job search, a posting, jobs compared, a school) arrive as
// finished HTML: the server renders them with the API answers they show first, puts those answers
// beside the HTML, and the browser fills its query cache with the same answers before React takes
// the page over (hydration). This module is the one list of those pages and their answers, used on
// both sides.
// Each answer is named by a descriptor (@teacheast/shared's PageData), never by a path: the server
// reads and versions each kind from its own table, and apiPathOf writes the path the fetchers call
// and the answers are found under in the page.
import type { QueryClient } from '@tanstack/react-query';
import {
  apiPathOf,
  type CitiesAnswer,
  type CompareAnswer,
  type ErrorBody,
  type JobAnswer,
  type JobSearchAnswer,
  type PageData,
  type SchoolPageAnswer,
  type SiteConfig,
} from '@teacheast/shared';
import { matchPath } from 'react-router';
import { jobKeys } from '../features/jobs/api';
import { compareKeys, readCompareIds } from '../features/jobs/compare-api';
import { filtersOf, readSearch } from '../features/jobs/search-params';
import { schoolKeys } from '../features/schools/api';
import { readSiteConfig, siteConfigQueryKey } from '../lib/site-config';
import { ApiError } from '../lib/api-error';
import { pageAt } from './router';

/**
 * The pages rendered ahead, as route patterns. The server answers exactly these paths with a render
 * (a path the plan below turns down still gets the ordinary shell).
 */
export const PRERENDERED_ROUTES = ['/', '/jobs', '/posting/:uuid', '/compare', '/schools/:slug'] as const;

/**
 * API answers by apiPathOf, e.g. { "/api/job/…": { job: … } }: what the server embeds in the page. A call
 * that was refused as not found (404, or 400 for a malformed id) is there as its error body with its
 * `status`, so both sides render the same "not found".
 */
export type PrerenderAnswers = Record<string, unknown>;

/** A refused call in PrerenderAnswers. */
export type RefusedAnswer = ErrorBody & { status: number };

export function isRefusedAnswer(answer: unknown): answer is RefusedAnswer {
  return typeof answer === 'object' && answer !== null && (answer as { error?: unknown }).error === true;
}

interface Preload {
  /** The query the page reads… */
  queryKey: readonly unknown[];
  /** …and the API answer that fills it. */
  data: PageData;
  /** What the query holds, taken from the answer. */
  select: (answer: unknown) => unknown;
}

interface Plan {
  preloads: Preload[];
}

/**
 * The answers are the server's own, made by its routes through the shared schemas (decision 006), so
 * they are typed by those schemas and not checked again here.
 */
function reading<T>(select: (answer: T) => unknown): Preload['select'] {
  return (answer) => select(answer as T);
}

const siteConfig: Preload = {
  queryKey: siteConfigQueryKey,
  data: { kind: 'config' },
  select: reading<SiteConfig>(readSiteConfig),
};

function planFor(pathname: string, search: URLSearchParams): Plan | null {
  const route = PRERENDERED_ROUTES.map((pattern) => matchPath(pattern, pathname)).find(Boolean);
  if (!route) {
    // Any path the app does not know: the not-found page, rendered too, so it is a real page with a 404.
    if (pageAt(pathname) !== 'not-found-page') return null;
    return { preloads: [siteConfig] };
  }
  if (route.pattern.path === '/') {
    return { preloads: [siteConfig] };
  }
  if (route.pattern.path === '/jobs') {
    const state = readSearch(search);
    const { country, city, ageGroup, q, page } = state;
    // A bare /jobs goes back to the tab's last search, which only the browser knows.
    if (!country) return null;
    // The query exactly as the search page makes it (use-search-state.ts), with its contract-sheet
    // filters and "Only jobs I can take" with the facts the URL states.
    const query = { country, city, ageGroup, q, ...filtersOf(state), page };
    return {
      preloads: [
        siteConfig,
        {
          queryKey: jobKeys.search(query),
          data: { kind: 'search', ...query },
          select: reading((d: JobSearchAnswer) => d.results),
        },
        {
          queryKey: jobKeys.cities(country),
          data: { kind: 'cities', country },
          select: reading((d: CitiesAnswer) => d),
        },
      ],
    };
  }
  if (route.pattern.path === '/compare') {
    const ids = readCompareIds(search);
    // Without ids the page is its message and a link to the saved jobs: rendered all the same.
    if (ids.length === 0) return { preloads: [siteConfig] };
    return {
      preloads: [
        siteConfig,
        {
          queryKey: compareKeys.jobs(ids),
          data: { kind: 'compare', ids },
          select: reading((d: CompareAnswer) => d),
        },
      ],
    };
  }
  const uuid = route.params.uuid;
  if (route.pattern.path === '/posting/:uuid' && uuid) {
    return {
      preloads: [
        siteConfig,
        {
          queryKey: jobKeys.job(uuid),
          data: { kind: 'posting', uuid },
          select: reading((d: JobAnswer) => d.job),
        },
      ],
    };
  }
  const slug = route.params.slug;
  if (route.pattern.path === '/schools/:slug' && slug) {
    return {
      preloads: [
        siteConfig,
        {
          queryKey: schoolKeys.page(slug),
          data: { kind: 'school', slug },
          select: reading((d: SchoolPageAnswer) => d),
        },
      ],
    };
  }
  return null;
}

function split(url: string): { pathname: string; search: URLSearchParams } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname.replace(/(.)\/$/, '$1'), search: parsed.searchParams };
}

/** The answers a page at `url` is rendered with, or null when the page is not rendered ahead. */
export function pageDataAt(url: string): PageData[] | null {
  const { pathname, search } = split(url);
  return planFor(pathname, search)?.preloads.map((p) => p.data) ?? null;
}

/**
 * Fills `client` with the answers for the page at `url`. An answer that is missing is left out: the
 * page then fetches it as usual. Returns false when the page is not rendered ahead.
 *
 * The answers are a visitor's: a posting's names nobody's saves. For a member (`forMember`) they fill
 * the page at once and are asked for again when it mounts, so the member's own state shows.
 */
export function seedQueries(
  client: QueryClient,
  url: string,
  answers: PrerenderAnswers,
  { forMember = false }: { forMember?: boolean } = {},
): boolean {
  const { pathname, search } = split(url);
  const plan = planFor(pathname, search);
  if (!plan) return false;
  for (const preload of plan.preloads) {
    const answer = answers[apiPathOf(preload.data)];
    if (answer === undefined) continue;
    if (isRefusedAnswer(answer)) {
      // The query starts in the error the browser's own call would meet: the page shows "not found".
      const error = new ApiError(answer.status, answer.message, { errorType: answer.errorType });
      client
        .getQueryCache()
        .build(client, { queryKey: preload.queryKey })
        .setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
      // Without this, a query in error with no data starts again when the page mounts, pending: both
      // renders would show the spinner, and the browser would ask once more for the same refusal.
      client.setQueryDefaults(preload.queryKey, { retryOnMount: false });
    } else {
      client.setQueryData(preload.queryKey, preload.select(answer), forMember ? { updatedAt: 0 } : undefined);
    }
  }
  return true;
}
