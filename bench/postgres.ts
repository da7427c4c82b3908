// Loads the generated users and jobs into a PostgreSQL database for the PostgreSQL scenarios, with the
// expiry notices the SQLite servers have already claimed: without them each PostgreSQL server would
// start by writing a notice for every posting due one, in the middle of the first measurement.
import SQLite from 'better-sqlite3';
import { sql, type InsertObject } from 'kysely';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database } from '../apps/server/src/db/schema.js';

const BATCH = 1000;
/**
 * Batches PostgreSQL works on while the next ones are read: indexing the search text of 100,000
 * postings is most of the copy, and it runs in the database's processes, beside this one.
 */
const IN_FLIGHT = 2;

export async function copyJobsToPostgres(sqliteFile: string, url: string): Promise<void> {
  const pg = createDb(url);
  await migrateToLatest(pg);
  await sql`truncate users cascade`.execute(pg);
  const src = new SQLite(sqliteFile, { readonly: true });
  try {
    for (const table of ['users', 'jobs', 'expiry_notices'] as const) {
      const inFlight: Promise<unknown>[] = [];
      const settle = async () => {
        const error = await inFlight.shift();
        if (error) throw error;
      };
      const send = async (rows: Record<string, unknown>[]) => {
        // The rows come from the same table of the same schema, on SQLite.
        const insert = pg
          .insertInto(table)
          .values(rows as InsertObject<Database, typeof table>[])
          .execute();
        inFlight.push(
          insert.then(
            () => null,
            (err: unknown) => err,
          ),
        );
        if (inFlight.length >= IN_FLIGHT) await settle();
      };
      let rows: Record<string, unknown>[] = [];
      for (const row of src.prepare(`select * from ${table}`).iterate() as IterableIterator<Record<string, unknown>>) {
        rows.push(row);
        if (rows.length === BATCH) {
          await send(rows);
          rows = [];
        }
      }
      if (rows.length > 0) await send(rows);
      while (inFlight.length > 0) await settle();
    }
    // Vacuumed as autovacuum would soon do on its own (in the middle of a measurement): the visibility
    // map lets the list's index-only scans skip the table, as they do in a database in service.
    await sql`vacuum analyze`.execute(pg);
  } finally {
    src.close();
    await pg.destroy();
  }
}
