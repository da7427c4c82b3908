// Until when a country's live postings stay the same with no write: until its oldest live posting
// expires. Kept while exact (kept-while-jobs-unchanged.ts), so a request pays only the version's
// read; the search page's version and the city counts both end there.
import type { Db } from '../../db/create-db.js';
import { liveSince, POSTING_LIFETIME_MS } from '../jobs/lifecycle.js';
import { keptWhileJobsUnchanged } from './kept-while-jobs-unchanged.js';
import * as repo from './repo.js';

/** One entry per country. */
const keptOldestLive = keptWhileJobsUnchanged<number | null>(64);

/** The country's jobs version read now, and the moment the country's live postings next change without a write. */
export async function liveJobsUntil(db: Db, country: string, now: number) {
  const { version, validUntil } = await keptOldestLive.withVersion(db, country, country, now, async () => {
    const oldest = await repo.findOldestLivePublishedAt(db, country, liveSince(now));
    return { value: oldest, validUntil: oldest === null ? Infinity : oldest + POSTING_LIFETIME_MS };
  });
  return { version, validUntil };
}
