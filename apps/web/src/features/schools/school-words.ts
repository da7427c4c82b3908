// How a school reads to people, in words both its page and the page's <head> (app/page-heads.ts) use.
import { countryLabel, type School } from '@teacheast/shared';
import { longUtcDate } from '../../lib/dates';

/** The school page's title: who, where. */
export function schoolTitle(school: Pick<School, 'name' | 'city'>): string {
  return `${school.name}, ${school.city}`;
}

/** "Tokyo, Japan". */
export function schoolPlace(school: Pick<School, 'city' | 'country'>): string {
  return `${school.city}, ${countryLabel(school.country)}`;
}

/** What a dated registration check says everywhere (BEYOND §8); without a date where only the mark is known. */
export function registrationCheckedText(checkedAt?: string | null): string {
  return checkedAt ? `Registration checked ${longUtcDate(checkedAt)}` : 'Registration checked';
}

/** "1 job posted", "12 jobs posted", "No jobs posted yet". */
export function jobsPostedText(count: number): string {
  if (count === 0) return 'No jobs posted yet';
  return `${count} ${count === 1 ? 'job' : 'jobs'} posted`;
}

/** "1 open job", "3 open jobs", "No open jobs right now". */
export function liveJobsText(count: number): string {
  if (count === 0) return 'No open jobs right now';
  return `${count} open ${count === 1 ? 'job' : 'jobs'}`;
}

/** The website as people read it: without https:// and a trailing slash. */
export function websiteText(website: string): string {
  return website.replace(/^https:\/\//i, '').replace(/\/$/, '');
}
