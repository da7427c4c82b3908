// A change feed of each country's published jobs: every move of a country's jobs version
// (content_versions `jobs:<country>`, migration 014) writes which job moved it, under the version it
// moved to, in the same statement. An instance holding a country's keyword index made at version v
// reads the rows after v and reads again only the jobs they name (features/job-board/
// kept-keyword-index.ts), rather than the whole country. The rows of a country's last KEPT_CHANGES
// versions are kept; an instance further behind than that indexes the country anew. A version
// reached again (a version row put back, as a restore may) names every job that reached it.
// Expand only: the previous release reads and moves the versions as before and never reads the feed.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { bump014, createPostgresFunction, createSqliteTriggers } from './014-country-versions.js';

/** Versions of each country kept in the feed. */
const KEPT_CHANGES = 1_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_changes')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_changes_pkey', ['name', 'version', 'job_id'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // As 014's, with each country's new version written to the feed with the job that moved it.
    await sql`
      create or replace function jobs_bump_list_version() returns trigger language plpgsql as $$
      declare
        countries text[] := '{}';
        changed text;
      begin
        update content_versions set version = version + 1 where name = 'jobs';
        if tg_op <> 'INSERT' then
          changed := old.id;
          if old.published_at is not null then countries := countries || old.country::text; end if;
        end if;
        if tg_op <> 'DELETE' then
          changed := new.id;
          if new.published_at is not null then countries := countries || new.country::text; end if;
        end if;
        insert into content_versions (name, version)
          select distinct 'jobs:' || c, 0 from unnest(countries) as c order by 1
          on conflict (name) do nothing;
        with bumped as (
          update content_versions set version = version + 1
            where name in (select 'jobs:' || c from unnest(countries) as c)
            returning name, version
        ), written as (
          insert into job_changes (name, version, job_id) select name, version, changed from bumped
            on conflict do nothing
        )
        delete from job_changes using bumped
          where job_changes.name = bumped.name and job_changes.version <= bumped.version - ${sql.lit(KEPT_CHANGES)};
        return null;
      end $$`.execute(db);
    return;
  }
  const bump = (row: 'old' | 'new'): RawBuilder<unknown> => {
    const r = sql.raw(row);
    return sql`
    insert into content_versions (name, version)
      select 'jobs:' || ${r}.country, 0
      where not exists (select 1 from content_versions where name = 'jobs:' || ${r}.country);
    update content_versions set version = version + 1 where name = 'jobs:' || ${r}.country;
    insert into job_changes (name, version, job_id)
      select v.name, v.version, ${r}.id from content_versions v
      where v.name = 'jobs:' || ${r}.country and not exists (
        select 1 from job_changes c where c.name = v.name and c.version = v.version and c.job_id = ${r}.id);
    delete from job_changes where name = 'jobs:' || ${r}.country
      and version <= (select version from content_versions where name = 'jobs:' || ${r}.country) - ${sql.lit(KEPT_CHANGES)};`;
  };
  await createSqliteTriggers(db, bump);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await createPostgresFunction(db);
  else await createSqliteTriggers(db, bump014);
  await db.schema.dropTable('job_changes').execute();
}
