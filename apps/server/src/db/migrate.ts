import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db.js';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-job-takedown.js';
import * as m003 from './migrations/003-job-title-and-keywords.js';
import * as m004 from './migrations/004-job-alerts.js';
import * as m005 from './migrations/005-applications.js';
import * as m006 from './migrations/006-read-paths.js';

// Migrations are listed here by hand so the order is explicit and bundlers can see them.
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-job-takedown': m002,
  '003-job-title-and-keywords': m003,
  '004-job-alerts': m004,
  '005-applications': m005,
  '006-read-paths': m006,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
