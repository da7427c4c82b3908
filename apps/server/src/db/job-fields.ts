// The one table of a job's answer fields (JobSchema and JobTileSchema, packages/shared): where each is
// read from. The tile's and the posting's column lists and row types, the presenters
// (features/jobs/presenters.ts toJobTile, toJob), the JSON the databases write of them (SQLite's
// json_object, PostgreSQL's json_build_object, job-board/repo.ts) and PostgreSQL's tile trigger
// (writeTileJsonTrigger, migration 013) are all made from it, once, when the module loads.
//
// Adding a field to the tile (or to the posting only), once it is in the shared schema:
//   1. Add it to JOB_FIELDS below. Until then tsc fails here (a schema key the table lacks, or a table
//      key the schema lacks, is a type error: job-fields.test-d.ts), and a field the server adds
//      ({ added }) fails to compile in the presenters and the two JSON finishers until they write it.
//   2. Write one migration that adds its column (nullable or with a default: docs/OPERATIONS.md) and,
//      for a tile field, calls writeTileJsonTrigger(db, [...TILE_JSON_FIELDS of the latest migration
//      that wrote it, [key, column]]): SQLite's covering tile index then holds the column and
//      PostgreSQL's trigger writes it into every row's tile_json. job-fields.test.ts fails on each
//      database until the migrated database writes the table's tile.
import { JobSchema, JobTileSchema, type Job, type JobTile } from '@teacheast/shared';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { jsonPropertiesWriter, type JsonText } from '../lib/json-text.js';
import type { JobRow } from './schema.js';

type JobColumn = keyof JobRow & string;

/** The jobs columns whose stored value, as JSON writes it, is a T. */
type ColumnHolding<T> = { [C in JobColumn]: JobRow[C] extends T ? C : never }[JobColumn];

/** A field the server writes onto the database's JSON, made from these columns (or from other tables). */
interface AddedField {
  readonly added: readonly JobColumn[];
}

/** A field kept as JSON text in one column (the contract sheet, db/job-terms.ts), written as JSON, not as a string. */
interface JsonField {
  readonly json: ColumnHolding<string | null>;
}

/** A tile field: one column, or the tile's and the posting's own, or JSON text, or added by the server. */
type TileFieldSource<T> =
  ColumnHolding<T> | { readonly tile: ColumnHolding<T>; readonly posting: ColumnHolding<T> } | JsonField | AddedField;
/** A field of the posting alone: one column, or JSON text, or added by the server. */
type PostingFieldSource<T> = ColumnHolding<T> | JsonField | AddedField;

/** Every key of JobSchema, and no other, with where it comes from. */
export type JobFieldTable = {
  readonly [K in keyof Job]: K extends keyof JobTile ? TileFieldSource<Job[K]> : PostingFieldSource<Job[K]>;
};

export const JOB_FIELDS = {
  uuid: 'id',
  title: 'title',
  companyName: 'company_name',
  country: 'country',
  city: 'city',
  ageGroup: 'age_group',
  pay: 'pay',
  startDate: 'start_date',
  duration: 'duration',
  classSize: 'class_size',
  // A tile shows its small image, the posting its header image.
  thumbnail: { tile: 'tile_thumbnail', posting: 'thumbnail' },
  // The contract sheet's, kept as JSON by db/job-terms.ts.
  salary: { json: 'tile_salary' },
  badges: { json: 'tile_badges' },
  permit: 'terms_permit',
  terms: { json: 'terms' },
  // Written by features/schools whenever the job's school changes, or its name, kind or checks.
  school: { json: 'tile_school' },
  // ISO 8601 text: a kept text costs less than the database's date formatting (presenters.ts isoText).
  publishedDate: { added: ['published_at'] },
  email: 'email',
  phone: 'phone',
  link: 'link',
  descriptionHTML: 'description_html',
  // Read beside the row, as JSON arrays (job-board/repo.ts postingLists).
  images: { added: [] },
  favoritedBy: { added: [] },
  // The publish date against the moment asked (features/jobs/lifecycle.ts jobStatus).
  status: { added: ['published_at'] },
  // Held for review after reports (BEYOND §9).
  underReview: { added: ['held_at'] },
  // Taken down by an operator (BEYOND §9).
  takenDown: { added: ['taken_down_at'] },
} as const satisfies JobFieldTable;

