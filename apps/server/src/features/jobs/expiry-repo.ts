// The expiry notices' queries: which live postings are due a notice, and claiming the right to send it.
import type { DbOrTrx } from '../../db/create-db.js';
import { POSTING_LIFETIME_MS, liveSince } from './lifecycle.js';

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
