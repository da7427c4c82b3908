// Every query of discovery: the live postings a sitemap lists and a feed shows.
import type { DbOrTrx } from '../../db/create-db.js';

/**
 * Live: published after `liveSince` and never taken down. A takedown already moves published_at
 * out of the live window; the last condition keeps a taken-down posting out whatever its dates.
 * `is not null` is written out as in the job board's queries, which the partial search indexes match.
 */
function livePostings(db: DbOrTrx, liveSince: number) {
  return db
    .selectFrom('jobs')
    .where('jobs.published_at', 'is not', null)
    .where('jobs.published_at', '>', liveSince)
    .where('jobs.taken_down_at', 'is', null);
}

/** A run of ids: from `from` (inclusive) to `before` (exclusive), either end open when null. */
export interface IdRange {
  from: string | null;
  before: string | null;
}

/**
 * One batch of live postings in id order within `range`, after `afterId` (from the range's start when
 * null): a keyset page of the sitemap index, so every batch costs the same however deep into the list
 * it is.
 */
export function findLivePostingsAfter(
  db: DbOrTrx,
  liveSince: number,
  range: IdRange,
  afterId: string | null,
  limit: number,
) {
  let query = livePostings(db, liveSince).select(['jobs.id', 'jobs.updated_at']).orderBy('jobs.id').limit(limit);
  if (range.from !== null) query = query.where('jobs.id', '>=', range.from);
  if (range.before !== null) query = query.where('jobs.id', '<', range.before);
  if (afterId !== null) query = query.where('jobs.id', '>', afterId);
  return query.execute();
}

/**
 * Whether a live posting stands at `position` (0 is the first) in id order, that is whether there
 * are more than `position` of them, without counting them all: the sitemap index is walked up to
 * that entry and no further, whatever the number of postings (expired ones it meets on the way are
 * walked too, as they stay in it).
 */
export async function hasLivePostingAt(db: DbOrTrx, liveSince: number, position: number): Promise<boolean> {
  const row = await livePostings(db, liveSince)
    .select('jobs.id')
    .orderBy('jobs.id')
    .limit(1)
    .offset(position)
    .executeTakeFirst();
  return row !== undefined;
}

/** A country's newest live postings, newest first with the id as a stable tie-break (its search index's order). */
export function findNewestLivePostings(db: DbOrTrx, liveSince: number, country: string, limit: number) {
  return livePostings(db, liveSince)
    .select([
      'jobs.id',
      'jobs.title',
      'jobs.company_name',
      'jobs.city',
      'jobs.country',
      'jobs.published_at',
      'jobs.updated_at',
    ])
    .where('jobs.country', '=', country)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(limit)
    .execute();
}
