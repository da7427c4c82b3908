// Every query of the job board: search, postings, saved jobs and the daily metrics counters.
import { PAGE_SIZE, type JobTile } from '@teacheast/shared';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { isPostgres, writeWithoutWaitingForDisk, type Db, type DbOrTrx } from '../../db/create-db.js';
import {
  finishTileJson,
  postingJsonSql,
  tileJsonSql,
  type WrittenPosting,
  type WrittenTile,
} from '../../db/job-fields.js';
import type { TermsQuery } from '../../db/job-terms.js';
import type { Database } from '../../db/schema.js';
import { preparedQuery, preparedWrite } from '../../db/prepared-query.js';
import { turnBatched } from '../../db/turn-batch.js';
import type { JsonText } from '../../lib/json-text.js';
import { isoText, TILE_COLUMNS } from '../jobs/presenters.js';

export interface SearchFilter {
  country: string;
  city?: string;
  ageGroup?: string;
  /** The contract-sheet filters (db/job-terms.ts), when any is on. */
  terms?: TermsQuery;
  /** Permits the teacher is not eligible for (eligibleOnly, BEYOND §7): jobs naming one are left out. */
  excludedPermits?: readonly string[];
  page: number;
  /** Jobs published after this moment are live. */
  liveSince: number;
}

/** The ids of the live jobs within the filters, for a search to narrow and order. */
export function liveJobIds(db: DbOrTrx, f: SearchFilter) {
  let ids = db
    .selectFrom('jobs')
    .select('jobs.id')
    .where('jobs.country', '=', f.country)
    .where('jobs.published_at', 'is not', null)
    .where('jobs.published_at', '>', f.liveSince);
  if (f.city !== undefined) ids = ids.where('jobs.city', '=', f.city);
  if (f.ageGroup !== undefined) ids = ids.where('jobs.age_group', '=', f.ageGroup);
  if (f.terms !== undefined) {
    const { mask, minPay, maxTeachingHours } = f.terms;
    ids = ids.where(sql<SqlBool>`(jobs.terms_flags & ${mask}) = ${mask}`);
    if (minPay !== undefined) ids = ids.where('jobs.terms_month_pay', '>=', minPay);
    if (maxTeachingHours !== undefined) ids = ids.where('jobs.terms_teaching_hours', '<=', maxTeachingHours);
  }
  if (f.excludedPermits !== undefined && f.excludedPermits.length > 0) {
    const excluded = [...f.excludedPermits];
    ids = ids.where((eb) => eb.or([eb('jobs.terms_permit', 'is', null), eb('jobs.terms_permit', 'not in', excluded)]));
  }
  return ids;
}

/**
 * A page of live jobs within filters that include the contract sheet's, newest first, written as
 * tiles by the database: what a search with those filters reads while the kept index is behind.
 */
export function findLiveJobTilesJsonFiltered(db: DbOrTrx, f: SearchFilter) {
  const page = liveJobIds(db, f)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(sql.lit(PAGE_SIZE))
    .offset((f.page - 1) * PAGE_SIZE);
  return db
    .selectFrom('jobs')
    .select([tileJson(db).as('tile'), 'jobs.published_at'])
    .where('jobs.id', 'in', page)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute()
    .then((rows) => rows.map(tileText));
}

/**
 * A tile as the API writes it (toJobTile, JobTileSchema), made by the database from the index's own
 * columns (db/job-fields.ts): a page of tiles leaves the database as twelve JSON texts, with no row
 * objects to build and no answer to serialise. The publish date, its last property, is added here
 * (tileText): a kept ISO text costs less than the database's date formatting, a fifth of the query.
 * tile-json.test.ts holds the text to toJobTile on both databases.
 */
export function tileJson(db: DbOrTrx) {
  return tileJsonSql(isPostgres(db));
}

/** A publish date as answers write it: ISO 8601 text, or null for a posting never published. */
export function publishedDateJson(publishedAt: number | null): JsonText<string | null> {
  return (publishedAt === null ? 'null' : `"${isoText(publishedAt)}"`) as JsonText<string | null>;
}

interface TileRow {
  tile: JsonText<WrittenTile>;
  published_at: number | string | null;
}

