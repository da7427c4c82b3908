// A country's live jobs counted by city (the search page's city list), kept while exact
// (kept-while-jobs-unchanged.ts): until any job changes, or the country's oldest live posting
// expires (live-until.ts), the next moment a count can change with no write at all. Counting is a pass over the
// country's live jobs (about a millisecond at 14,000).
import type { CityCount } from '@teacheast/shared';
import type { Db } from '../../db/create-db.js';
import { keptWhileJobsUnchanged } from './kept-while-jobs-unchanged.js';
import { liveJobsUntil } from './live-until.js';
import * as repo from './repo.js';

/** One entry per country; more would only be a mistake. */
const keptCounts = keptWhileJobsUnchanged<readonly CityCount[]>(64);

/** The country's cities with live jobs and how many each has, sorted by name. */
export function countCities(db: Db, country: string, now: number, liveSince: number): Promise<readonly CityCount[]> {
  return keptCounts(db, country, now, async () => {
    const [rows, { validUntil }] = await Promise.all([
      repo.countLiveJobsByCity(db, country, liveSince),
      liveJobsUntil(db, country, now),
    ]);
    // Sorted here, not in SQL, so both databases agree whatever their collation.
    const value = rows.sort((a, b) => a.city.localeCompare(b.city, 'en'));
    return { value, validUntil };
  });
}
