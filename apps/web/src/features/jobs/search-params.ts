// The job search as its URL states it (/jobs?country=…&city=…&ageGroup=…&q=…&page=…, the
// contract-sheet filters of BEYOND §6 and "Only jobs I can take" of §7 under the API's names), read
// the same way by the search page and by the server's first render of it.
import {
  AGE_GROUPS,
  COUNTRY_VALUES,
  KEYWORDS_MAX_LENGTH,
  SEARCH_ELIGIBILITY_KEYS,
  SEARCH_TERMS_FILTER_KEYS,
  countryLabel,
  type Country,
  type SearchTermsFilters,
} from '@teacheast/shared';

/** The filters that are on or off: '1' when on, absent when off. */
export const TERMS_FLAG_KEYS = ['housing', 'flights', 'visa', 'noSplitShift', 'noSaturdays'] as const;

/** The largest minPay and maxTeachingHours the API takes (TermsFilterShape in the shared package). */
export const MIN_PAY_MAX = 1_000_000_000;
const TEACHING_HOURS_MAX = 40;

export interface SearchState extends SearchTermsFilters {
  country: Country | null;
  city?: string;
  ageGroup?: string;
  /** The keywords as typed, trimmed; never longer than the server takes. */
  q?: string;
  page: number;
}

/**
 * A whole number from 1 to `max` as the query writes it ("250000"), or undefined for anything else.
 * Thousands separators are let through, so "2,500,000" typed in the box means 2500000.
 */
export function wholeNumberFilter(text: string | null | undefined, max: number): string | undefined {
  const digits = (text ?? '').trim().replace(/[,\s]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const n = Number(digits);
  return n >= 1 && n <= max ? String(n) : undefined;
}

/** The contract-sheet filters the URL states; one the API would refuse (a 400) is left out. */
function readTermsFilters(params: URLSearchParams): SearchTermsFilters {
  const filters: SearchTermsFilters = {
    minPay: wholeNumberFilter(params.get('minPay'), MIN_PAY_MAX),
    maxTeachingHours: wholeNumberFilter(params.get('maxTeachingHours'), TEACHING_HOURS_MAX),
  };
  for (const key of TERMS_FLAG_KEYS) {
    if (params.get(key) === '1') filters[key] = '1';
  }
  return filters;
}

/**
 * "Only jobs I can take" with the facts the URL states (BEYOND §7); facts without the switch filter
 * nothing and are left out. The facts are the API's to check: a wrong one, or the switch without any,
 * is answered 400 and the page says what is wrong (the app itself writes them as the teacher saved them).
 */
function readEligibilityFilters(params: URLSearchParams): SearchTermsFilters {
  const filters: SearchTermsFilters = {};
  if (params.get('eligibleOnly') === '1') {
    for (const key of SEARCH_ELIGIBILITY_KEYS) filters[key] = params.get(key) || undefined;
  }
  return filters;
}

/**
 * Only the filters of a search (the contract sheet's, and "Only jobs I can take" with its facts), for
 * the API call and the links that keep them.
 */
export function filtersOf(search: SearchTermsFilters): SearchTermsFilters {
  const filters: SearchTermsFilters = {};
  for (const key of [...SEARCH_TERMS_FILTER_KEYS, ...SEARCH_ELIGIBILITY_KEYS]) {
    if (search[key]) filters[key] = search[key];
  }
  return filters;
}

/** The URL is the search: anything it says that makes no sense falls back to the plain search. */
export function readSearch(params: URLSearchParams): SearchState {
  const country = params.get('country');
  const ageGroup = params.get('ageGroup') ?? '';
  const page = Number(params.get('page') ?? '1');
  const q = (params.get('q') ?? '').trim().slice(0, KEYWORDS_MAX_LENGTH).trim();
  return {
    country: (COUNTRY_VALUES as readonly string[]).includes(country ?? '') ? (country as Country) : null,
    city: params.get('city') || undefined,
    ageGroup: (AGE_GROUPS as readonly string[]).includes(ageGroup) ? ageGroup : undefined,
    q: q || undefined,
    ...filtersOf({ ...readTermsFilters(params), ...readEligibilityFilters(params) }),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The tab title of a search is '{Country} Jobs' exactly. */
export function searchTitle(country: Country | null): string {
  return country ? `${countryLabel(country)} Jobs` : 'Jobs';
}
