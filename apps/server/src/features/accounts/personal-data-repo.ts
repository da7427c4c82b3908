// The queries behind a user's own data: the export reads every table that holds something of
// theirs; the erasure removes the rows, and tells which stored files they referred to.
import type { DbOrTrx } from '../../db/create-db.js';

export async function readPersonalData(db: DbOrTrx, userId: string) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [jobs, favorites, resume, subscriptions, ledger, payments, contact] = await Promise.all([
    db.selectFrom('jobs').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('favorites')
      .innerJoin('jobs', 'jobs.id', 'favorites.job_id')
      .select(['favorites.job_id', 'favorites.created_at', 'jobs.company_name', 'jobs.city', 'jobs.country'])
      .where('favorites.user_id', '=', userId)
      .execute(),
    db.selectFrom('resumes').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('contact_messages').selectAll().where('email', '=', user.email).orderBy('id').execute(),
  ]);
  const images = jobs.length
    ? await db
        .selectFrom('job_images')
        .select(['job_id', 'url', 'position'])
        .where(
          'job_id',
          'in',
          jobs.map((j) => j.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return { user, jobs, favorites, resume, subscriptions, ledger, payments, contact, images };
}

export async function findPasswordHash(db: DbOrTrx, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.password_hash;
}

/**
 * Removes a user's rows (run it in a transaction): their unpublished jobs, or all their jobs, the
 * mail queued to them, and the user, whose sessions, tokens, resume, favourites, credits, payments
 * and subscriptions go with it (ON DELETE CASCADE); kept jobs lose their owner (ON DELETE SET NULL).
 * Answers the stored files the removed rows referred to (blob keys and media URLs), or null when
 * there is no such user.
 */
export async function deleteUserRows(
  trx: DbOrTrx,
  userId: string,
  publishedJobs: 'keep' | 'delete',
): Promise<{ blobKeys: string[]; mediaUrls: (string | null)[] } | null> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const blobKeys: string[] = [];
  const mediaUrls: (string | null)[] = [];
  const resume = await trx
    .selectFrom('resumes')
    .select(['profile_image', 'resume_pdf_key'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (resume?.profile_image) blobKeys.push(resume.profile_image);
  if (resume?.resume_pdf_key) blobKeys.push(resume.resume_pdf_key);
  let jobs = trx.selectFrom('jobs').select(['id', 'thumbnail', 'tile_thumbnail']).where('user_id', '=', userId);
  if (publishedJobs === 'keep') jobs = jobs.where('published_at', 'is', null);
  const doomed = await jobs.execute();
  if (doomed.length > 0) {
    const ids = doomed.map((d) => d.id);
    const images = await trx.selectFrom('job_images').select('url').where('job_id', 'in', ids).execute();
    mediaUrls.push(...doomed.flatMap((d) => [d.thumbnail, d.tile_thumbnail]), ...images.map((i) => i.url));
    await trx.deleteFrom('jobs').where('id', 'in', ids).execute();
  }
  // Mail waiting for them (confirmation and reset links among it) goes too.
  await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return { blobKeys, mediaUrls };
}
