// Migrations apart from start-up: `npm run migrate` applies and prints them; a server started with
// MIGRATE_ON_START=0 refuses a database that lacks one; a database a newer release migrated is served.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dialect } from '../../test/harness.js';
import { runMigrations } from '../migrate.js';
import { createDb, type Db } from './create-db.js';
import { MIGRATION_NAMES, prepareSchema, readMigrationState, SchemaNotReadyError } from './migrate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LATEST = MIGRATION_NAMES.at(-1)!;

function run(script: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

async function withDatabase(test: (db: Db, url: string) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  const db = createDb(database.url);
  try {
    await test(db, database.url);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

describe(`migrations (${dialect})`, () => {
  it('npm run migrate applies what the database lacks, prints it, and then has nothing to apply', async () => {
    await withDatabase(async (db, url) => {
      const first = run('apps/server/src/migrate.ts', { DATABASE_URL: url });
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^Migrating the database at (sqlite:|postgres:\/\/\*\*\*@)/) as string,
        ...MIGRATION_NAMES.map((name) => `Applied ${name}`),
        `The database is at the latest migration (${LATEST}).`,
      ]);
      expect(await readMigrationState(db)).toEqual({ pending: [], newer: [] });
      expect(await runMigrations(db)).toEqual([
        `Nothing to apply: the database is at the latest migration (${LATEST}).`,
      ]);
    });
  });

  it('with MIGRATE_ON_START=0 the server refuses, in one line, a database that lacks a migration', async () => {
    await withDatabase(async (_db, url) => {
      const res = run('apps/server/src/main.ts', { DATABASE_URL: url, MIGRATE_ON_START: '0', PORT: '1' });
      expect(res.status).toBe(1);
      expect(res.stderr.trim().split('\n')).toEqual([
        `The database is not at the latest migration (${MIGRATION_NAMES.join(', ')} not applied) and MIGRATE_ON_START=0: run npm run migrate first`,
      ]);
    });
  });

  it('a starting process migrates by default, checks only with MIGRATE_ON_START=0, and serves a newer schema', async () => {
    await withDatabase(async (db) => {
      await expect(prepareSchema(db, false)).rejects.toBeInstanceOf(SchemaNotReadyError);
      expect(await readMigrationState(db)).toEqual({ pending: MIGRATION_NAMES, newer: [] });
      expect(await prepareSchema(db, true)).toEqual({ applied: MIGRATION_NAMES, pending: [], newer: [] });
      expect(await prepareSchema(db, false)).toEqual({ applied: [], pending: [], newer: [] });

      // A newer release has run its own migration: this one starts on it, migrating nothing.
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', ${new Date().toISOString()})`.execute(
        db,
      );
      const newer = { applied: [], pending: [], newer: ['999-from-a-newer-release'] };
      expect(await prepareSchema(db, true)).toEqual(newer);
      expect(await prepareSchema(db, false)).toEqual(newer);
      expect(await runMigrations(db)).toEqual([
        'Nothing to apply: a newer release has migrated the database (999-from-a-newer-release).',
      ]);

      // Newer migrations and missing ones together: another line of releases; nothing starts on it.
      await sql`delete from kysely_migration where name = ${LATEST}`.execute(db);
      await expect(prepareSchema(db, true)).rejects.toThrow(/belongs to another line of releases/);
    });
  });
});
