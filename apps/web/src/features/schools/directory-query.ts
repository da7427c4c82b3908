// The schools directory's address (/schools?country=japan&city=Tokyo), read the same way by the page
// and by its <head> (app/page-heads.ts).
import { COUNTRIES, countryLabel, isCityOf, type Country } from '@teacheast/shared';
import type { DirectoryQuery } from './api';

function isCountry(value: string | null): value is Country {
  return COUNTRIES.some((c) => c.value === value);
}

/** The address's choice, with a country the app does not know, or a city not of its country, left out. */
export function readDirectoryQuery(search: URLSearchParams): DirectoryQuery {
  const country = search.get('country');
  if (!isCountry(country)) return {};
  const city = search.get('city');
  return city && isCityOf(country, city) ? { country, city } : { country };
}

/** "Tokyo, Japan", "Japan", or null for every country. */
export function directoryPlace({ country, city }: DirectoryQuery): string | null {
  if (!country) return null;
  return city ? `${city}, ${countryLabel(country)}` : countryLabel(country);
}

/** The directory's tab title: "Schools in Japan". */
export function directoryTitle(query: DirectoryQuery): string {
  const place = directoryPlace(query);
  return place ? `Schools in ${place}` : 'Schools';
}
