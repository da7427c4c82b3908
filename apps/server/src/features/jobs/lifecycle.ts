// A posting's life: a draft until published, then live for its 45 days, then expired. Expiry is
// computed at query time, so no timer has to close postings.
import { POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import type { JobRow } from '../../db/schema.js';

export const POSTING_LIFETIME_MS = POSTING_LIFETIME_DAYS * 86_400_000;

export type JobStatus = 'unpublished' | 'published' | 'expired';

/** Jobs published after this moment are live. */
export function liveSince(now: number): number {
  return now - POSTING_LIFETIME_MS;
}

export function jobStatus(row: Pick<JobRow, 'published_at'>, now: number): JobStatus {
  if (row.published_at === null) return 'unpublished';
  return row.published_at > liveSince(now) ? 'published' : 'expired';
}
