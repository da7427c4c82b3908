// Every query of the jobs feature: an owner's jobs, their images, the account's lists, publishing and takedowns.
import type { DbOrTrx } from '../../db/create-db.js';
import { termsColumns } from '../../db/job-terms.js';
import { isPostgres } from '../../db/create-db.js';
import type { JobRow, JobUpdate } from '../../db/schema.js';
import { POSTING_LIFETIME_MS, liveSince } from './lifecycle.js';
import { jobSearchColumns, type JobSearchColumns } from '../../db/job-search.js';
import { TILE_COLUMNS, type TileRow } from './presenters.js';

export async function findJob(db: DbOrTrx, id: string, options: { lock?: boolean } = {}): Promise<JobRow | undefined> {
  let query = db.selectFrom('jobs').selectAll().where('id', '=', id);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function hasUnpublishedJob(db: DbOrTrx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('published_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type JobContent = Omit<
  JobRow,
  | 'id'
  | 'user_id'
  | 'published_at'
  | 'relisted_from'
  | 'taken_down_at'
  | 'taken_down_reason'
  | 'held_at'
  | 'held_published_at'
  | 'created_at'
  | 'updated_at'
  | 'version'
  | keyof JobSearchColumns
>;

export const EMPTY_JOB_CONTENT: JobContent = {
  title: '',
  company_name: '',
  email: '',
  country: '',
  city: '',
  pay: '',
  age_group: '',
  duration: '',
  class_size: '',
  start_date: '',
  phone: '',
  link: '',
  description_html: '',
  thumbnail: null,
  tile_thumbnail: null,
  ...termsColumns(null, ''),
  school_id: null,
  tile_school: null,
};

export async function insertJob(
  db: DbOrTrx,
  job: { id: string; userId: string; content: JobContent; relistedFrom: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: job.id,
      user_id: job.userId,
      ...job.content,
      ...jobSearchColumns(job.content),
      published_at: null,
      relisted_from: job.relistedFrom,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
}

const SEARCHED_FIELDS = ['title', 'company_name', 'city', 'description_html'] as const;

/**
 * Changes a job. When the change touches what keyword search reads, the search text is written in
 * the same statement, from the row as it will be, inside a transaction.
 */
export async function updateJob(db: DbOrTrx, id: string, set: JobUpdate): Promise<void> {
  if (!SEARCHED_FIELDS.some((field) => set[field] !== undefined)) {
    await db.updateTable('jobs').set(set).where('id', '=', id).execute();
    return;
  }
  const write = async (trx: DbOrTrx) => {
    let current = trx.selectFrom('jobs').select(SEARCHED_FIELDS).where('id', '=', id);
    if (isPostgres(trx)) current = current.forUpdate();
    const row = await current.executeTakeFirst();
    if (!row) return;
    const next = {
      title: set.title ?? row.title,
      company_name: set.company_name ?? row.company_name,
      city: set.city ?? row.city,
      description_html: set.description_html ?? row.description_html,
    };
    await trx
      .updateTable('jobs')
      .set({ ...set, ...jobSearchColumns(next) })
      .where('id', '=', id)
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Publishes once: a second, concurrent publish finds published_at already set and changes nothing. */
export async function publishJobOnce(db: DbOrTrx, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ published_at: now, updated_at: now })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function listJobImages(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_images')
    .select('url')
    .where('job_id', '=', jobId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.url);
}

export async function replaceJobImages(
  db: DbOrTrx,
  jobId: string,
  urls: { id: string; url: string }[],
  now: number,
): Promise<void> {
  await db.deleteFrom('job_images').where('job_id', '=', jobId).execute();
  if (urls.length === 0) return;
  await db
    .insertInto('job_images')
    .values(urls.map((u, position) => ({ id: u.id, job_id: jobId, position, url: u.url, created_at: now })))
    .execute();
}

export async function listFavoritedBy(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('favorites')
    .select('user_id')
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function listUnpublishedJobs(db: DbOrTrx, userId: string): Promise<TileRow[]> {
  return db
    .selectFrom('jobs')
    .select(TILE_COLUMNS)
    .where('jobs.user_id', '=', userId)
    .where('jobs.published_at', 'is', null)
    .orderBy('jobs.created_at', 'desc')
    .execute();
}

export async function listLiveJobsOf(
  db: DbOrTrx,
  userId: string,
  now: number,
  page: number,
  pageSize: number,
): Promise<TileRow[]> {
  return db
    .selectFrom('jobs')
    .select(TILE_COLUMNS)
    .where('jobs.user_id', '=', userId)
    .where('jobs.published_at', '>', liveSince(now))
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
}

export async function listExpiredJobsOf(db: DbOrTrx, userId: string, now: number): Promise<TileRow[]> {
  return db
    .selectFrom('jobs')
    .select(TILE_COLUMNS)
    .where('jobs.user_id', '=', userId)
    .where('jobs.published_at', 'is not', null)
    .where('jobs.published_at', '<=', liveSince(now))
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id')
    .limit(500)
    .execute();
}

/**
 * An operator's takedown: the posting closes now (it leaves every live list at once), keeps the
 * reason, and can never be published or relisted again. Answers false for an unknown or draft job.
 */
export async function takeDownJob(db: DbOrTrx, id: string, reason: string, now: number): Promise<boolean> {
  const job = await db.selectFrom('jobs').select('published_at').where('id', '=', id).executeTakeFirst();
  if (job?.published_at == null) return false;
  const closedAt = Math.min(job.published_at, now - POSTING_LIFETIME_MS);
  await db
    .updateTable('jobs')
    // A held job taken down is no longer waiting for review.
    .set({
      published_at: closedAt,
      taken_down_at: now,
      taken_down_reason: reason,
      held_at: null,
      held_published_at: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  return true;
}

/**
 * Holds a live posting for review (BEYOND §9): it closes as a takedown closes it (leaving search,
 * alerts, feeds and the sitemap at once), keeping the publication it had for a release. Answers false
 * when it is not live.
 */
export async function holdJob(db: DbOrTrx, id: string, now: number): Promise<boolean> {
  const closedAt = now - POSTING_LIFETIME_MS;
  const held = await db
    .updateTable('jobs')
    .set((eb) => ({ held_at: now, held_published_at: eb.ref('published_at'), published_at: closedAt, updated_at: now }))
    .where('id', '=', id)
    .where('published_at', '>', liveSince(now))
    .where('held_at', 'is', null)
    .where('taken_down_at', 'is', null)
    .executeTakeFirst();
  return Number(held.numUpdatedRows) === 1;
}

/** Gives a held posting its publication back (live again while its 45 days last). False if not held. */
export async function releaseJob(db: DbOrTrx, id: string, now: number): Promise<boolean> {
  const released = await db
    .updateTable('jobs')
    .set((eb) => ({
      published_at: eb.ref('held_published_at'),
      held_at: null,
      held_published_at: null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('held_at', 'is not', null)
    .where('taken_down_at', 'is', null)
    .executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}
