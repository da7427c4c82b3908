// PostgreSQL keeps each job's tile as JSON text in the row (`jobs.tile_json`), written by a trigger
// whenever a tile column is written, whatever wrote it, and its covering index carries that text
// instead of the tile columns: a page of search results is then twelve index entries sent as they are,
// where building them with json_build_object cost PostgreSQL about 28 µs a page, a quarter of its work
// for a search. The column is read only through raw SQL (features/job-board/repo.ts), like
// search_document. SQLite is unchanged: building the JSON there costs about 3 µs a page, and an
// index holding the text would double in size.
// Expand only: the previous release neither reads nor writes the column (the trigger fills it for its
// writes); its searches read the tile columns from the row instead of the index, slower but the same.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { TILE_COLUMNS as INCLUDED_BY_006 } from './006-read-paths.js';

/** What a tile is made of (JobTileSchema but its publish date, which the server adds: repo.ts tileText). */
const TILE_JSON = sql`json_build_object(
  'uuid', new.id, 'title', new.title, 'companyName', new.company_name, 'country', new.country,
  'city', new.city, 'ageGroup', new.age_group, 'pay', new.pay, 'startDate', new.start_date,
  'duration', new.duration, 'classSize', new.class_size, 'thumbnail', new.tile_thumbnail
)::text`;

/** The columns a tile is made of: 006's covering index carried all but its keys. */
const TILE_COLUMNS = ['id', 'country', ...INCLUDED_BY_006] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table jobs add column tile_json text`.execute(db);
  await sql`
    create function jobs_write_tile_json() returns trigger language plpgsql as $$
    begin
      new.tile_json := ${TILE_JSON};
      return new;
    end $$`.execute(db);
  await sql`
    create trigger jobs_tile_json before insert or update of ${sql.join(TILE_COLUMNS.map((c) => sql.id(c)))} on jobs
    for each row execute function jobs_write_tile_json()`.execute(db);
  await sql`drop index jobs_tiles_idx`.execute(db);
  await sql`
    create index jobs_tiles_idx on jobs (country, published_at, id) include (tile_json)
    where published_at is not null`.execute(db);
  // The jobs there are already: setting a tile column to itself runs the trigger. Last, as the list
  // version's deferred triggers it sets off forbid an index in the same transaction until commit.
  await sql`update jobs set title = title`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index jobs_tiles_idx`.execute(db);
  await sql`
    create index jobs_tiles_idx on jobs (country, published_at, id)
    include (${sql.join(INCLUDED_BY_006.map((c) => sql.id(c)))})
    where published_at is not null`.execute(db);
  await sql`drop trigger if exists jobs_tile_json on jobs`.execute(db);
  await sql`drop function if exists jobs_write_tile_json`.execute(db);
  await sql`alter table jobs drop column tile_json`.execute(db);
}
