// A job alert's search and frequency in the words people read: the form, the account's list and the
// confirmation page all name a saved search the same way, its contract-sheet filters (BEYOND §6)
// included.
import {
  TERMS_FILTER_FLAGS,
  countryLabel,
  termsFilterWords,
  type AgeGroup,
  type AlertFrequency,
  type JobAlert,
  type JobAlertCreate,
  type SearchTermsFilters,
} from '@teacheast/shared';

/** The contract-sheet filters of an alert as its answer writes them: only those that are on. */
export type AlertFilters = JobAlert['filters'];

/** The search an alert saves: a country, and a city, age group, keywords and filters when chosen. */
type AlertSearch = Pick<JobAlert, 'country'> & Partial<Pick<JobAlert, 'city' | 'ageGroup' | 'q' | 'filters'>>;

/**
 * The search shown on /jobs, about to be saved: its country is one of the seven, and its
 * contract-sheet filters are as its URL writes them (numbers as text, a flag as '1').
 */
export type SearchToSave = Pick<JobAlertCreate, 'country'> &
  Partial<Pick<JobAlert, 'city' | 'ageGroup' | 'q'>> &
  SearchTermsFilters;

const FLAG_KEYS = TERMS_FILTER_FLAGS;

/** The filters of a search on /jobs as an alert holds and sends them: numbers as numbers, flags as '1'. */
export function alertFiltersOf(search: SearchTermsFilters): AlertFilters {
  const filters: AlertFilters = {};
  if (search.minPay) filters.minPay = Number(search.minPay);
  for (const key of FLAG_KEYS) {
    if (search[key] === '1') filters[key] = '1';
  }
  if (search.maxTeachingHours) filters.maxTeachingHours = Number(search.maxTeachingHours);
  return filters;
}

/** An alert's filters as the search page's URL writes them, for the link back to its search. */
export function searchFiltersOf(filters: AlertFilters): SearchTermsFilters {
  const search: SearchTermsFilters = {};
  if (filters.minPay !== undefined) search.minPay = String(filters.minPay);
  for (const key of FLAG_KEYS) {
    if (filters[key] === '1') search[key] = '1';
  }
  if (filters.maxTeachingHours !== undefined) search.maxTeachingHours = String(filters.maxTeachingHours);
  return search;
}

const TAUGHT: Record<AgeGroup, string> = {
  Children: 'children',
  Adolescents: 'adolescents',
  University: 'university students',
  Adults: 'adults',
};

/**
 * E.g. "“business English” jobs in Hanoi, Vietnam, teaching adults", "Teaching jobs in Japan", or
 * "Teaching jobs in South Korea, with housing, visa sponsored, at least 2,000,000 KRW a month".
 */
export function describeSearch({ country, city, ageGroup, q, filters = {} }: AlertSearch): string {
  const what = q ? `“${q}” jobs` : 'Teaching jobs';
  const where = city ? `${city}, ${countryLabel(country)}` : countryLabel(country);
  const who = ageGroup ? `, teaching ${TAUGHT[ageGroup as AgeGroup] ?? ageGroup.toLowerCase()}` : '';
  const terms = termsFilterWords(country, filters);
  const withTerms = terms.length > 0 ? `, with ${terms.join(', ')}` : '';
  return `${what} in ${where}${who}${withTerms}`;
}

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = { daily: 'Daily', weekly: 'Weekly' };

/** How often the mails come, to end a sentence: "… will reach you every day". */
export const FREQUENCY_WORDS: Record<AlertFrequency, string> = { daily: 'every day', weekly: 'every week' };
