// A user's own data: everything we hold about them as JSON, and deleting the account with it.
import { AppError } from '../../errors.js';
import type { Deps } from '../../http/context.js';
import { mediaKeyOf } from '../../integrations/images/images.js';
import { enforceLimit } from '../../http/limiter.js';
import { verifyPassword } from './passwords.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function exportAccount(deps: Deps, userId: string) {
  const db = deps.db;
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
  return {
    exportedAt: new Date(deps.clock.now()).toISOString(),
    account: { uuid: user.id, email: user.email, createdAt: iso(user.created_at), confirmedAt: iso(user.confirmed_at) },
    jobs: jobs.map((j) => ({
      uuid: j.id,
      companyName: j.company_name,
      email: j.email,
      country: j.country,
      city: j.city,
      pay: j.pay,
      ageGroup: j.age_group,
      duration: j.duration,
      classSize: j.class_size,
      startDate: j.start_date,
      phone: j.phone,
      link: j.link,
      descriptionHTML: j.description_html,
      thumbnail: j.thumbnail,
      images: images.filter((i) => i.job_id === j.id).map((i) => i.url),
      publishedDate: iso(j.published_at),
      createdAt: iso(j.created_at),
    })),
    savedJobs: favorites.map((f) => ({
      uuid: f.job_id,
      companyName: f.company_name,
      city: f.city,
      country: f.country,
      savedAt: iso(f.created_at),
    })),
    resume: resume
      ? {
          uuid: resume.id,
          name: resume.name,
          email: resume.email,
          nationality: resume.nationality,
          education: resume.education,
          experience: resume.experience,
          desiredCountry: resume.desired_country,
          desiredStartDate: resume.desired_start_date,
          desiredAgeGroup: resume.desired_age_group,
          resumeHtml: resume.resume_html,
          hasPdf: resume.resume_pdf_key !== null,
          hasProfileImage: resume.profile_image !== null,
          publishedAt: iso(resume.published_at),
          lastUpdatedAt: iso(resume.last_updated_at),
        }
      : null,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      status: s.status,
      cancelAtPeriodEnd: s.cancel_at_period_end === 1,
      currentPeriodEnd: iso(s.current_period_end),
    })),
    credits: ledger.map((l) => ({ delta: l.delta, reason: l.reason, at: iso(l.created_at) })),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      quantity: p.quantity,
      amountCents: p.amount_cents,
      status: p.status,
      at: iso(p.created_at),
    })),
    contactMessages: contact.map((c) => ({ subject: c.subject, text: c.text, at: iso(c.created_at) })),
  };
}

/**
 * Deletes the account after checking its password (the account page). Published and expired jobs
 * stay (schools' postings are public and their metrics are the job's), without an owner.
 */
export async function deleteAccount(deps: Deps, userId: string, password: string): Promise<{ message: string }> {
  // A stolen session must not become a way to guess the password (or to make the server hash all day).
  await enforceLimit(deps.limiter, `delete-account:user:${userId}`, 5, 60 * 60 * 1000);
  const user = await deps.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError(403, 'The password is not right.', { fields: { password: 'The password is not right.' } });
  }
  await eraseUser(deps, userId, { publishedJobs: 'keep' });
  deps.log.info({ event: 'account_deleted' }, 'an account was deleted');
  return { message: 'Your account and its data have been deleted.' };
}

/**
 * The one way a user is removed, from the account page and the operator's command alike: their
 * sessions, tokens, resume with its photo and PDF, saved jobs, unpublished jobs with their images,
 * and the mail queued to them go; published jobs are kept without an owner, or (the operator's
 * choice) deleted with their images. Rows go in one transaction, files after it.
 */
export async function eraseUser(
  deps: Pick<Deps, 'db' | 'blobs' | 'log'>,
  userId: string,
  options: { publishedJobs: 'keep' | 'delete' },
): Promise<{ files: number }> {
  const blobKeys = await deps.db.transaction().execute(async (trx) => {
    const keys: string[] = [];
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    if (!user) return keys;
    const resume = await trx
      .selectFrom('resumes')
      .select(['profile_image', 'resume_pdf_key'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (resume?.profile_image) keys.push(resume.profile_image);
    if (resume?.resume_pdf_key) keys.push(resume.resume_pdf_key);
    let jobs = trx.selectFrom('jobs').select(['id', 'thumbnail', 'tile_thumbnail']).where('user_id', '=', userId);
    if (options.publishedJobs === 'keep') jobs = jobs.where('published_at', 'is', null);
    const doomed = await jobs.execute();
    if (doomed.length > 0) {
      const ids = doomed.map((d) => d.id);
      const images = await trx.selectFrom('job_images').select('url').where('job_id', 'in', ids).execute();
      for (const url of [...doomed.flatMap((d) => [d.thumbnail, d.tile_thumbnail]), ...images.map((i) => i.url)]) {
        const key = mediaKeyOf(url);
        if (key) keys.push(key);
      }
      await trx.deleteFrom('jobs').where('id', 'in', ids).execute();
    }
    // Mail waiting for them (confirmation and reset links among it) goes too.
    await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
    // Sessions, tokens, the resume, favourites, credits, payments and subscriptions go with the user
    // (ON DELETE CASCADE); published jobs keep their metrics with no owner (ON DELETE SET NULL).
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return keys;
  });
  // Files go after the rows are gone: a crash in between leaves an unreferenced file, never a broken row.
  for (const key of blobKeys)
    await deps.blobs.delete(key).catch((err: unknown) => deps.log.warn({ err }, 'could not delete an upload'));
  return { files: blobKeys.length };
}
