// The API answers a rendered landing page is made of, named by what they are rather than by their
// path (docs/decisions/006-landing-pages-rendered-ahead.md): the web app's page table lists these,
// its fetchers and the server's render ask for the path through apiPathOf, and the server reads and
// versions each kind from one table, so nothing ever parses a path back.
// No zod here: the web app's first download imports this module (docs/decisions/005-lean-first-load.md).

/** One answer a rendered page shows first. */
export type PageData =
  /** GET /api/job/{uuid}: a posting as a visitor sees it. */
  | { kind: 'posting'; uuid: string }
  /**
   * GET /api/filter-jobs: a page of a search; an empty or missing filter is no filter. The contract
   * sheet's filters (BEYOND §6) as the query writes them: numbers as text, a flag as '1'.
   */
  | ({
      kind: 'search';
      country: string;
      city?: string;
      ageGroup?: string;
      q?: string;
      page: number;
    } & SearchTermsFilters)
  /** GET /api/compare?ids=…: jobs side by side, in the order asked. */
  | { kind: 'compare'; ids: string[] }
  /** GET /api/schools/{slug}: a school's public page (BEYOND §8). */
  | { kind: 'school'; slug: string }
  /** GET /api/jobs/cities/{country}: the cities with live jobs in a country. */
  | { kind: 'cities'; country: string }
  /** GET /api/config: the deployment's site configuration. */
  | { kind: 'config' };

export type PageDataKind = PageData['kind'];

/** The contract-sheet filters of a search, in the order every caller writes them. */
export const SEARCH_TERMS_FILTER_KEYS = [
  'minPay',
  'housing',
  'flights',
  'visa',
  'maxTeachingHours',
  'noSplitShift',
  'noSaturdays',
] as const;
/** Only the jobs a teacher can take (BEYOND §7): the switch and the facts it is read from. */
export const SEARCH_ELIGIBILITY_KEYS = ['eligibleOnly', 'passport', 'degree', 'teflHours', 'teachingYears'] as const;
export type SearchTermsFilters = {
  [K in (typeof SEARCH_TERMS_FILTER_KEYS)[number] | (typeof SEARCH_ELIGIBILITY_KEYS)[number]]?: string;
};

/** The descriptor of one kind, e.g. PageDataOf<'search'>. */
export type PageDataOf<K extends PageDataKind> = Extract<PageData, { kind: K }>;

/**
 * A search's query as its route reads it (strings, as Fastify parses a query string), in the one
 * order every caller writes it, so the browser's call and the server's render share one URL (and one
 * entry of the response cache). An empty filter is left out, as the route treats it.
 */
export function searchQueryOf(search: PageDataOf<'search'>): Record<string, string> {
  const query: Record<string, string> = { country: search.country };
  if (search.city) query.city = search.city;
  if (search.ageGroup) query.ageGroup = search.ageGroup;
  if (search.q) query.q = search.q;
  for (const key of [...SEARCH_TERMS_FILTER_KEYS, ...SEARCH_ELIGIBILITY_KEYS]) {
    const value = search[key];
    if (value) query[key] = value;
  }
  query.page = String(search.page);
  return query;
}

// By hand, not URLSearchParams: this package assumes no platform (neither DOM nor Node types).
const queryString = (query: Record<string, string>): string =>
  Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** The API path whose answer `data` is: the one place these paths are written. */
export function apiPathOf(data: PageData): string {
  switch (data.kind) {
    case 'posting':
      return `/api/job/${encodeURIComponent(data.uuid)}`;
    case 'search':
      return `/api/filter-jobs?${queryString(searchQueryOf(data))}`;
    case 'cities':
      return `/api/jobs/cities/${encodeURIComponent(data.country)}`;
    case 'compare':
      return `/api/compare?ids=${data.ids.map(encodeURIComponent).join(',')}`;
    case 'school':
      return `/api/schools/${encodeURIComponent(data.slug)}`;
    case 'config':
      return '/api/config';
    default:
      // A descriptor from a render bundle built with kinds this code does not know.
      throw new Error(`No API path for page data of kind ${String((data as { kind?: unknown }).kind)}`);
  }
}
