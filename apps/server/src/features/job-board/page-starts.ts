// Deep search pages by key instead of offset: the first job of every page of a filter, found in one
// pass over its index and kept while no job has changed. Page 500 then costs what page 1 costs, where
// an offset would skip 6,000 index entries on every request.
import type { Db } from '../../db/create-db.js';
import { keptWhileJobsUnchanged } from './kept-while-jobs-unchanged.js';
import * as repo from './repo.js';

/** Pages up to here are read by offset: skipping at most 108 index entries costs less than a look-up. */
export const PAGES_BY_OFFSET = 10;

/** Filters whose page starts are kept, per database; the least recently used go first. */
const MAX_FILTERS = 500;

const keptStarts = keptWhileJobsUnchanged<repo.PageStart[]>(MAX_FILTERS);

/**
 * Where `page` of the filter starts, or null past its last page. The starts are tagged with the
 * country's jobs version read before them (db/migrations/014-country-versions.ts), so any change to a
 * published job of the country, by any instance or command, makes the next request find them anew. Postings that expired since only
 * shorten the end of the list, which never moves an earlier page's start.
 */
export async function findPageStart(
  db: Db,
  filter: Omit<repo.SearchFilter, 'page'>,
  page: number,
): Promise<repo.PageStart | null> {
  const key = `${filter.country}\u0000${filter.city ?? ''}\u0000${filter.ageGroup ?? ''}`;
  // No clock: postings that expire only shorten the end of the list.
  const starts = await keptStarts(db, filter.country, key, 0, async () => ({
    value: await repo.findPageStarts(db, filter),
    validUntil: Infinity,
  }));
  return starts[page - 1] ?? null;
}
