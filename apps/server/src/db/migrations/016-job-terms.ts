// The contract sheet of a job (BEYOND §6): the sheet as JSON, the tile's salary and badges as JSON
// (the tile's new fields), and what the search filters read of it (db/job-terms.ts writes them all).
// The tile's writer gains the two fields (PostgreSQL's trigger and SQLite's covering tile index,
// db/job-fields.ts), the filters have an index per country of the live jobs with a sheet, and a
// job alert keeps the filters it was made with (`job_alerts.terms_filter`).
// Expand only: every column is nullable or has a default, and the previous release writes jobs
// without them (their tile holds no salary and no badges, which is what a job without a sheet shows).
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { writeTileJsonTrigger, type WrittenField } from '../job-fields.js';
import { TILE_JSON_FIELDS as TILE_JSON_FIELDS_013 } from './013-tile-json-from-fields.js';

/** The tile's fields the database writes, and their columns, as of this migration. */
export const TILE_JSON_FIELDS = [
  ...TILE_JSON_FIELDS_013,
  ['salary', 'tile_salary', true],
  ['badges', 'tile_badges', true],
] as const satisfies readonly WrittenField[];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('jobs').addColumn('terms', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('tile_salary', 'text').execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('tile_badges', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('terms_flags', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('terms_month_pay', postgres ? 'double precision' : 'real')
    .execute();
  await db.schema.alterTable('jobs').addColumn('terms_teaching_hours', 'integer').execute();
  await db.schema
    .alterTable('job_alerts')
    .addColumn('terms_filter', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS);
  await sql`
    create index jobs_terms_idx on jobs (country, terms_flags, published_at)
    where published_at is not null and terms is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists jobs_terms_idx`.execute(db);
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS_013);
  await db.schema.alterTable('job_alerts').dropColumn('terms_filter').execute();
  for (const column of [
    'terms_teaching_hours',
    'terms_month_pay',
    'terms_flags',
    'tile_badges',
    'tile_salary',
    'terms',
  ]) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
}
