// Every query of reports and the operators' console (BEYOND §9): the reports, the jobs they name, who
// is told when a job is held or removed, and the accounts an operator looks up.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/create-db.js';
import { isPostgres } from '../../db/create-db.js';

export interface ReportRow {
  id: string;
  job_id: string;
  user_id: string | null;
  reason: string;
  details: string;
  created_at: number;
  status: 'open' | 'dismissed' | 'removed';
  resolved_at: number | null;
  resolved_by: string | null;
  note: string | null;
}

/** The job a report names, with what the rules read of it. */
export async function findReportedJob(db: DbOrTrx, jobId: string, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('jobs')
    .leftJoin('users', 'users.id', 'jobs.user_id')
    .select([
      'jobs.id',
      'jobs.user_id',
      'jobs.title',
      'jobs.company_name',
      'jobs.email',
      'jobs.published_at',
      'jobs.held_at',
      'jobs.taken_down_at',
      'users.email as owner_email',
    ])
    .where('jobs.id', '=', jobId);
  if (options.lock && isPostgres(db)) query = query.forUpdate('jobs');
  return query.executeTakeFirst();
}

export async function hasOpenReport(db: DbOrTrx, jobId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('job_reports')
    .select('id')
    .where('job_id', '=', jobId)
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReport(db: DbOrTrx, row: ReportRow): Promise<void> {
  await db.insertInto('job_reports').values(row).execute();
}

/**
 * The confirmed accounts, other than the job's owner, with an open report of one of `reasons` made
 * since `since`.
 */
export async function countSeriousReporters(
  db: DbOrTrx,
  job: { id: string; ownerId: string | null },
  reasons: readonly string[],
  since: number,
): Promise<number> {
  let query = db
    .selectFrom('job_reports')
    .innerJoin('users', 'users.id', 'job_reports.user_id')
    .select((eb) => eb.fn.count<string | number>('job_reports.user_id').distinct().as('n'))
    .where('job_reports.job_id', '=', job.id)
    .where('job_reports.status', '=', 'open')
    .where('job_reports.reason', 'in', [...reasons])
    .where('job_reports.created_at', '>=', since)
    .where('users.confirmed_at', 'is not', null);
  if (job.ownerId !== null) query = query.where('job_reports.user_id', '!=', job.ownerId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findReport(db: DbOrTrx, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('job_reports').selectAll().where('id', '=', id);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Resolves the open reports of a job (all, or the one named). */
export async function resolveReports(
  db: DbOrTrx,
  where: { jobId: string; reportId?: string },
  resolution: { status: 'dismissed' | 'removed'; resolved_at: number; resolved_by: string; note: string | null },
): Promise<void> {
  let query = db
    .updateTable('job_reports')
    .set(resolution)
    .where('job_id', '=', where.jobId)
    .where('status', '=', 'open');
  if (where.reportId) query = query.where('id', '=', where.reportId);
  await query.execute();
}

const JOB_COLUMNS = [
  'jobs.id as job_id',
  'jobs.title',
  'jobs.company_name',
  'jobs.country',
  'jobs.city',
  'jobs.published_at',
  'jobs.held_at',
  'jobs.taken_down_at',
] as const;

/** The open reports, oldest first, with their job and reporter, and how many are open on that job. */
export async function listOpenReports(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('job_reports')
    .innerJoin('jobs', 'jobs.id', 'job_reports.job_id')
    .leftJoin('users as reporter', 'reporter.id', 'job_reports.user_id')
    .leftJoin('users as owner', 'owner.id', 'jobs.user_id')
    .select([
      'job_reports.id',
      'job_reports.reason',
      'job_reports.details',
      'job_reports.created_at',
      'reporter.email as reporter_email',
      'owner.email as owner_email',
      ...JOB_COLUMNS,
      (eb) =>
        eb
          .selectFrom('job_reports as same')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('same.job_id', '=', 'job_reports.job_id')
          .where('same.status', '=', 'open')
          .as('open_of_job'),
    ])
    .where('job_reports.status', '=', 'open')
    .orderBy('job_reports.created_at')
    .orderBy('job_reports.id')
    .limit(limit)
    .execute();
}

/** The jobs held for review, longest held first. */
export async function listHeldJobs(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('jobs')
    .leftJoin('users as owner', 'owner.id', 'jobs.user_id')
    .select([...JOB_COLUMNS, 'owner.email as owner_email'])
    .where('jobs.held_at', 'is not', null)
    .orderBy('jobs.held_at')
    .orderBy('jobs.id')
    .limit(limit)
    .execute();
}

export async function findOperatorJob(db: DbOrTrx, jobId: string) {
  return db
    .selectFrom('jobs')
    .leftJoin('users as owner', 'owner.id', 'jobs.user_id')
    .select([...JOB_COLUMNS, 'owner.email as owner_email'])
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
}

/** The addresses of the teachers who applied to or saved a job: told when it is removed. */
export async function findApplicantsAndSavers(db: DbOrTrx, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.email')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('applications')
            .select('applications.id')
            .whereRef('applications.user_id', '=', 'users.id')
            .where('applications.job_id', '=', jobId),
        ),
        eb.exists(
          eb
            .selectFrom('favorites')
            .select('favorites.job_id')
            .whereRef('favorites.user_id', '=', 'users.id')
            .where('favorites.job_id', '=', jobId),
        ),
      ]),
    )
    .where('users.suspended_at', 'is', null)
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
}

// ---- accounts ----

/** An account as the console shows it, with how many jobs it has. */
function operatorUsers(db: DbOrTrx) {
  return db.selectFrom('users').select([
    'users.id',
    'users.email',
    'users.created_at',
    'users.confirmed_at',
    'users.operator_since',
    'users.suspended_at',
    (eb) =>
      eb
        .selectFrom('jobs')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('jobs.user_id', '=', 'users.id')
        .as('jobs'),
  ]);
}

/** Accounts whose address starts with `prefix` (case folded). */
export async function findUsersByEmailPrefix(db: DbOrTrx, prefix: string, limit: number) {
  const escaped = prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return operatorUsers(db)
    .where(sql<boolean>`users.email like ${`${escaped}%`} escape '\\'`)
    .orderBy('users.email')
    .limit(limit)
    .execute();
}

export async function findUserById(db: DbOrTrx, userId: string) {
  return operatorUsers(db).where('users.id', '=', userId).executeTakeFirst();
}

export async function suspendUser(db: DbOrTrx, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ suspended_at: now }).where('id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
