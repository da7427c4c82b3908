// Applying on site: one application per teacher and job (a unique key, so ten requests at once make
// one), and every stage it reaches with its time.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const identity = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cover_letter', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('applications_job_user_key', ['job_id', 'user_id'])
    .execute();
  await db.schema.createIndex('applications_user_idx').on('applications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('application_events')
    .addColumn('id', 'integer', identity)
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_events_application_idx')
    .on('application_events')
    .column('application_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_events').execute();
  await db.schema.dropTable('applications').execute();
}
