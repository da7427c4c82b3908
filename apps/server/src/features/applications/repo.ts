// Every query of applications: the applications and their stages, with the job, the teacher's
// account and resume they join.
import type { DbOrTrx } from '../../db/create-db.js';
import type { ApplicationRow } from '../../db/schema.js';
import { TILE_COLUMNS } from '../jobs/presenters.js';

/** Stages an application can still move on from. */
export const OPEN_STATUSES = ['submitted', 'viewed', 'shortlisted', 'interview'] as const;

/** The job as applying needs it: whose it is, whether it is live, where applications are mailed. */
export function findJobForApplying(db: DbOrTrx, jobId: string) {
  return db
    .selectFrom('jobs')
    .select(['id', 'user_id', 'published_at', 'email', 'company_name', 'title', 'taken_down_at', 'terms_permit'])
    .where('id', '=', jobId)
    .executeTakeFirst();
}

/** The teacher's published resume, if any. */
export function findPublishedResumeOf(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('resumes')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where('published_at', 'is not', null)
    .executeTakeFirst();
}

/** Inserts the application unless the teacher already applied to the job: true when it was new. */
export async function insertApplication(db: DbOrTrx, row: ApplicationRow): Promise<boolean> {
  const inserted = await db
    .insertInto('applications')
    .values(row)
    .onConflict((oc) => oc.columns(['job_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertEvent(db: DbOrTrx, applicationId: string, status: string, at: number): Promise<void> {
  await db.insertInto('application_events').values({ application_id: applicationId, status, at }).execute();
}

/**
 * Moves the application from the stage it was read at to `to`, only if it is still at that stage (a
 * conditional update, so of two changes at once the second finds it moved): true when it moved.
 */
export async function moveStatusFrom(db: DbOrTrx, id: string, from: string, to: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Applications with their job's owner, title and permit, and the teacher's address, name, resume
 * and eligibility facts (read only to answer the school with the teacher's result, never shown).
 */
function applicationsWithPeople(db: DbOrTrx) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .innerJoin('users', 'users.id', 'applications.user_id')
    .leftJoin('resumes', 'resumes.user_id', 'applications.user_id')
    .leftJoin('eligibility_facts', 'eligibility_facts.user_id', 'applications.user_id')
    .selectAll('applications')
    .select([
      'jobs.user_id as job_owner_id',
      'jobs.title as job_title',
      'jobs.company_name as job_company_name',
      'jobs.terms_permit as job_permit',
      'jobs.email as job_email',
      'jobs.country as job_country',
      'eligibility_facts.facts as applicant_facts',
      'users.email as applicant_email',
      'resumes.id as resume_id',
      'resumes.name as applicant_name',
    ]);
}

export function findApplication(db: DbOrTrx, id: string) {
  return applicationsWithPeople(db).where('applications.id', '=', id).executeTakeFirst();
}

export type ApplicationWithPeople = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

/** The job's applications, newest first, with who applied. */
export function findApplicationsOfJob(db: DbOrTrx, jobId: string) {
  return applicationsWithPeople(db)
    .where('applications.job_id', '=', jobId)
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.id')
    .execute();
}

/** The teacher's applications, newest first, each with its job's tile columns. */
export function findApplicationsOfUser(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .select(TILE_COLUMNS)
    .select([
      'applications.id as application_id',
      'applications.status as application_status',
      'applications.cover_letter as application_cover_letter',
      'applications.created_at as application_created_at',
    ])
    .where('applications.user_id', '=', userId)
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.id')
    .execute();
}

/** The stages of these applications, oldest first. */
export async function findEvents(db: DbOrTrx, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .selectFrom('application_events')
    .select(['application_id', 'status', 'at'])
    .where('application_id', 'in', applicationIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Open applications whose job is no longer live (expired, taken down, or never published). */
export function findOpenApplicationsOfClosedJobs(db: DbOrTrx, liveSince: number, limit: number) {
  return (
    db
      .selectFrom('applications')
      .innerJoin('jobs', 'jobs.id', 'applications.job_id')
      .select('applications.id')
      .where('applications.status', 'in', [...OPEN_STATUSES])
      .where((eb) => eb.or([eb('jobs.published_at', 'is', null), eb('jobs.published_at', '<=', liveSince)]))
      // A job held for review is closed only while it is looked at: a release gives it back as it was.
      .where('jobs.held_at', 'is', null)
      .orderBy('applications.id')
      .limit(limit)
      .execute()
  );
}

/**
 * The teacher's applications to jobs this employer owns, withdrawn ones aside, each with the time it
 * reached its current stage (that stage's latest row in its history).
 */
export function findApplicationsToEmployer(db: DbOrTrx, applicantId: string, employerId: string) {
  return db
    .selectFrom('applications')
    .innerJoin('jobs', 'jobs.id', 'applications.job_id')
    .innerJoin('application_events', (join) =>
      join
        .onRef('application_events.application_id', '=', 'applications.id')
        .onRef('application_events.status', '=', 'applications.status'),
    )
    .select(['applications.id', 'applications.status'])
    .select((eb) => eb.fn.max('application_events.at').as('status_at'))
    .where('applications.user_id', '=', applicantId)
    .where('jobs.user_id', '=', employerId)
    .where('applications.status', '!=', 'withdrawn')
    .groupBy(['applications.id', 'applications.status'])
    .execute();
}

/** When each application to the job arrived. */
export async function findApplicationTimesOfJob(db: DbOrTrx, jobId: string) {
  return db.selectFrom('applications').select('created_at').where('job_id', '=', jobId).execute();
}
