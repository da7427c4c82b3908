// A job alert's search and frequency in the words people read: the form, the account's list and the
// confirmation page all name a saved search the same way.
import {
  countryLabel,
  type AgeGroup,
  type AlertFrequency,
  type JobAlert,
  type JobAlertCreate,
} from '@teacheast/shared';

/** The search an alert saves: a country, and a city, age group and keywords when chosen. */
type AlertSearch = Pick<JobAlert, 'country'> & Partial<Pick<JobAlert, 'city' | 'ageGroup' | 'q'>>;

/** The search shown on /jobs, about to be saved: its country is one of the seven. */
export type SearchToSave = AlertSearch & Pick<JobAlertCreate, 'country'>;

const TAUGHT: Record<AgeGroup, string> = {
  Children: 'children',
  Adolescents: 'adolescents',
  University: 'university students',
  Adults: 'adults',
};

/** E.g. "“business English” jobs in Hanoi, Vietnam, teaching adults", or "Teaching jobs in Japan". */
export function describeSearch({ country, city, ageGroup, q }: AlertSearch): string {
  const what = q ? `“${q}” jobs` : 'Teaching jobs';
  const where = city ? `${city}, ${countryLabel(country)}` : countryLabel(country);
  const who = ageGroup ? `, teaching ${TAUGHT[ageGroup as AgeGroup] ?? ageGroup.toLowerCase()}` : '';
  return `${what} in ${where}${who}`;
}

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = { daily: 'Daily', weekly: 'Weekly' };

/** How often the mails come, to end a sentence: "… will reach you every day". */
export const FREQUENCY_WORDS: Record<AlertFrequency, string> = { daily: 'every day', weekly: 'every week' };
