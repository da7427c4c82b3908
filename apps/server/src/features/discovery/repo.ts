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

export async function countLivePostings(db: DbOrTrx, liveSince: number): Promise<number> {
  const row = await livePostings(db, liveSince)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One batch of live postings in id order, after `afterId` (from the start when null): a keyset
 * page, so every batch costs the same however deep into the list it is.
 */
export function findLivePostingsAfter(db: DbOrTrx, liveSince: number, afterId: string | null, limit: number) {
  let query = livePostings(db, liveSince).select(['jobs.id', 'jobs.updated_at']).orderBy('jobs.id').limit(limit);
  if (afterId !== null) query = query.where('jobs.id', '>', afterId);
  return query.execute();
}

/** The id of the live posting at `position` (0 is the first) in id order, where a sitemap part starts after. */
export async function findLivePostingIdAt(db: DbOrTrx, liveSince: number, position: number): Promise<string | null> {
  const row = await livePostings(db, liveSince)
    .select('jobs.id')
    .orderBy('jobs.id')
    .limit(1)
    .offset(position)
    .executeTakeFirst();
  return row?.id ?? null;
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
