// A version per country beside the jobs version (006): `content_versions` row `jobs:<country>` moves
// with any change to a published job of that country, in the write's own transaction, and not with a
// draft's. What is kept per country (its keyword index, its search answers and pages, page starts,
// city counts) is then made stale only by a change in that country: an edit in Japan no longer makes
// Korea's kept search stale. A country's row is made by its first change (a version read before
// then is 0).
// Expand only: the previous release reads and moves the jobs version as before.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await createPostgresFunction(db);
    return;
  }
  await createSqliteTriggers(db, bump014);
}

/** PostgreSQL's function moving the versions (015 replaces it, and puts it back when undone). */
export async function createPostgresFunction(db: Kysely<unknown>): Promise<void> {
  // Written at commit (deferred, as 006's), the jobs row first and then the countries' in one
  // function, so two job writers always take the rows in the same order.
  await sql`
      create or replace function jobs_bump_list_version() returns trigger language plpgsql as $$
      declare
        countries text[] := '{}';
      begin
        update content_versions set version = version + 1 where name = 'jobs';
        if tg_op <> 'INSERT' then
          if old.published_at is not null then countries := countries || old.country::text; end if;
        end if;
        if tg_op <> 'DELETE' then
          if new.published_at is not null then countries := countries || new.country::text; end if;
        end if;
        insert into content_versions (name, version)
          select distinct 'jobs:' || c, 0 from unnest(countries) as c order by 1
          on conflict (name) do nothing;
        update content_versions set version = version + 1
          where name in (select 'jobs:' || c from unnest(countries) as c);
        return null;
      end $$`.execute(db);
}

// Not `insert or ignore`: inside a trigger the outer statement's conflict policy wins (a foreign
// key's action aborts), so the row is made only where it is missing.
export function bump014(row: 'old' | 'new'): RawBuilder<unknown> {
  return sql`
    insert into content_versions (name, version)
      select 'jobs:' || ${sql.raw(row)}.country, 0
      where not exists (select 1 from content_versions where name = 'jobs:' || ${sql.raw(row)}.country);
    update content_versions set version = version + 1 where name = 'jobs:' || ${sql.raw(row)}.country;`;
}

/** SQLite's four triggers moving the country versions, each running `bump` for the row it names (015 makes them again with its own). */
export async function createSqliteTriggers(
  db: Kysely<unknown>,
  bump: (row: 'old' | 'new') => RawBuilder<unknown>,
): Promise<void> {
  for (const name of ['insert', 'delete', 'update_old', 'update_new']) {
    await sql`drop trigger if exists ${sql.id(`jobs_country_version_${name}`)}`.execute(db);
  }
  await sql`
    create trigger jobs_country_version_insert after insert on jobs when new.published_at is not null begin
      ${bump('new')}
    end`.execute(db);
  await sql`
    create trigger jobs_country_version_delete after delete on jobs when old.published_at is not null begin
      ${bump('old')}
    end`.execute(db);
  // As 006's jobs version: a change of the job itself, not its version moving with a save or a photo.
  await sql`
    create trigger jobs_country_version_update_old after update on jobs
    when new.version = old.version and old.published_at is not null begin
      ${bump('old')}
    end`.execute(db);
  await sql`
    create trigger jobs_country_version_update_new after update on jobs
    when new.version = old.version and new.published_at is not null
      and (old.published_at is null or old.country <> new.country) begin
      ${bump('new')}
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function jobs_bump_list_version() returns trigger language plpgsql as $$
      begin
        update content_versions set version = version + 1 where name = 'jobs';
        return null;
      end $$`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update_old', 'update_new']) {
      await sql`drop trigger if exists ${sql.id(`jobs_country_version_${name}`)}`.execute(db);
    }
  }
  await sql`delete from content_versions where name like 'jobs:%'`.execute(db);
}
