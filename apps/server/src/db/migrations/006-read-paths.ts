// What the hottest reads need to stay cheap and exact:
// - covering indexes of every tile column, so a country's newest jobs and a filtered page of the
//   resume board are read from an index alone;
// - versions kept by the database itself: `content_versions.jobs` changes with any change to any job
//   (what every search shows), and `jobs.version` with any change to one posting, its photos or its
//   saves. Triggers keep them in the write's own transaction, whatever wrote it (a request, another
//   instance, an operator command), so a rendered page or a page-to-key map tagged with a version can
//   never be served after the data it shows has changed.
// Expand only: the previous release neither reads nor writes these, and its writes bump them too.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** What the resume board filters by and shows, kept in its index so a filtered page never reads rows. */
const RESUME_TILE_COLUMNS = [
  'nationality',
  'education',
  'experience',
  'desired_country',
  'desired_start_date',
  'desired_age_group',
  'name',
  'profile_image',
] as const;

/** The tile columns its covering index carries beside its keys (migration 007 restores them on the way down). */
export const TILE_COLUMNS = [
  'title',
  'company_name',
  'city',
  'age_group',
  'pay',
  'start_date',
  'duration',
  'class_size',
  'tile_thumbnail',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('jobs')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('content_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into content_versions (name, version) values ('jobs', 0)`.execute(db);

  if (isPostgres) {
    // PostgreSQL reads the tile columns from the index too (INCLUDE), once the visibility map allows.
    await sql`
      create index jobs_tiles_idx on jobs (country, published_at, id)
      include (${sql.join(TILE_COLUMNS.map((c) => sql.id(c)))})
      where published_at is not null`.execute(db);
    // The job's own version moves in its own row, at once.
    await sql`
      create index resumes_board_tiles_idx on resumes (last_updated_at, id)
      include (${sql.join(RESUME_TILE_COLUMNS.map((c) => sql.id(c)))}, published_at)
      where published_at is not null`.execute(db);
    await sql`
      create function jobs_bump_version() returns trigger language plpgsql as $$
      begin
        -- A change of the posting itself (saves and photos move the version themselves).
        if new.version = old.version then
          new.version := old.version + 1;
        end if;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger jobs_version_update before update on jobs
      for each row execute function jobs_bump_version()`.execute(db);
    // The one row of the list version is written only at commit (deferred), after every other lock
    // the transaction takes, so a job write holding it can never wait for a lock held by another
    // transaction that waits for it.
    await sql`
      create function jobs_bump_list_version() returns trigger language plpgsql as $$
      begin
        update content_versions set version = version + 1 where name = 'jobs';
        return null;
      end $$`.execute(db);
    await sql`
      create constraint trigger jobs_list_version_insert_delete after insert or delete on jobs
      deferrable initially deferred for each row execute function jobs_bump_list_version()`.execute(db);
    await sql`
      create constraint trigger jobs_list_version_update after update on jobs
      deferrable initially deferred for each row
      when ((to_jsonb(old) - 'version') is distinct from (to_jsonb(new) - 'version'))
      execute function jobs_bump_list_version()`.execute(db);
    await sql`
      create function jobs_bump_posting_version() returns trigger language plpgsql as $$
      begin
        update jobs set version = version + 1
        where id = (case when tg_op = 'DELETE' then old.job_id else new.job_id end);
        return null;
      end $$`.execute(db);
    for (const table of ['favorites', 'job_images']) {
      await sql`
        create trigger ${sql.id(`${table}_posting_version`)} after insert or update or delete on ${sql.id(table)}
        for each row execute function jobs_bump_posting_version()`.execute(db);
    }
  } else {
    // SQLite stores the tile columns in the index itself.
    await sql`
      create index jobs_tiles_idx on jobs (country, published_at, id, ${sql.join(TILE_COLUMNS.map((c) => sql.id(c)))})
      where published_at is not null`.execute(db);
    await sql`
      create index resumes_board_tiles_idx on resumes
      (last_updated_at, id, ${sql.join(RESUME_TILE_COLUMNS.map((c) => sql.id(c)))}, published_at)
      where published_at is not null`.execute(db);
    await sql`
      create trigger jobs_versions_update after update on jobs when new.version = old.version begin
        update jobs set version = old.version + 1 where id = new.id;
        update content_versions set version = version + 1 where name = 'jobs';
      end`.execute(db);
    for (const event of ['insert', 'delete']) {
      await sql`
        create trigger ${sql.id(`jobs_versions_${event}`)} after ${sql.raw(event)} on jobs begin
          update content_versions set version = version + 1 where name = 'jobs';
        end`.execute(db);
    }
    for (const table of ['favorites', 'job_images']) {
      for (const [event, row] of [
        ['insert', 'new'],
        ['update', 'new'],
        ['delete', 'old'],
      ] as const) {
        await sql`
          create trigger ${sql.id(`${table}_posting_version_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
            update jobs set version = version + 1 where id = ${sql.raw(row)}.job_id;
          end`.execute(db);
      }
    }
  }
  // The tile indexes start with the same columns, so they serve every search the old ones did.
  await db.schema.dropIndex('jobs_search_idx').execute();
  await db.schema.dropIndex('resumes_board_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createIndex('resumes_board_idx')
    .on('resumes')
    .columns(['last_updated_at', 'id'])
    .where(sql.ref('published_at'), 'is not', null)
    .execute();
  await db.schema.dropIndex('resumes_board_tiles_idx').execute();
  await db.schema
    .createIndex('jobs_search_idx')
    .on('jobs')
    .columns(['country', 'published_at', 'id'])
    .where(sql.ref('published_at'), 'is not', null)
    .execute();
  if (isPostgres) {
    await sql`drop trigger if exists favorites_posting_version on favorites`.execute(db);
    await sql`drop trigger if exists job_images_posting_version on job_images`.execute(db);
    await sql`drop trigger if exists jobs_list_version_insert_delete on jobs`.execute(db);
    await sql`drop trigger if exists jobs_list_version_update on jobs`.execute(db);
    await sql`drop trigger if exists jobs_version_update on jobs`.execute(db);
    await sql`drop function if exists jobs_bump_posting_version`.execute(db);
    await sql`drop function if exists jobs_bump_list_version`.execute(db);
    await sql`drop function if exists jobs_bump_version`.execute(db);
  } else {
    const triggers = ['jobs_versions_update', 'jobs_versions_insert', 'jobs_versions_delete'];
    for (const table of ['favorites', 'job_images']) {
      for (const event of ['insert', 'update', 'delete']) triggers.push(`${table}_posting_version_${event}`);
    }
    for (const trigger of triggers) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.dropIndex('jobs_tiles_idx').execute();
  await db.schema.dropTable('content_versions').execute();
  await db.schema.alterTable('jobs').dropColumn('version').execute();
}
