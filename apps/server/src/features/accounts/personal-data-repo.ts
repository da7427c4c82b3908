// The queries behind a user's own data: the export reads every table that holds something of
// theirs; the erasure removes the rows, and tells which stored files they referred to.
import type { DbOrTrx } from '../../db/create-db.js';
import { mailboxKey } from '../../integrations/mail/mailbox.js';

export async function readPersonalData(db: DbOrTrx, userId: string) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [jobs, favorites, resume, subscriptions, ledger, payments, contact, eligibility, schools] = await Promise.all([
    db
      .selectFrom('jobs')
      .leftJoin('schools', 'schools.id', 'jobs.school_id')
      .selectAll('jobs')
      .select('schools.slug as school_slug')
      .where('jobs.user_id', '=', userId)
      .orderBy('jobs.created_at')
      .execute(),
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
    db.selectFrom('eligibility_facts').select('facts').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('schools').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
  ]);
  // Its own alerts, and those made with its address (however spelt) before it signed in.
  const alerts = await db
    .selectFrom('job_alerts')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email_key', '=', mailboxKey(user.email))]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // The applications it made as a teacher, with the job each went to and every stage it reached.
  const applications = await db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .selectAll('applications')
    .select(['jobs.title as job_title', 'jobs.company_name'])
    .where('applications.user_id', '=', userId)
    .orderBy('applications.created_at')
    .orderBy('applications.id')
    .execute();
  const applicationEvents = applications.length
    ? await db
        .selectFrom('application_events')
        .select(['application_id', 'status', 'at'])
        .where(
          'application_id',
          'in',
          applications.map((a) => a.id),
        )
        .orderBy('at')
        .orderBy('id')
        .execute()
    : [];
  const applicationIds = applications.map((a) => a.id);
  const messages = applicationIds.length
    ? await db
        .selectFrom('application_messages')
        .select(['id', 'application_id', 'sender', 'body', 'created_at'])
        .where('application_id', 'in', applicationIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const interviews = applicationIds.length
    ? await db
        .selectFrom('interviews')
        .selectAll()
        .where('application_id', 'in', applicationIds)
        .orderBy('created_at')
        .execute()
    : [];
  const slots = interviews.length
    ? await db
        .selectFrom('interview_slots')
        .selectAll()
        .where(
          'interview_id',
          'in',
          interviews.map((i) => i.id),
        )
        .orderBy('starts_at')
        .execute()
    : [];
  const offers = applicationIds.length
    ? await db
        .selectFrom('offers')
        .selectAll()
        .where('application_id', 'in', applicationIds)
        .orderBy('created_at')
        .execute()
    : [];
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
    user,
    jobs,
    favorites,
    resume,
    subscriptions,
    ledger,
    payments,
    contact,
    images,
    alerts,
    applications,
    applicationEvents,
    messages,
    interviews,
    slots,
    offers,
    eligibilityFacts: eligibility?.facts ?? null,
    schools,
    reportsMade: await db
      .selectFrom('job_reports')
      .select(['job_id', 'reason', 'details', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    registrations: schools.length
      ? await db
          .selectFrom('school_verifications')
          .selectAll()
          .where(
            'school_id',
            'in',
            schools.map((s) => s.id),
          )
          .orderBy('requested_at')
          .execute()
      : [],
  };
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
 * Removes a user's rows (run it in a transaction): their unpublished jobs, or all their jobs, the job
 * alerts made with their address before they signed in, the mail queued to them, and the user, whose sessions, tokens, resume, favourites, credits, payments,
 * subscriptions and eligibility facts go with it (ON DELETE CASCADE); kept jobs lose their owner (ON DELETE SET NULL).
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
  // Their schools go with them (ON DELETE CASCADE); the jobs kept lose theirs, on the tile too.
  const schools = await trx.selectFrom('schools').select(['id', 'logo']).where('user_id', '=', userId).execute();
  if (schools.length > 0) {
    mediaUrls.push(...schools.map((s) => s.logo));
    await trx
      .updateTable('jobs')
      .set({ school_id: null, tile_school: null })
      .where(
        'school_id',
        'in',
        schools.map((s) => s.id),
      )
      .execute();
  }
  let jobs = trx.selectFrom('jobs').select(['id', 'thumbnail', 'tile_thumbnail']).where('user_id', '=', userId);
  if (publishedJobs === 'keep') jobs = jobs.where('published_at', 'is', null);
  const doomed = await jobs.execute();
  if (doomed.length > 0) {
    const ids = doomed.map((d) => d.id);
    const images = await trx.selectFrom('job_images').select('url').where('job_id', 'in', ids).execute();
    mediaUrls.push(...doomed.flatMap((d) => [d.thumbnail, d.tile_thumbnail]), ...images.map((i) => i.url));
    await trx.deleteFrom('jobs').where('id', 'in', ids).execute();
  }
  // Alerts made with their address before they signed in are theirs too (their own go with the user).
  const addressAlerts = await trx
    .selectFrom('job_alerts')
    .select(['id', 'email'])
    .where('email_key', '=', mailboxKey(user.email))
    .execute();
  if (addressAlerts.length > 0) {
    await trx
      .deleteFrom('job_alerts')
      .where(
        'id',
        'in',
        addressAlerts.map((a) => a.id),
      )
      .execute();
  }
  // Mail waiting for them (confirmation and reset links among it) goes too.
  const addresses = [user.email, ...addressAlerts.flatMap((a) => (a.email ? [a.email] : []))];
  await trx.deleteFrom('mail_outbox').where('to_address', 'in', addresses).execute();
  // What they wrote to us through the contact form, under their address.
  await trx.deleteFrom('contact_messages').where('email', '=', user.email).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  return { blobKeys, mediaUrls };
}
