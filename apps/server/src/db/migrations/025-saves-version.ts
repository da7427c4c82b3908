// Who saved a posting gets a version of its own (job_saves), moved by the database with every save,
// unsave and cascade, in place of the posting's own version (jobs.version, migration 006). A posting's
// page shows a visitor nobody's saves, so it is kept at jobs.version alone and stays current through
// saves (decision 018); the posting's API answer names its savers and is kept at both.
// A save no longer rewrites the job's row (several kilobytes with its description), only this one.
// The previous release reads jobs.version alone for its posting answers: while both run, its kept
// answers name the savers as they were for up to RESPONSE_CACHE_MS. Expand only otherwise: a new table.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const EVENTS = [
  ['insert', 'new'],
  ['update', 'new'],
  ['delete', 'old'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_saves')
    .addColumn('job_id', 'varchar(36)', (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  // A job being deleted takes its saves with it (a cascade); its row here goes too, and none is made.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function favorites_bump_saves_version() returns trigger language plpgsql as $$
      declare
        changed text := case when tg_op = 'DELETE' then old.job_id else new.job_id end;
      begin
        insert into job_saves (job_id, version)
          select changed, 1 where exists (select 1 from jobs where id = changed)
          on conflict (job_id) do update set version = job_saves.version + 1;
        return null;
      end $$`.execute(db);
    await sql`drop trigger favorites_posting_version on favorites`.execute(db);
    await sql`
      create trigger favorites_saves_version after insert or update or delete on favorites
      for each row execute function favorites_bump_saves_version()`.execute(db);
    return;
  }
  for (const [event, row] of EVENTS) {
    const r = sql.raw(row);
    await sql`drop trigger ${sql.id(`favorites_posting_version_${event}`)}`.execute(db);
    // Not an upsert: inside a trigger the outer statement's conflict policy wins (014).
    await sql`
      create trigger ${sql.id(`favorites_saves_version_${event}`)} after ${sql.raw(event)} on favorites begin
        insert into job_saves (job_id, version)
          select ${r}.job_id, 0 where exists (select 1 from jobs where id = ${r}.job_id)
            and not exists (select 1 from job_saves where job_id = ${r}.job_id);
        update job_saves set version = version + 1 where job_id = ${r}.job_id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger favorites_saves_version on favorites`.execute(db);
    await sql`drop function favorites_bump_saves_version()`.execute(db);
    await sql`
      create trigger favorites_posting_version after insert or update or delete on favorites
      for each row execute function jobs_bump_posting_version()`.execute(db);
  } else {
    for (const [event, row] of EVENTS) {
      await sql`drop trigger ${sql.id(`favorites_saves_version_${event}`)}`.execute(db);
      await sql`
        create trigger ${sql.id(`favorites_posting_version_${event}`)} after ${sql.raw(event)} on favorites begin
          update jobs set version = version + 1 where id = ${sql.raw(row)}.job_id;
        end`.execute(db);
    }
  }
  await db.schema.dropTable('job_saves').execute();
}
