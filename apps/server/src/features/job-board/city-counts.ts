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
export async function countCities(
  db: Db,
  country: string,
  now: number,
  liveSince: number,
): Promise<readonly CityCount[]> {
  // The jobs version is read once, by liveJobsUntil, for both kept values.
  const { version, validUntil } = await liveJobsUntil(db, country, now);
  const counts = await keptCounts.atVersion(db, country, version, now, async () => {
    const rows = await repo.countLiveJobsByCity(db, country, liveSince);
    // Sorted here, not in SQL, so both databases agree whatever their collation.
    return { value: rows.sort((a, b) => a.city.localeCompare(b.city, 'en')), validUntil };
  });
  return counts.value;
}
