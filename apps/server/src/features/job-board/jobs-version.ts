// The jobs version (content_versions.jobs, db/migrations/006-read-paths.ts) for readers outside the
// feature: it moves with any change to any job, by a trigger in the write's own transaction, and not
// with a save or a photo (those move only their posting's version, service.ts postingVersion).
import type { Deps } from '../../deps.js';
import * as repo from './repo.js';

/** Of every job, or of one country's published jobs (db/migrations/014-country-versions.ts). */
export function jobsVersion(deps: Deps, country?: string): Promise<number> {
  return repo.findJobsVersion(deps.db, country);
}
