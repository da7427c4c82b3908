// A country's live jobs counted by city (the search page's city list), kept per country while it is
// exact: tagged with the jobs version read before the count (db/migrations/006-read-paths.ts), so any
// change to any job, by any instance or command, makes the next request count again, and valid until
// the country's oldest live posting expires, the next moment a count can change with no write at all.
// Counting is a pass over the country's live jobs (about a millisecond at 14,000); the check is two
// index look-ups.
import type { CityCount } from '@teacheast/shared';
import type { Db } from '../../db/create-db.js';
import { POSTING_LIFETIME_MS } from '../jobs/lifecycle.js';
import * as repo from './repo.js';

interface Counted {
  version: number;
  validUntil: number;
  cities: readonly CityCount[];
}

const byDb = new WeakMap<Db, Map<string, Counted>>();

/** The country's cities with live jobs and how many each has, sorted by name. */
export async function countCities(
  db: Db,
  country: string,
  now: number,
  liveSince: number,
): Promise<readonly CityCount[]> {
  let kept = byDb.get(db);
  if (!kept) byDb.set(db, (kept = new Map<string, Counted>()));
  const version = await repo.findJobsVersion(db);
  const known = kept.get(country);
  if (known && known.version === version && now < known.validUntil) return known.cities;
  const [rows, oldest] = await Promise.all([
    repo.countLiveJobsByCity(db, country, liveSince),
    repo.findOldestLivePublishedAt(db, country, liveSince),
  ]);
  // Sorted here, not in SQL, so both databases agree whatever their collation.
  const cities = rows.sort((a, b) => a.city.localeCompare(b.city, 'en'));
  kept.set(country, { version, validUntil: oldest === null ? Infinity : oldest + POSTING_LIFETIME_MS, cities });
  return cities;
}
