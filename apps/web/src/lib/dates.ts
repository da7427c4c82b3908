// Dates in English words without Intl. The first Intl formatter a page builds loads the locale data,
// which took about 30 ms of a landing page's main thread on a throttled phone CPU, before the tiles
// could hydrate; the site speaks English only, so the words are written out here instead.
import { MONTHS } from '@teacheast/shared';

export type TimeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/**
 * `count` units in the past, as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) words it:
 * "today", "yesterday", "last week", "this hour", "1 hour ago", "3 weeks ago".
 */
export function ago(count: number, unit: TimeUnit): string {
  if (count === 0) return unit === 'day' ? 'today' : `this ${unit}`;
  if (count === 1 && unit !== 'hour' && unit !== 'minute') return unit === 'day' ? 'yesterday' : `last ${unit}`;
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** "November 22, 2026", the UTC calendar day of `iso`. */
export function longUtcDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
