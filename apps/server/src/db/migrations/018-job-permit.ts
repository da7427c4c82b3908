// The work permit a job's contract sheet names (a sponsored visa's, BEYOND §7) in a column of its
// own: the tile carries it (so a teacher's browser can say "You qualify" on every tile) and the
// `eligibleOnly` search filters by it. Written by db/job-terms.ts with the rest of the sheet; filled
// here from the sheets already stored.
// Expand only: a nullable column; the previous release writes sheets without it, which reads as a
// job naming no permit (eligibility unknown) until the sheet is saved again.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { writeTileJsonTrigger, type WrittenField } from '../job-fields.js';
import { TILE_JSON_FIELDS as TILE_JSON_FIELDS_016 } from './016-job-terms.js';

/** The tile's fields the database writes, and their columns, as of this migration. */
export const TILE_JSON_FIELDS = [
  ...TILE_JSON_FIELDS_016,
  ['permit', 'terms_permit'],
] as const satisfies readonly WrittenField[];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('jobs').addColumn('terms_permit', 'text').execute();
  const permit = postgres
    ? sql`case when (terms::json->'visa'->>'sponsored')::boolean then terms::json->'visa'->>'permit' end`
    : sql`case when json_extract(terms, '$.visa.sponsored') then json_extract(terms, '$.visa.permit') end`;
  await sql`update jobs set terms_permit = ${permit} where terms is not null`.execute(db);
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS_016);
  await db.schema.alterTable('jobs').dropColumn('terms_permit').execute();
}
