// Every query of the job board: search, postings, saved jobs and the daily metrics counters.
import { PAGE_SIZE } from '@teacheast/shared';
import type { DbOrTrx } from '../../db/create-db.js';
import { TILE_COLUMNS } from '../jobs/presenters.js';

export interface SearchFilter {
  country: string;
  city?: string;
  ageGroup?: string;
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
  return ids;
}

/**
 * Newest first with the id as a stable tie-break; the jobs_search_* indexes cover each filter shape.
 * The page's ids are found in the index alone (covering), and only those twelve rows are read, so a
 * deep page skips index entries instead of whole rows.
 */
export function findLiveJobTiles(db: DbOrTrx, f: SearchFilter) {
  const page = liveJobIds(db, f)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(PAGE_SIZE)
    .offset((f.page - 1) * PAGE_SIZE);
  return db
    .selectFrom('jobs')
    .select(TILE_COLUMNS)
    .where('jobs.id', 'in', page)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
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

export function findJobById(db: DbOrTrx, id: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Only what visibility and ownership checks need. */
export function findJobAccess(db: DbOrTrx, id: string) {
  return db.selectFrom('jobs').select(['id', 'user_id', 'published_at']).where('id', '=', id).executeTakeFirst();
}

export async function findJobImageUrls(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_images')
    .select('url')
    .where('job_id', '=', jobId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.url);
}

export async function findFavoritedBy(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('favorites')
    .select('user_id')
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function countFavorites(db: DbOrTrx, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** Answers true when the row was new (saving twice keeps one). */
export async function insertFavorite(db: DbOrTrx, userId: string, jobId: string, now: number): Promise<boolean> {
  const res = await db
    .insertInto('favorites')
    .values({ user_id: userId, job_id: jobId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'job_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Deletes the favourite and answers when it had been made, or null when there was none. */
export async function deleteFavorite(db: DbOrTrx, userId: string, jobId: string): Promise<number | null> {
  const row = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('job_id', '=', jobId)
    .returning('created_at')
    .executeTakeFirst();
  return row ? Number(row.created_at) : null;
}

export interface MetricsDelta {
  clicks?: number;
  timeSpent?: number;
  saves?: number;
}

/** Adds to one job's counters of one day in a single upsert, so concurrent reports never lose a count. */
export async function addToDailyMetrics(db: DbOrTrx, jobId: string, day: string, d: MetricsDelta): Promise<void> {
  const clicks = d.clicks ?? 0;
  const timeSpent = d.timeSpent ?? 0;
  const saves = d.saves ?? 0;
  await db
    .insertInto('job_metrics_daily')
    .values({ job_id: jobId, day, clicks, time_spent: timeSpent, saves: Math.max(saves, 0) })
    .onConflict((oc) =>
      oc.columns(['job_id', 'day']).doUpdateSet((eb) => ({
        clicks: eb('job_metrics_daily.clicks', '+', clicks),
        time_spent: eb('job_metrics_daily.time_spent', '+', timeSpent),
        saves: eb('job_metrics_daily.saves', '+', saves),
      })),
    )
    .execute();
}

/** Takes one save off a day's counter, never below zero. */
export async function removeDailySave(db: DbOrTrx, jobId: string, day: string): Promise<void> {
  await db
    .updateTable('job_metrics_daily')
    .set((eb) => ({ saves: eb('saves', '-', 1) }))
    .where('job_id', '=', jobId)
    .where('day', '=', day)
    .where('saves', '>', 0)
    .execute();
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
    .select(['day', 'clicks', 'time_spent', 'saves'])
    .where('job_id', '=', jobId)
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    clicks: Number(r.clicks),
    timeSpent: Number(r.time_spent),
    saves: Number(r.saves),
  }));
}