/** The tile's JSON text, finished with its publish date. */
export function tileText(row: TileRow): JsonText<JobTile> {
  const published = publishedDateJson(row.published_at === null ? null : Number(row.published_at));
  return finishTileJson(row.tile, { publishedDate: published });
}

interface TilePageParams extends Record<string, string | number | null> {
  country: string;
  city: string;
  ageGroup: string;
  liveSince: number;
  offset: number;
}

type TileShape = 'country' | 'city' | 'age' | 'city-age';

function shapeOf(f: Pick<SearchFilter, 'city' | 'ageGroup'>): TileShape {
  if (f.city !== undefined) return f.ageGroup !== undefined ? 'city-age' : 'city';
  return f.ageGroup !== undefined ? 'age' : 'country';
}

/** The live jobs of a filter shape, compiled once per shape (prepared-query.ts). */
function liveIdsOfShape(db: DbOrTrx, shape: TileShape, p: TilePageParams) {
  let ids = db
    .selectFrom('jobs')
    .where('jobs.country', '=', p.country)
    .where('jobs.published_at', 'is not', null)
    .where('jobs.published_at', '>', p.liveSince);
  if (shape === 'city' || shape === 'city-age') ids = ids.where('jobs.city', '=', p.city);
  if (shape === 'age' || shape === 'city-age') ids = ids.where('jobs.age_group', '=', p.ageGroup);
  return ids;
}

/**
 * A country's page is read from jobs_tiles_idx alone. With a city or an age group, the page's ids are
 * found in that filter's index first (covering), and only those twelve rows are read.
 */
