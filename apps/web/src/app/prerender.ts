// The pages people land on from outside (home, a job search, a posting) arrive as finished HTML:
// the server renders them with the API answers they show first, puts those answers beside the HTML,
// and the browser fills its query cache with the same answers before React takes the page over
// (hydration). This module is the one list of those pages and their answers, used on both sides.
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { jobKeys } from '../features/jobs/api';
import { postingTitle } from '../features/jobs/components/job-facts';
import { citiesResponse, jobResponse, searchResultsResponse } from '../features/jobs/responses';
import { readSearch, searchTitle } from '../features/jobs/search-params';
import type { ResponseParser } from '../lib/api-client';
import { siteConfigQueryKey, siteConfigResponse } from '../lib/site-config';
import { documentTitle } from '../ui/use-page-title';

/**
 * The pages rendered ahead, as route patterns. The server answers exactly these paths with a render
 * (a path the plan below turns down still gets the ordinary shell).
 */
export const PRERENDERED_ROUTES = ['/', '/jobs', '/posting/:uuid'] as const;

/** API answers by path, e.g. { "/api/job/…": { job: … } }: what the server embeds in the page. */
export type PrerenderAnswers = Record<string, unknown>;

interface Preload {
  /** The query the page reads… */
  queryKey: readonly unknown[];
  /** …and the API call whose answer fills it. */
  path: string;
  parse: (answer: unknown) => { ok: true; data: unknown } | { ok: false };
}

interface Plan {
  preloads: Preload[];
  /** The tab title, from the filled cache. */
  title: (client: QueryClient) => string;
}

function reading<T, D>(parser: ResponseParser<T>, select: (value: T) => D): Preload['parse'] {
  return (answer) => {
    const parsed = parser.safeParse(answer);
    return parsed.success ? { ok: true, data: select(parsed.data) } : { ok: false };
  };
}

const siteConfig: Preload = {
  queryKey: siteConfigQueryKey,
  path: '/api/config',
  parse: reading(siteConfigResponse, (config) => config),
};

function planFor(pathname: string, search: URLSearchParams): Plan | null {
  const route = PRERENDERED_ROUTES.map((pattern) => matchPath(pattern, pathname)).find(Boolean);
  if (!route) return null;
  if (route.pattern.path === '/') {
    return { preloads: [siteConfig], title: () => documentTitle('') };
  }
  if (route.pattern.path === '/jobs') {
    const { country, city, ageGroup, page } = readSearch(search);
    // A bare /jobs goes back to the tab's last search, which only the browser knows.
    if (!country) return null;
    const query = { country, city, ageGroup, page };
    const apiQuery = new URLSearchParams({ country, page: String(page) });
    if (city) apiQuery.set('city', city);
    if (ageGroup) apiQuery.set('ageGroup', ageGroup);
    return {
      preloads: [
        siteConfig,
        {
          queryKey: jobKeys.search(query),
          path: `/api/filter-jobs?${apiQuery.toString()}`,
          parse: reading(searchResultsResponse, (d) => d.results),
        },
        {
          queryKey: jobKeys.cities(country),
          path: `/api/jobs/cities/${encodeURIComponent(country)}`,
          parse: reading(citiesResponse, (d) => d),
        },
      ],
      title: () => searchTitle(country),
    };
  }
  const uuid = route.params.uuid;
  if (route.pattern.path === '/posting/:uuid' && uuid) {
    return {
      preloads: [
        siteConfig,
        {
          queryKey: jobKeys.job(uuid),
          path: `/api/job/${encodeURIComponent(uuid)}`,
          parse: reading(jobResponse, (d) => d.job),
        },
      ],
      title: (client) => {
        const job = client.getQueryData<Parameters<typeof postingTitle>[0]>(jobKeys.job(uuid));
        return documentTitle(job ? postingTitle(job) : 'Job posting');
      },
    };
  }
  return null;
}

function split(url: string): { pathname: string; search: URLSearchParams } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname.replace(/(.)\/$/, '$1'), search: parsed.searchParams };
}

/** The API paths a page at `url` is rendered with, or null when the page is not rendered ahead. */
export function prerenderApiPaths(url: string): string[] | null {
  const { pathname, search } = split(url);
  return planFor(pathname, search)?.preloads.map((p) => p.path) ?? null;
}

/**
 * Fills `client` with the answers for the page at `url`. An answer that is missing or has the wrong
 * shape is left out: the page then fetches it as usual. Returns the page's tab title.
 */
export function seedQueries(client: QueryClient, url: string, answers: PrerenderAnswers): string | null {
  const { pathname, search } = split(url);
  const plan = planFor(pathname, search);
  if (!plan) return null;
  for (const preload of plan.preloads) {
    if (!(preload.path in answers)) continue;
    const parsed = preload.parse(answers[preload.path]);
    if (parsed.ok) client.setQueryData(preload.queryKey, parsed.data);
  }
  return plan.title(client);
}
