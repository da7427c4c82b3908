// `npm run migrate`: applies the migrations the database at DATABASE_URL lacks, prints each, exits.
// Several machines run it once before the new release starts, with MIGRATE_ON_START=0 on every
// instance (docs/OPERATIONS.md, Migrations).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit } from './config.js';
import { createDb, withoutCredentials, type Db } from './db/create-db.js';
import { MIGRATION_NAMES, migrateToLatest, readMigrationState } from './db/migrate.js';

/** Brings the database to this release's latest migration; answers the lines to print. */
export async function runMigrations(db: Db): Promise<string[]> {
  const latest = MIGRATION_NAMES.at(-1)!;
  const { newer } = await readMigrationState(db);
  if (newer.length > 0) {
    return [`Nothing to apply: a newer release has migrated the database (${newer.join(', ')}).`];
  }
  const applied = await migrateToLatest(db);
  if (applied.length === 0) return [`Nothing to apply: the database is at the latest migration (${latest}).`];
  return [...applied.map((name) => `Applied ${name}`), `The database is at the latest migration (${latest}).`];
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = createDb(config.databaseUrl);
  let code = 0;
  try {
    process.stdout.write(`Migrating the database at ${withoutCredentials(config.databaseUrl)}\n`);
    for (const line of await runMigrations(db)) process.stdout.write(`${line}\n`);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    code = 1;
  } finally {
    await db.destroy();
  }
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