type Fields = typeof JOB_FIELDS;
type Answer = 'tile' | 'posting';
type ColumnOf<S, A extends Answer> = S extends string
  ? S
  : S extends { json: infer J }
    ? J
    : S extends { tile: infer T; posting: infer P }
      ? A extends 'tile'
        ? T
        : P
      : S extends AddedField
        ? S['added'][number]
        : never;
type KeysOf<A extends Answer> = A extends 'tile' ? keyof JobTile : keyof Job;
type AddedKeys<A extends Answer> = { [K in KeysOf<A>]: Fields[K] extends AddedField ? K : never }[KeysOf<A>];

/** The tile's fields the server adds to the database's JSON (its publish date). */
export type TileAddedKey = AddedKeys<'tile'>;
/** The posting's fields the server adds to the database's JSON. */
export type PostingAddedKey = AddedKeys<'posting'>;
/** A tile as the database writes it: all but what the server adds. */
export type WrittenTile = Omit<JobTile, TileAddedKey>;
/** A posting as the database writes it: all but what the server adds. */
export type WrittenPosting = Omit<Job, PostingAddedKey>;

type TileColumn = { [K in keyof JobTile]: ColumnOf<Fields[K], 'tile'> }[keyof JobTile];
type PostingColumn = { [K in keyof Job]: ColumnOf<Fields[K], 'posting'> }[keyof Job];
/** The columns a tile is made of. */
export type TileRow = Pick<JobRow, TileColumn>;
/** The columns a whole posting is made of. */
export type PostingRow = Pick<JobRow, PostingColumn>;

/** An answer field the database writes, the column it writes it from, and whether that holds JSON text. */
export type WrittenField = readonly [key: string, column: JobColumn, json?: true];

function fieldsOf(answer: Answer) {
  const keys = Object.keys(answer === 'tile' ? JobTileSchema.shape : JobSchema.shape) as (keyof Job)[];
  const written: WrittenField[] = [];
  const added: string[] = [];
  const columns = new Set<JobColumn>();
  for (const key of keys) {
    const source: string | { tile: string; posting: string } | JsonField | AddedField = JOB_FIELDS[key];
    if (typeof source === 'object' && 'added' in source) {
      added.push(key);
      for (const column of source.added) columns.add(column);
      continue;
    }
    if (typeof source === 'object' && 'json' in source) {
      written.push([key, source.json, true]);
      columns.add(source.json);
      continue;
    }
    const column = (typeof source === 'string' ? source : source[answer]) as JobColumn;
    written.push([key, column]);
    columns.add(column);
  }
  return { written, added, columns: [...columns] };
}

const TILE = fieldsOf('tile');
const POSTING = fieldsOf('posting');

/** The tile's fields the database writes, with their columns, in the schema's order. */
export const TILE_WRITTEN_FIELDS: readonly WrittenField[] = TILE.written;
/** The posting's fields the database writes, with their columns, in the schema's order. */
export const POSTING_WRITTEN_FIELDS: readonly WrittenField[] = POSTING.written;
/** The tile's and the posting's added fields, in the schema's order: their JSON finishers' keys. */
const TILE_ADDED_KEYS = Object.fromEntries(TILE.added.map((k) => [k, true])) as { [K in TileAddedKey]: true };
const POSTING_ADDED_KEYS = Object.fromEntries(POSTING.added.map((k) => [k, true])) as {
  [K in PostingAddedKey]: true;
};

/** The columns a tile needs; list queries select these and nothing else. */
export const TILE_COLUMNS = TILE.columns.map((c) => `jobs.${c}` as const) as readonly `jobs.${TileColumn}`[];
/** The columns a whole posting needs. */
export const POSTING_COLUMNS = POSTING.columns.map((c) => `jobs.${c}` as const) as readonly `jobs.${PostingColumn}`[];

/**
 * The fields as one JSON object's text, written by the database from the columns of `row` (the
 * table's name, or a trigger's `new`).
 */
