// The schema's migrations, in order, and what a starting process or `npm run migrate` does with them.
import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db.js';
import * as m001 from './migrations/001-initial.js';
import * as m002 from './migrations/002-job-takedown.js';
import * as m003 from './migrations/003-job-title-and-keywords.js';
import * as m004 from './migrations/004-job-alerts.js';
import * as m005 from './migrations/005-applications.js';
import * as m006 from './migrations/006-read-paths.js';
import * as m007 from './migrations/007-tile-json.js';
import * as m008 from './migrations/008-keyword-country.js';
import * as m009 from './migrations/009-resume-board-version.js';
import * as m010 from './migrations/010-sitemap-index.js';
import * as m011 from './migrations/011-mail-attempts.js';
import * as m012 from './migrations/012-alert-mailbox.js';
import * as m013 from './migrations/013-tile-json-from-fields.js';
import * as m014 from './migrations/014-country-versions.js';
import * as m015 from './migrations/015-job-changes.js';
import * as m016 from './migrations/016-job-terms.js';
import * as m017 from './migrations/017-eligibility-facts.js';
import * as m018 from './migrations/018-job-permit.js';
import * as m019 from './migrations/019-board-eligibility.js';
import * as m020 from './migrations/020-schools.js';
import * as m021 from './migrations/021-trust-and-safety.js';
import * as m022 from './migrations/022-hiring-conversation.js';
import * as m023 from './migrations/023-resume-privacy.js';
import * as m024 from './migrations/024-posting-pages.js';
import * as m025 from './migrations/025-saves-version.js';

// Migrations are listed here by hand so the order is explicit and bundlers can see them.
const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-job-takedown': m002,
  '003-job-title-and-keywords': m003,
  '004-job-alerts': m004,
  '005-applications': m005,
  '006-read-paths': m006,
  '007-tile-json': m007,
  '008-keyword-country': m008,
  '009-resume-board-version': m009,
  '010-sitemap-index': m010,
  '011-mail-attempts': m011,
  '012-alert-mailbox': m012,
  '013-tile-json-from-fields': m013,
  '014-country-versions': m014,
  '015-job-changes': m015,
  '016-job-terms': m016,
  '017-eligibility-facts': m017,
  '018-job-permit': m018,
  '019-board-eligibility': m019,
  '020-schools': m020,
  '021-trust-and-safety': m021,
  '022-hiring-conversation': m022,
  '023-resume-privacy': m023,
  '024-posting-pages': m024,
  '025-saves-version': m025,
};

/** Every migration's name, oldest first; the last is the schema this release is written for. */
export const MIGRATION_NAMES = Object.keys(migrations).sort();

/**
 * Each migration as written, started with PostgreSQL's deferred triggers fired. Migrations run in one
 * transaction, and the jobs and resumes versions move by triggers deferred to commit: an earlier
 * migration's writes (007 writes every job) would leave them pending, and PostgreSQL builds no index
 * on a table with pending trigger events.
 */
const provider: MigrationProvider = {
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(migrations).map(([name, migration]): [string, Migration] => [
        name,
        {
          ...migration,
          up: async (db) => {
            if (db.getExecutor().adapter instanceof PostgresAdapter)
              await sql`set constraints all immediate`.execute(db);
            await migration.up(db);
          },
        },
      ]),
    ),
};

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider });
}

async function migrate(db: Db, run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const { error, results } = await run(migrator(db));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every migration the database lacks; answers their names, in the order applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/** Applies migrations up to and including `name` (tests that step through the schema's history). */
export async function migrateUpTo(db: Db, name: string): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(name));
}

export interface MigrationState {
  /** This release's migrations the database has not had. */
  pending: string[];
  /** Migrations the database has had that this release does not know: a newer release ran them. */
  newer: string[];
}

export async function readMigrationState(db: Db): Promise<MigrationState> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === 'kysely_migration')
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
    : [];
  return {
    pending: MIGRATION_NAMES.filter((name) => !applied.includes(name)),
    newer: applied.filter((name) => !MIGRATION_NAMES.includes(name)).sort(),
  };
}

/** Why a process will not start on this database; its message is the one line to print. */
export class SchemaNotReadyError extends Error {}

/**
 * What a starting process does with the schema. With `migrate` (MIGRATE_ON_START=1) it applies what
 * is missing; without, it refuses a database that lacks a migration. A database a newer release has
 * migrated is served as it is: migrations only ever expand the schema (docs/OPERATIONS.md), so this
 * release's queries still work on it, and a rolled-back or not yet replaced instance can start.
 */
export async function prepareSchema(db: Db, migrate: boolean): Promise<MigrationState & { applied: string[] }> {
  const state = await readMigrationState(db);
  if (state.newer.length > 0 && state.pending.length > 0) {
    throw new SchemaNotReadyError(
      `The database has migrations this release does not know (${state.newer.join(', ')}) and lacks some of its own (${state.pending.join(', ')}): it belongs to another line of releases`,
    );
  }
  if (state.newer.length > 0) return { ...state, applied: [] };
  if (migrate) return { pending: [], newer: [], applied: await migrateToLatest(db) };
  if (state.pending.length > 0) {
    throw new SchemaNotReadyError(
      `The database is not at the latest migration (${state.pending.join(', ')} not applied) and MIGRATE_ON_START=0: run npm run migrate first`,
    );
  }
  return { ...state, applied: [] };
}