const tilePageByShape = new Map(
  (['country', 'city', 'age', 'city-age'] as const).map((shape) => [
    shape,
    preparedQuery((db, p: TilePageParams) => {
      if (shape === 'country') {
        return liveIdsOfShape(db, shape, p)
          .select([tileJson(db).as('tile'), 'jobs.published_at'])
          .orderBy('jobs.published_at', 'desc')
          .orderBy('jobs.id', 'desc')
          .limit(sql.lit(PAGE_SIZE))
          .offset(p.offset);
      }
      const page = liveIdsOfShape(db, shape, p)
        .select('jobs.id')
        .orderBy('jobs.published_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(sql.lit(PAGE_SIZE))
        .offset(p.offset);
      return db
        .selectFrom('jobs')
        .select([tileJson(db).as('tile'), 'jobs.published_at'])
        .where('jobs.id', 'in', page)
        .orderBy('jobs.published_at', 'desc')
        .orderBy('jobs.id', 'desc');
    }),
  ]),
);

const paramsOf = (f: SearchFilter, offset: number): TilePageParams => ({
  country: f.country,
  city: f.city ?? '',
  ageGroup: f.ageGroup ?? '',
  liveSince: f.liveSince,
  offset,
});

/** Newest first with the id as a stable tie-break; the page by its offset, each tile as JSON. */
export async function findLiveJobTilesJson(db: DbOrTrx, f: SearchFilter): Promise<JsonText<JobTile>[]> {
  const rows = await tilePageByShape.get(shapeOf(f))!(db, paramsOf(f, (f.page - 1) * PAGE_SIZE));
  return rows.map(tileText);
}

/** Where a page starts in the newest-first order of a filter. */
export interface PageStart {
  publishedAt: number;
  id: string;
}

interface TileFromParams extends TilePageParams {
  startPublishedAt: number;
  startId: string;
}

/** A page from its first job on: an index range from that key, whatever the page's depth. */
const tilePageFromByShape = new Map(
  (['country', 'city', 'age', 'city-age'] as const).map((shape) => [
    shape,
    preparedQuery((db, p: TileFromParams) =>
      liveIdsOfShape(db, shape, p)
        .where('jobs.published_at', '<=', p.startPublishedAt)
        .where((eb) => eb.or([eb('jobs.published_at', '<', p.startPublishedAt), eb('jobs.id', '<=', p.startId)]))
        .select([tileJson(db).as('tile'), 'jobs.published_at'])
        .orderBy('jobs.published_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(sql.lit(PAGE_SIZE)),
    ),
  ]),
);

/** The page that starts at `start`, each tile as JSON. */
export async function findLiveJobTilesJsonFrom(
  db: DbOrTrx,
  f: SearchFilter,
  start: PageStart,
): Promise<JsonText<JobTile>[]> {
  const rows = await tilePageFromByShape.get(shapeOf(f))!(db, {
    ...paramsOf(f, 0),
    startPublishedAt: start.publishedAt,
    startId: start.id,
  });
  return rows.map(tileText);
}

/** The first job of every page of a filter (one pass over its index). */
export async function findPageStarts(db: DbOrTrx, f: Omit<SearchFilter, 'page'>): Promise<PageStart[]> {
  const shape = shapeOf(f);
  const numbered = liveIdsOfShape(db, shape, paramsOf({ ...f, page: 1 }, 0)).select((eb) => [
    'jobs.published_at',
    'jobs.id',
    eb.fn
      .agg<number | string>('row_number')
      .over((ob) => ob.orderBy('jobs.published_at', 'desc').orderBy('jobs.id', 'desc'))
      .as('n'),
  ]);
  const rows = await db
    .selectFrom(numbered.as('numbered'))
    .select(['numbered.published_at', 'numbered.id'])
    .where(sql<number>`(numbered.n - 1) % ${sql.lit(PAGE_SIZE)}`, '=', 0)
    .orderBy('numbered.published_at', 'desc')
    .orderBy('numbered.id', 'desc')
    .execute();
  return rows.map((r) => ({ publishedAt: Number(r.published_at), id: r.id }));
}

/**
 * `jobs:<country>` moves with any change to a published job of that country
 * (db/migrations/014-country-versions.ts).
 */
const contentVersionQuery = preparedQuery((db, p: { name: string }) =>
  db.selectFrom('content_versions').select('version').where('name', '=', p.name),
);

/** The version of one country's published jobs. */
export async function findJobsVersion(db: DbOrTrx, country: string): Promise<number> {
  const [row] = await contentVersionQuery(db, { name: `jobs:${country}` });
  return Number(row?.version ?? 0);
}

export async function countLiveJobsByCity(db: DbOrTrx, country: string, liveSince: number) {
  const rows = await db
    .selectFrom('jobs')
    .select(['jobs.city', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('jobs.country', '=', country)
    .where('jobs.published_at', 'is not', null)
    .where('jobs.published_at', '>', liveSince)
    .groupBy('jobs.city')
    .execute();
  return rows.map((r) => ({ city: r.city, count: Number(r.count) }));
}

/** The posting's photo addresses in carousel order, and who saved it in the order they did, as JSON arrays. */
const POSTING_LISTS = [
  { as: 'image_urls', table: 'job_images', value: 'url', order: 'position, id' },
  { as: 'favorited_by', table: 'favorites', value: 'user_id', order: 'created_at, user_id' },
] as const;

function postingLists(db: DbOrTrx) {
  const postgres = isPostgres(db);
  return POSTING_LISTS.map(({ as, table, value, order }) => {
    const rows = sql`from ${sql.table(table)} where job_id = jobs.id`;
    const ordered = sql`${sql.ref(value)} order by ${sql.raw(order)}`;
    // On SQLite a list is asked for only when the posting has one: most have no photos and no saves,
    // and an ordered aggregate sets up its sort even for no rows (1.3 µs of a posting's read).
    const list = postgres
      ? sql<JsonText<string[]>>`coalesce((select json_agg(${ordered}) ${rows}), '[]')::text`
      : sql<
          JsonText<string[]>
        >`case when exists (select 1 ${rows}) then (select json_group_array(${ordered}) ${rows}) else '[]' end`;
    return list.as(as);
  });
}

const postingQuery = preparedQuery((db, p: { id: string }) =>
  db
    .selectFrom('jobs')
    .select([
      postingJsonSql(isPostgres(db)).as('json'),
      'jobs.published_at',
      'jobs.user_id',
      'jobs.held_at',
      'jobs.held_published_at',
      'jobs.taken_down_at',
    ])
    .select(postingLists(db))
    .where('jobs.id', '=', p.id),
);

/**
 * A whole posting, its photos and who saved it, in one prepared read, written as JSON by the database:
 * the answer's fields without the publish date and the status, which are the caller's to add, and what
 * the visibility check reads. A posting's answer leaves the database as one text, with no row object
 * to build and no answer to serialise (posting-json.test.ts holds it to toJob on both databases).
 */
export interface PostingJson {
  /** The posting's fields the database writes (db/job-fields.ts), as a JSON object. */
  json: JsonText<WrittenPosting>;
  /** A bigint: text on PostgreSQL. */
  published_at: number | string | null;
  user_id: string | null;
  /** Held for review, or taken down (bigints): its contact details are its owner's and operators' alone. */
  held_at: number | string | null;
  /** The publication a held job had (its published_at is moved back while it is held). */
  held_published_at: number | string | null;
  taken_down_at: number | string | null;
  image_urls: JsonText<string[]>;
  favorited_by: JsonText<string[]>;
}

export async function findPostingJson(db: DbOrTrx, id: string): Promise<PostingJson | undefined> {
  const [found] = await postingQuery(db, { id });
  return found;
}

/** Only what visibility and ownership checks need. */
const jobAccessQuery = preparedQuery((db, p: { id: string }) =>
  db.selectFrom('jobs').select(['id', 'user_id', 'published_at']).where('id', '=', p.id),
);

export async function findJobAccess(db: DbOrTrx, id: string) {
  const rows = await jobAccessQuery(db, { id });
  return rows[0];
}

const imageUrlsQuery = preparedQuery((db, p: { jobId: string }) =>
  db.selectFrom('job_images').select('url').where('job_id', '=', p.jobId).orderBy('position').orderBy('id'),
);

export async function findJobImageUrls(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await imageUrlsQuery(db, { jobId });
  return rows.map((r) => r.url);
}

const favoritedByQuery = preparedQuery((db, p: { jobId: string }) =>
  db.selectFrom('favorites').select('user_id').where('job_id', '=', p.jobId).orderBy('created_at').orderBy('user_id'),
);

export async function findFavoritedBy(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await favoritedByQuery(db, { jobId });
  return rows.map((r) => r.user_id);
}

const oldestLiveQuery = preparedQuery((db, p: { country: string; liveSince: number }) =>
  db
    .selectFrom('jobs')
    .select('published_at')
    .where('country', '=', p.country)
    .where('published_at', 'is not', null)
    .where('published_at', '>', p.liveSince)
    .orderBy('published_at')
    .limit(sql.lit(1)),
);

/** When the country's oldest live posting was published (the next one of its jobs to expire), or null. */
export async function findOldestLivePublishedAt(db: DbOrTrx, country: string, liveSince: number) {
  const [row] = await oldestLiveQuery(db, { country, liveSince });
  return row?.published_at ?? null;
}

/**
 * What a posting page's version is made of: its own version and what decides its status. Read with
 * the turn's other postings' in one statement on PostgreSQL (db/turn-batch.ts).
 */
export const findPostingVersion = turnBatched(
  (db, id) => postingVersionQuery(db, { id }).then(([row]) => row),
  (db, ids) =>
    db
      .selectFrom('jobs')
      .select(['id', 'version', 'published_at'])
      .where(sql<SqlBool>`${sql.ref('id')} = any(${ids})`)
      .execute(),
);

const postingVersionQuery = preparedQuery((db, p: { id: string }) =>
  db.selectFrom('jobs').select(['version', 'published_at']).where('id', '=', p.id),
);

/**
 * The posting's version, what decides its status, and the version of who saved it (migration 025).
 * Read with the turn's other postings' in one statement on PostgreSQL (db/turn-batch.ts).
 */
export const findPostingAnswerVersion = turnBatched(
  (db, id) => postingAnswerVersionQuery(db, { id }).then(([row]) => row),
  (db, ids) =>
    db
      .selectFrom('jobs')
      .select((eb) => ['id', 'version', 'published_at', savesVersionOf(eb)])
      .where(sql<SqlBool>`${sql.ref('id')} = any(${ids})`)
      .execute(),
);

/** The version of who saved the job the query reads (jobs.id), as saves_version. */
const savesVersionOf = (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb
    .selectFrom('job_saves')
    .select('job_saves.version')
    .whereRef('job_saves.job_id', '=', 'jobs.id')
    .as('saves_version');

// A subquery, not a join: SQLite then finds the job as findPostingVersion does (10 µs against 21 µs
// for the join, which it read through the page stamps' index, on the benchmark's 20,000 jobs).
const postingAnswerVersionQuery = preparedQuery((db, p: { id: string }) =>
  db
    .selectFrom('jobs')
    .select((eb) => ['version', 'published_at', savesVersionOf(eb)])
    .where('id', '=', p.id),
);

/** When each of the job's current saves was made (a day's saves on its chart are those made that day and kept). */
export async function findSaveTimes(db: DbOrTrx, jobId: string): Promise<number[]> {
  const rows = await db.selectFrom('favorites').select('created_at').where('job_id', '=', jobId).execute();
  return rows.map((r) => Number(r.created_at));
}

/** The user's saved jobs that were ever published (an expired one still opens with its closed notice). */
export function findSavedJobTiles(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('favorites')
    .innerJoin('jobs', 'jobs.id', 'favorites.job_id')
    .select(TILE_COLUMNS)
    .where('favorites.user_id', '=', userId)
    .where('jobs.published_at', 'is not', null)
    .orderBy('favorites.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
}

/**
 * Saves the job for the user in one statement, only while it is live (published after `liveSince`);
 * saved again, nothing changes.
 */
export async function insertFavoriteIfLive(
  db: DbOrTrx,
  userId: string,
  jobId: string,
  now: number,
  liveSince: number,
): Promise<void> {
  await db
    .insertInto('favorites')
    .columns(['user_id', 'job_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('jobs')
        .select([eb.val(userId).as('user_id'), 'id', eb.val(now).as('created_at')])
        .where('id', '=', jobId)
        .where('published_at', '>', liveSince),
    )
    .onConflict((oc) => oc.columns(['user_id', 'job_id']).doNothing())
    .execute();
}

/** Deletes the favourite; answers whether there was one. */
export async function deleteFavorite(db: DbOrTrx, userId: string, jobId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export interface MetricsDelta {
  clicks?: number;
  timeSpent?: number;
}

/** The day's counters of a job, made or added to: one statement, compiled once (preparedWrite). */
const dailyMetricsAdded = preparedWrite((db, p: { jobId: string; day: string; clicks: number; timeSpent: number }) =>
  db
    .insertInto('job_metrics_daily')
    .values({ job_id: p.jobId, day: p.day, clicks: p.clicks, time_spent: p.timeSpent })
    .onConflict((oc) =>
      oc.columns(['job_id', 'day']).doUpdateSet((eb) => ({
        clicks: eb('job_metrics_daily.clicks', '+', p.clicks),
        time_spent: eb('job_metrics_daily.time_spent', '+', p.timeSpent),
      })),
    ),
);

/**
 * Adds a visit to one job's counters of one day in a single upsert, so concurrent reports never lose a
 * count; its commit does not wait for the disk (writeWithoutWaitingForDisk).
 */
export async function countVisit(db: Db, jobId: string, day: string, d: MetricsDelta): Promise<void> {
  const delta = { jobId, day, clicks: d.clicks ?? 0, timeSpent: d.timeSpent ?? 0 };
  await writeWithoutWaitingForDisk(db, dailyMetricsAdded(db, delta));
}

export async function sumMetrics(db: DbOrTrx, jobId: string) {
  const row = await db
    .selectFrom('job_metrics_daily')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number | string>('time_spent'), eb.lit(0)).as('timeSpent'),
    ])
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  return { clicks: Number(row.clicks), timeSpent: Number(row.timeSpent) };
}

export async function findDailyMetrics(db: DbOrTrx, jobId: string, fromDay: string) {
  const rows = await db
    .selectFrom('job_metrics_daily')
    .select(['day', 'clicks', 'time_spent'])
    .where('job_id', '=', jobId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    clicks: Number(r.clicks),
    timeSpent: Number(r.time_spent),
  }));
}
