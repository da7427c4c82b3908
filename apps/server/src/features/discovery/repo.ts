// Every query of discovery: the live postings a sitemap lists and a feed shows.
import { sql, type SqlBool } from 'kysely';
import { isPostgres, type DbOrTrx } from '../../db/create-db.js';

/**
 * Live: published after `liveSince` and never taken down. A takedown already moves published_at
 * out of the live window; the last condition keeps a taken-down posting out whatever its dates.
 * `is not null` is written out as in the job board's queries, which the partial search indexes match.
 */
function isLive(liveSince: number) {
  return sql<SqlBool>`jobs.published_at is not null and jobs.published_at > ${liveSince} and jobs.taken_down_at is null`;
}

function livePostings(db: DbOrTrx, liveSince: number) {
  return db.selectFrom('jobs').where(isLive(liveSince));
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
export async function findLivePostingsAfter(
  db: DbOrTrx,
  liveSince: number,
  range: IdRange,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; updated_at: number }[]> {
  const { rows } = await sql<{ id: string; updated_at: number | string }>`
    select jobs.id, jobs.updated_at ${fromSitemapIndex(db, liveSince)}
    ${range.from === null ? sql`` : sql`and jobs.id >= ${range.from}`}
    ${range.before === null ? sql`` : sql`and jobs.id < ${range.before}`}
    ${afterId === null ? sql`` : sql`and jobs.id > ${afterId}`}
    order by jobs.id limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: row.id, updated_at: Number(row.updated_at) }));
}

/**
 * Whether a live posting stands at `position` (0 is the first) in id order, that is whether there
 * are more than `position` of them, without counting them all: the sitemap index is walked up to
 * that entry and no further, whatever the number of postings (expired ones it meets on the way are
 * walked too, as they stay in it).
 */
export async function hasLivePostingAt(db: DbOrTrx, liveSince: number, position: number): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    select jobs.id ${fromSitemapIndex(db, liveSince)} order by jobs.id limit 1 offset ${position}`.execute(db);
  return rows.length > 0;
}

/**
 * The live postings in id order, from the sitemap's own index (migration 010), which holds every
 * column the sitemap reads and only live candidates. SQLite's planner, left to choose, walks another
 * index on id (the primary key's, or the posting pages' stamp of migration 024) and reads each row for
 * its taken_down_at: 64 ms against 4 ms to find the 50,000th posting of 100,000, 237 ms against 3 ms at
 * a million, and a batch of 2,000 in a part 72-111 ms against 2-13 ms. `indexed by` holds it to this
 * one (and fails the query if the index were ever gone). PostgreSQL has no such hint; its planner
 * chooses by its own statistics.
 */
function fromSitemapIndex(db: DbOrTrx, liveSince: number) {
  const jobs = isPostgres(db) ? sql`jobs` : sql`jobs indexed by jobs_sitemap_idx`;
  return sql`from ${jobs} where ${isLive(liveSince)}`;
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
