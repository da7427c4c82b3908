// How a job's coded values read to people: start date, duration, relative publication time.
import { countryLabel, durationLabel, startDateLabel, type Job } from '@teacheast/shared';
import { ago, longUtcDate } from '../../../lib/dates';

export function startLabel(startDate: string): string {
  return startDateLabel(startDate);
}

export function durationText(duration: string): string {
  return durationLabel(duration);
}

/** "today", "yesterday", "3 days ago", "2 weeks ago". */
export function publishedAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'Not published';
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / 86_400_000));
  return days < 14 ? ago(days, 'day') : ago(Math.floor(days / 7), 'week');
}

/** A calendar date, in UTC so the server's first render and the browser say the same day. */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  return longUtcDate(iso);
}

/** The posting page's title: who, where. */
export function postingTitle(job: Pick<Job, 'companyName' | 'city' | 'country'>): string {
  return `${job.companyName}, ${job.city}, ${countryLabel(job.country)}`;
}
