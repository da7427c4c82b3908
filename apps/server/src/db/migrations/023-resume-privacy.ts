// Resume privacy (BEYOND §11): whether a teacher's resume is on the board or open only to the schools
// they applied to, the e-mail domains it is hidden from, and who viewed it (once per account a day).
// A change of privacy changes the board, so it moves the board's version (content_versions.resumes)
// as a change of the resume does; on PostgreSQL at commit, as migration 009's.
// Expand only: new tables; the previous release shows every published resume, as `board` does.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const EVENTS = ['insert', 'update', 'delete'] as const;
const TABLES = ['resume_privacy', 'resume_hidden_domains'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('resume_privacy')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // board or applications_only.
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('resume_hidden_domains')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('resume_hidden_domains_pkey', ['user_id', 'domain'])
    .execute();
  await db.schema
    .createTable('resume_views')
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('viewer_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The UTC day of the view: one row per viewer a day.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('resume_views_pkey', ['owner_id', 'viewer_id', 'day'])
    .execute();
  await db.schema.createIndex('resume_views_owner_idx').on('resume_views').columns(['owner_id', 'at']).execute();
  for (const table of TABLES) {
    for (const event of EVENTS) {
      const name = sql.id(`${table}_board_version_${event}`);
      await (
        postgres
          ? sql`
            create constraint trigger ${name} after ${sql.raw(event)} on ${sql.id(table)}
            deferrable initially deferred for each row execute function resumes_bump_board_version()`
          : sql`
            create trigger ${name} after ${sql.raw(event)} on ${sql.id(table)} begin
              update content_versions set version = version + 1 where name = 'resumes';
            end`
      ).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resume_views').execute();
  await db.schema.dropTable('resume_hidden_domains').execute();
  await db.schema.dropTable('resume_privacy').execute();
}
