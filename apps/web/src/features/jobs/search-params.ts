// The job search as its URL states it (/jobs?country=…&city=…&ageGroup=…&page=…), read the same way
// by the search page and by the server's first render of it.
import { AGE_GROUPS, COUNTRY_VALUES, countryLabel, type Country } from '@teacheast/shared';

export interface SearchState {
  country: Country | null;
  city?: string;
  ageGroup?: string;
  page: number;
}

/** The URL is the search: anything it says that makes no sense falls back to the plain search. */
export function readSearch(params: URLSearchParams): SearchState {
  const country = params.get('country');
  const ageGroup = params.get('ageGroup') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    country: (COUNTRY_VALUES as readonly string[]).includes(country ?? '') ? (country as Country) : null,
    city: params.get('city') || undefined,
    ageGroup: (AGE_GROUPS as readonly string[]).includes(ageGroup) ? ageGroup : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** SPEC §2: the tab title of a search is '{Country} Jobs' exactly. */
export function searchTitle(country: Country | null): string {
  return country ? `${countryLabel(country)} Jobs` : 'Jobs';
}
