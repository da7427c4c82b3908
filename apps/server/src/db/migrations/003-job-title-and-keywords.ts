// A job's own title, and keyword search: the folded text of title, school, city and description,
// indexed by SQLite FTS5 (porter stemming, kept in step by triggers) or a PostgreSQL tsvector.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { jobSearchColumns, type JobSearchSource } from '../job-search.js';

const SEARCH_COLUMNS = ['search_title', 'search_school', 'search_city', 'search_body'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('jobs')
    .addColumn('title', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const column of SEARCH_COLUMNS) {
    await db.schema
      .alterTable('jobs')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }

  // Fill the search text of the jobs already there, a page at a time.
  const jobs = db as unknown as Kysely<{ jobs: JobSearchSource & { id: string } }>;
  let after = '';
  for (;;) {
    const page = await jobs
      .selectFrom('jobs')
      .select(['id', 'title', 'company_name', 'city', 'description_html'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const job of page) {
      await (db as unknown as Kysely<{ jobs: Record<string, string> }>)
        .updateTable('jobs')
        .set({ ...jobSearchColumns(job) })
        .where('id', '=', job.id)
        .execute();
    }
    if (page.length < 500) break;
    after = page[page.length - 1]?.id ?? after;
  }

  if (isPostgres) {
    // The same Porter stemmer as SQLite's FTS5 and no stop words ("no weekends" keeps its "no"),
    // built from PostgreSQL's own Snowball template: no extension, no superuser.
    await sql`create text search dictionary teacheast_porter (template = snowball, language = porter)`.execute(db);
    await sql`create text search configuration teacheast_search (copy = simple)`.execute(db);
    await sql`
      alter text search configuration teacheast_search
      alter mapping for asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
      with teacheast_porter`.execute(db);
    // Title and school weigh most (A), then the city (B), then the description (C).
    await sql`
      alter table jobs add column search_document tsvector generated always as (
        setweight(to_tsvector('teacheast_search', search_title), 'A') ||
        setweight(to_tsvector('teacheast_search', search_school), 'A') ||
        setweight(to_tsvector('teacheast_search', search_city), 'B') ||
        setweight(to_tsvector('teacheast_search', search_body), 'C')
      ) stored`.execute(db);
    await sql`create index jobs_search_document_idx on jobs using gin (search_document)`.execute(db);
    return;
  }

  await sql`
    create virtual table jobs_fts using fts5(
      search_title, search_school, search_city, search_body,
      content='jobs', content_rowid='rowid',
      tokenize='porter unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql`
    create trigger jobs_fts_insert after insert on jobs begin
      insert into jobs_fts(rowid, search_title, search_school, search_city, search_body)
      values (new.rowid, new.search_title, new.search_school, new.search_city, new.search_body);
    end`.execute(db);
  await sql`
    create trigger jobs_fts_delete after delete on jobs begin
      insert into jobs_fts(jobs_fts, rowid, search_title, search_school, search_city, search_body)
      values ('delete', old.rowid, old.search_title, old.search_school, old.search_city, old.search_body);
    end`.execute(db);
  await sql`
    create trigger jobs_fts_update after update of search_title, search_school, search_city, search_body on jobs begin
      insert into jobs_fts(jobs_fts, rowid, search_title, search_school, search_city, search_body)
      values ('delete', old.rowid, old.search_title, old.search_school, old.search_city, old.search_body);
      insert into jobs_fts(rowid, search_title, search_school, search_city, search_body)
      values (new.rowid, new.search_title, new.search_school, new.search_city, new.search_body);
    end`.execute(db);
  await sql`insert into jobs_fts(jobs_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop index if exists jobs_search_document_idx`.execute(db);
    await db.schema.alterTable('jobs').dropColumn('search_document').execute();
    await sql`drop text search configuration if exists teacheast_search`.execute(db);
    await sql`drop text search dictionary if exists teacheast_porter`.execute(db);
  } else {
    for (const trigger of ['jobs_fts_insert', 'jobs_fts_delete', 'jobs_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists jobs_fts`.execute(db);
  }
  for (const column of [...SEARCH_COLUMNS].reverse()) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
  await db.schema.alterTable('jobs').dropColumn('title').execute();
}
