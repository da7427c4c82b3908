// School profiles (BEYOND §8): the schools an employer creates, the registration checks an operator
// decides (the operator's role on the account, and an audit log of every operator action, §9), and
// the school a job is posted under. The tile carries the school as JSON in a column of its own
// (`tile_school`, written by features/schools whenever the school's name, kind or checks change), so a
// page of tiles is still read from the jobs row alone.
// Expand only: new tables and nullable columns; the previous release writes jobs without a school,
// which read as posted under none.
import { sql, type Kysely } from 'kysely';
import { writeTileJsonTrigger, type WrittenField } from '../job-fields.js';
import { TILE_JSON_FIELDS as TILE_JSON_FIELDS_018 } from './018-job-permit.js';

/** The tile's fields the database writes, and their columns, as of this migration. */
export const TILE_JSON_FIELDS = [
  ...TILE_JSON_FIELDS_018,
  ['school', 'tile_school', true],
] as const satisfies readonly WrittenField[];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schools')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('about_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('founded_year', 'integer')
    .addColumn('foreign_teachers', 'integer')
    .addColumn('logo', 'text')
    // When its registration check was approved: `verified` on every tile and page.
    .addColumn('verified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schools_user_idx').on('schools').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('schools_place_idx').on('schools').columns(['country', 'city', 'name']).execute();

  await db.schema
    .createTable('school_verifications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('school_id', 'varchar(36)', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The number in its compact form, as its check digits were checked.
    .addColumn('registration_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'bigint')
    .addColumn('checked_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('school_verifications_school_idx')
    .on('school_verifications')
    .columns(['school_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('school_verifications_status_idx')
    .on('school_verifications')
    .columns(['status', 'requested_at'])
    .execute();
  // One school holds a number verified: a second approval of it fails here, whatever the race.
  await db.schema
    .createIndex('school_verifications_claimed_idx')
    .on('school_verifications')
    .columns(['kind', 'registration_number'])
    .unique()
    .where(sql.ref('status'), '=', 'approved')
    .execute();

  // The operator's role (BEYOND §9): since when the account is an operator, or null.
  await db.schema.alterTable('users').addColumn('operator_since', 'bigint').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // The operator; kept as their address too, so the log still says who once the account is gone.
    .addColumn('actor_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

  await db.schema
    .alterTable('jobs')
    .addColumn('school_id', 'varchar(36)', (c) => c.references('schools.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('jobs').addColumn('tile_school', 'text').execute();
  await db.schema.createIndex('jobs_school_idx').on('jobs').columns(['school_id', 'published_at']).execute();
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await writeTileJsonTrigger(db, TILE_JSON_FIELDS_018);
  await db.schema.dropIndex('jobs_school_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('tile_school').execute();
  await db.schema.alterTable('jobs').dropColumn('school_id').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('users').dropColumn('operator_since').execute();
  await db.schema.dropTable('school_verifications').execute();
  await db.schema.dropTable('schools').execute();
}
