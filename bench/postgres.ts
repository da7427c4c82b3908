// Loads the generated jobs into a PostgreSQL database for the PostgreSQL list scenario.
import SQLite from 'better-sqlite3';
import { sql, type InsertObject } from 'kysely';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';

export async function copyJobsToPostgres(sqliteFile: string, url: string): Promise<void> {
  const pg = createDb(url);
  await migrateToLatest(pg);
  await sql`truncate users cascade`.execute(pg);
  const src = new SQLite(sqliteFile, { readonly: true });
  for (const table of ['users', 'jobs'] as const) {
    const rows = src.prepare(`select * from ${table}`).all() as Record<string, unknown>[];
    for (let i = 0; i < rows.length; i += 1000) {
      // The rows come from the same table of the same schema, on SQLite.
      await pg
        .insertInto(table)
        .values(rows.slice(i, i + 1000) as InsertObject<Database, typeof table>[])
        .execute();
    }
  }
  await sql`analyze`.execute(pg);
  src.close();
  await pg.destroy();
}