function jsonObjectSql<T>(postgres: boolean, fields: readonly WrittenField[], row: string): RawBuilder<JsonText<T>> {
  const value = (column: JobColumn, json: boolean | undefined) => {
    const ref = sql`${sql.raw(row)}.${sql.id(column)}`;
    if (!json) return ref;
    return postgres ? sql`${ref}::json` : sql`json(${ref})`;
  };
  const pairs = sql.join(fields.map(([key, column, json]) => sql`${sql.lit(key)}, ${value(column, json)}`));
  return postgres ? sql`json_build_object(${pairs})::text` : sql`json_object(${pairs})`;
}

const SQLITE_TILE = jsonObjectSql<WrittenTile>(false, TILE_WRITTEN_FIELDS, 'jobs');
// PostgreSQL keeps it in the row and its covering index, written by its trigger (writeTileJsonTrigger).
const POSTGRES_TILE = sql<JsonText<WrittenTile>>`jobs.tile_json`;
const POSTING_JSON = {
  sqlite: jsonObjectSql<WrittenPosting>(false, POSTING_WRITTEN_FIELDS, 'jobs'),
  postgres: jsonObjectSql<WrittenPosting>(true, POSTING_WRITTEN_FIELDS, 'jobs'),
};

/** A tile's JSON but what the server adds, from the jobs row (made once). */
export function tileJsonSql(postgres: boolean): RawBuilder<JsonText<WrittenTile>> {
  return postgres ? POSTGRES_TILE : SQLITE_TILE;
}

/** A whole posting's JSON but what the server adds, from the jobs row (made once). */
export function postingJsonSql(postgres: boolean): RawBuilder<JsonText<WrittenPosting>> {
  return postgres ? POSTING_JSON.postgres : POSTING_JSON.sqlite;
}

/** A tile's JSON finished with the fields the server adds (its publish date), as its last properties. */
export const finishTileJson = jsonPropertiesWriter<Pick<JobTile, TileAddedKey>>(TILE_ADDED_KEYS);
/** A posting's JSON finished with the fields the server adds, as its last properties. */
export const finishPostingJson = jsonPropertiesWriter<Pick<Job, PostingAddedKey>>(POSTING_ADDED_KEYS);

/** The body of PostgreSQL's tile trigger function for these fields. */
export function tileJsonTriggerBody(fields: readonly WrittenField[]): RawBuilder<unknown> {
  return sql`begin new.tile_json := ${jsonObjectSql(true, fields, 'new')}; return new; end;`;
}

/** The columns SQLite's covering tile index holds beside its keys (country, published_at, id). */
export function tileIndexColumns(fields: readonly WrittenField[]): JobColumn[] {
  return fields.map(([, column]) => column).filter((c) => c !== 'id' && c !== 'country');
}

/**
 * Makes the database write a tile of these fields (a migration's own list: a migration keeps the
 * fields of its day): PostgreSQL's trigger writes them into tile_json on every write of one of their
 * columns, and every row whose tile differs is written again; SQLite's covering tile index holds
 * their columns, so a page is still read from the index alone.
 */
export async function writeTileJsonTrigger(db: Kysely<unknown>, fields: readonly WrittenField[]): Promise<void> {
  const columns = [...new Set(fields.map(([, column]) => column))];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function jobs_write_tile_json() returns trigger language plpgsql
      as $$${tileJsonTriggerBody(fields)}$$`.execute(db);
    await sql`drop trigger if exists jobs_tile_json on jobs`.execute(db);
    await sql`
      create trigger jobs_tile_json before insert or update of ${sql.join(columns.map((c) => sql.id(c)))} on jobs
      for each row execute function jobs_write_tile_json()`.execute(db);
    const tile = jsonObjectSql(true, fields, 'jobs');
    await sql`update jobs set tile_json = ${tile} where tile_json is distinct from ${tile}`.execute(db);
    return;
  }
  await sql`drop index if exists jobs_tiles_idx`.execute(db);
  await sql`
    create index jobs_tiles_idx on jobs (country, published_at, id, ${sql.join(tileIndexColumns(fields).map((c) => sql.id(c)))})
    where published_at is not null`.execute(db);
}
