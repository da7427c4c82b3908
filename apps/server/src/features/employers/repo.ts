// Every query of the employers' feature: credits, payments, webhook events, owned jobs, coupons, expiry notices.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/create-db.js';
import { isPostgres } from '../../db/create-db.js';
import type { CreditLedgerTable, JobRow, JobUpdate, PaymentsTable } from '../../db/schema.js';
import { POSTING_LIFETIME_MS, TILE_COLUMNS, liveSince, type TileRow } from '../../domain/jobs.js';

// ---- credits ----

export async function creditBalance(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('balance'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Adds a ledger row once: the (reason, reference) pair is unique, so a repeat changes nothing. */
export async function addLedgerEntry(
  db: DbOrTrx,
  entry: { userId: string; delta: number; reason: CreditLedgerTable['reason']; reference: string; now: number },
): Promise<boolean> {
  const res = await db
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      created_at: entry.now,
    })
    .onConflict((oc) => oc.columns(['reason', 'reference']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Serialises a user's credit spending on PostgreSQL; a SQLite transaction is serialised already. */
export async function lockUser(db: DbOrTrx, userId: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('id', '=', userId);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

export async function userExists(db: DbOrTrx, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

// ---- payments ----

export async function insertPayment(
  db: DbOrTrx,
  p: {
    id: string;
    provider: PaymentsTable['provider'];
    userId: string;
    quantity: string;
    amountCents: number;
    clientSecret: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: p.id,
      provider: p.provider,
      user_id: p.userId,
      kind: 'credits',
      quantity: p.quantity,
      amount_cents: p.amountCents,
      status: 'pending',
      client_secret: p.clientSecret,
      created_at: p.now,
      updated_at: p.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findPayment(db: DbOrTrx, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a payment to succeeded (from any state) or to failed (only from pending): never backwards. */
export async function markPaymentSucceeded(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db.updateTable('payments').set({ status: 'succeeded', updated_at: now }).where('id', '=', id).execute();
}

export async function markPaymentFailed(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Records a provider event; false when it was seen before (a retry or a duplicate). */
export async function recordPaymentEvent(
  db: DbOrTrx,
  e: { id: string; provider: string; type: string; now: number },
): Promise<boolean> {
  const res = await db
    .insertInto('payment_events')
    .values({ id: e.id, provider: e.provider, type: e.type.slice(0, 64), created_at: e.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

// ---- jobs ----

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
  | 'created_at'
  | 'updated_at'
>;

export const EMPTY_JOB_CONTENT: JobContent = {
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
      published_at: null,
      relisted_from: job.relistedFrom,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
}

export async function updateJob(db: DbOrTrx, id: string, set: JobUpdate): Promise<void> {
  await db.updateTable('jobs').set(set).where('id', '=', id).execute();
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

// ---- coupons ----

export async function insertCoupons(db: DbOrTrx, codes: string[], now: number): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('coupons')
    .values(codes.map((code) => ({ code, created_at: now, redeemed_by: null, redeemed_at: null })))
    .execute();
}

export async function findCoupon(db: DbOrTrx, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Marks a coupon used; false when someone else used it first (the condition makes it single use). */
export async function redeemCouponOnce(db: DbOrTrx, code: string, userId: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('coupons')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('code', '=', code)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function insertConfirmedUser(
  db: DbOrTrx,
  u: { id: string; email: string; passwordHash: string; now: number },
): Promise<boolean> {
  const res = await db
    .insertInto('users')
    .values({
      id: u.id,
      email: u.email,
      password_hash: u.passwordHash,
      confirmed_at: u.now,
      created_at: u.now,
      payment_customer_id: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

// ---- expiry notices ----

/** Live jobs whose 45 days end within `windowMs` and whose owner has not been told yet. */
export async function listJobsNeedingExpiryNotice(db: DbOrTrx, now: number, windowMs: number) {
  return db
    .selectFrom('jobs')
    .innerJoin('users', 'users.id', 'jobs.user_id')
    .leftJoin('expiry_notices', (join) =>
      join
        .onRef('expiry_notices.job_id', '=', 'jobs.id')
        .onRef('expiry_notices.published_at', '=', 'jobs.published_at'),
    )
    .select(['jobs.id', 'jobs.company_name', 'jobs.published_at', 'users.email'])
    .where('jobs.published_at', '>', liveSince(now))
    .where('jobs.published_at', '<=', now - POSTING_LIFETIME_MS + windowMs)
    .where('expiry_notices.job_id', 'is', null)
    .limit(1000)
    .execute();
}

/** Claims the right to send one notice; only one instance wins the primary key. */
export async function claimExpiryNotice(
  db: DbOrTrx,
  jobId: string,
  publishedAt: number,
  now: number,
): Promise<boolean> {
  const res = await db
    .insertInto('expiry_notices')
    .values({ job_id: jobId, published_at: publishedAt, sent_at: now })
    .onConflict((oc) => oc.columns(['job_id', 'published_at']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

// ---- admin ----

export async function listContactMessages(db: DbOrTrx, limit: number) {
  return db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
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
    .set({ published_at: closedAt, taken_down_at: now, taken_down_reason: reason, updated_at: now })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function findUserIdByEmail(db: DbOrTrx, email: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}
