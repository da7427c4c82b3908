// Trust and safety (BEYOND §9): reports of a posting, a job held for review (closed as a takedown
// closes it, its publication kept to be given back on release), and an account an operator suspended.
// Expand only: a new table and nullable columns; the previous release reads a held job as expired.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_reports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    // Null for a report made without an account (or an account deleted since).
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // open, dismissed or removed (the job taken down).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('job_reports_job_idx')
    .on('job_reports')
    .columns(['job_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('job_reports_queue_idx').on('job_reports').columns(['status', 'created_at']).execute();
  // One open report of a job by one account, whatever the race (a report without an account is null,
  // and nulls never collide).
  await db.schema
    .createIndex('job_reports_open_idx')
    .on('job_reports')
    .columns(['job_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  // When it was held, and the publication it had: a release gives it back.
  await db.schema.alterTable('jobs').addColumn('held_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('held_published_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('jobs').dropColumn('held_published_at').execute();
  await db.schema.alterTable('jobs').dropColumn('held_at').execute();
  await db.schema.dropTable('job_reports').execute();
}
