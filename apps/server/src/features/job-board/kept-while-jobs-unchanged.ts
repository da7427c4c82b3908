// Results worked out from one country's jobs and kept while they are exact: each is tagged with the
// country's jobs version read before it was worked out (content_versions `jobs:<country>`,
// db/migrations/014-country-versions.ts), so any change to a published job of that country, by any
// instance or command, makes the next request work it out anew, and with the
// moment it stops being exact with no write at all (an expiry). A request pays one index look-up for
// the version. Kept per database, the least recently used going first past `maxKeys`
// (lib/bounded-cache.ts).
import type { Db } from '../../db/create-db.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import * as repo from './repo.js';

interface Kept<T> {
  version: number;
  validUntil: number;
  value: T;
}

interface Worked<T> {
  value: T;
  /** When it stops being exact with no write (Infinity: only a write changes it). */
  validUntil: number;
}

type WorkOut<T> = () => Promise<Worked<T>>;

export function keptWhileJobsUnchanged<T>(maxKeys: number) {
  const byDb = new WeakMap<Db, BoundedCache<string, Kept<T>>>();
  /** The value kept at `version` (a jobs version this request has read), or worked out anew. */
  const atVersion = async (db: Db, key: string, version: number, now: number, workOut: WorkOut<T>) => {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = new BoundedCache<string, Kept<T>>(maxKeys)));
    const entry = kept.get(key);
    if (entry && entry.version === version && now < entry.validUntil) return entry;
    const worked = { version, ...(await workOut()) };
    kept.set(key, worked);
    return worked;
  };
  /** The value with the country's jobs version it is exact at (read for this request). */
  const withVersion = async (
    db: Db,
    country: string,
    key: string,
    now: number,
    workOut: WorkOut<T>,
  ): Promise<Kept<T>> => atVersion(db, key, await repo.findJobsVersion(db, country), now, workOut);
  const value = async (db: Db, country: string, key: string, now: number, workOut: WorkOut<T>): Promise<T> =>
    (await withVersion(db, country, key, now, workOut)).value;
  return Object.assign(value, { withVersion, atVersion });
}
