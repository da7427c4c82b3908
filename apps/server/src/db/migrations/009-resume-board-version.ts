// A version of the resume board kept by the database itself, like the jobs version (migration 006):
// `content_versions.resumes` moves with any change to a published resume (or to one being published
// or unpublished), in the write's own transaction, whatever wrote it. The board index held in the
// process (features/resumes/board-index.ts) answers only at the version it was made at.
// Expand only: the previous release neither reads nor writes it, and its writes move it too.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The writes that change what the board shows, and when. */
const EVENTS = [
  ['insert', 'new.published_at is not null'],
  ['update', 'old.published_at is not null or new.published_at is not null'],
  ['delete', 'old.published_at is not null'],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into content_versions (name, version) values ('resumes', 0)`.execute(db);
  if (isPostgres(db)) {
    await sql`
      create function resumes_bump_board_version() returns trigger language plpgsql as $$
      begin
        update content_versions set version = version + 1 where name = 'resumes';
        return null;
      end $$`.execute(db);
  }
  for (const [event, when] of EVENTS) {
    const name = sql.id(`resumes_board_version_${event}`);
    // PostgreSQL writes it at commit (deferred), after every other lock the transaction takes, as the
    // jobs version.
    await (
      isPostgres(db)
        ? sql`
          create constraint trigger ${name} after ${sql.raw(event)} on resumes
          deferrable initially deferred for each row when (${sql.raw(when)})
          execute function resumes_bump_board_version()`
        : sql`
          create trigger ${name} after ${sql.raw(event)} on resumes when ${sql.raw(when)} begin
            update content_versions set version = version + 1 where name = 'resumes';
          end`
    ).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`resumes_board_version_${event}`)}${
      isPostgres(db) ? sql` on resumes` : sql``
    }`.execute(db);
  }
  if (isPostgres(db)) {
    await sql`drop function if exists resumes_bump_board_version()`.execute(db);
  }
  await sql`delete from content_versions where name = 'resumes'`.execute(db);
}
