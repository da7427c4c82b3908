// The database's tile writer made from the job field table's builder (db/job-fields.ts) instead of the
// expression written out by hand in 007: PostgreSQL's trigger function and its column list are
// re-created from this list, and SQLite's covering tile index from the same columns. The tile is the
// same text as 007's (the same keys, in the same order), so no row is written again.
// A migration keeps the fields of its day: the next tile field's migration passes
// [...TILE_JSON_FIELDS, [key, column]] (job-fields.ts, at the top).
// Expand only: the previous release reads the same tile_json and the same index.
import type { Kysely } from 'kysely';
import { writeTileJsonTrigger, type WrittenField } from '../job-fields.js';

/** The tile's fields the database writes, and their columns, as of this migration. */
export const TILE_JSON_FIELDS = [
  ['uuid', 'id'],
  ['title', 'title'],
  ['companyName', 'company_name'],
  ['country', 'country'],
  ['city', 'city'],
  ['ageGroup', 'age_group'],
  ['pay', 'pay'],
  ['startDate', 'start_date'],
  ['duration', 'duration'],
  ['classSize', 'class_size'],
  ['thumbnail', 'tile_thumbnail'],
] as const satisfies readonly WrittenField[];

export async function up(db: Kysely<unknown>): Promise<void> {
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS);
}

/** 007's writer and 006's index hold the same fields: there is nothing to put back. */
export async function down(): Promise<void> {}
