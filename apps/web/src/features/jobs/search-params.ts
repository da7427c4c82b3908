// The job search as its URL states it (/jobs?country=…&city=…&ageGroup=…&q=…&page=…), read the same
// way by the search page and by the server's first render of it.
import { AGE_GROUPS, COUNTRY_VALUES, KEYWORDS_MAX_LENGTH, countryLabel, type Country } from '@teacheast/shared';

export interface SearchState {
  country: Country | null;
  city?: string;
  ageGroup?: string;
  /** The keywords as typed, trimmed; never longer than the server takes. */
  q?: string;
  page: number;
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
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The tab title of a search is '{Country} Jobs' exactly. */
export function searchTitle(country: Country | null): string {
  return country ? `${countryLabel(country)} Jobs` : 'Jobs';
}
