// Applying on site (BEYOND §5). A teacher with a published resume applies to a live job once (the
// unique key on job and teacher settles simultaneous requests); the job's owner opens it (viewed)
// and shortlists, offers or rejects; the teacher may withdraw while it is open; a job that closes
// closes its open applications. Every stage is recorded with its time. The job's contact address
// gets each new application, the teacher each change but `viewed`, each mail in the same
// transaction as the change.
import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_PER_DAY,
  APPLICATIONS_PER_HOUR,
  DEFAULT_JOB_TITLE,
  type Applicant,
  type Application,
  type ApplicationDetail,
  type ApplicationStatus,
  type EmployerDecision,
  type MyApplication,
} from '@teacheast/shared';
import type { ApplicationRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { enforceLimits } from '../../integrations/limiter/limiter.js';
import type { AuthUser } from '../accounts/sessions.js';
import { liveSince } from '../jobs/lifecycle.js';
import { toJobTile } from '../jobs/presenters.js';
import { resultFromStored, savedFacts } from '../eligibility/service.js';
import { hiddenFrom } from '../resumes/service.js';
import { conversationParts, unreadOf } from './conversation.js';
import * as repo from './repo.js';

const NO_SUCH_JOB = 'This job does not exist or no longer takes applications';
const NO_SUCH_APPLICATION = 'No such application';

type Events = Awaited<ReturnType<typeof repo.findEvents>>;

function historyOf(events: Events, id: string): Application['history'] {
  return events
    .filter((e) => e.application_id === id)
    .map((e) => ({ status: e.status as ApplicationStatus, at: new Date(Number(e.at)).toISOString() }));
}

function present(row: ApplicationRow, events: Events): Application {
  return {
    id: row.id,
    jobUuid: row.job_id,
    status: row.status as ApplicationStatus,
    coverLetter: row.cover_letter,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    history: historyOf(events, row.id),
  };
}

function presentApplicant(
  row: repo.ApplicationWithPeople,
  events: Events,
  unread: number,
  resumeHidden = false,
): Applicant {
  return {
    ...present(row, events),
    applicantName: row.applicant_name ?? '',
    applicantEmail: row.applicant_email,
    // A teacher who hides their resume from the school's domain is listed without it (BEYOND §11).
    resumeUuid: resumeHidden ? '' : (row.resume_id ?? ''),
    eligibility: resultFromStored(row.applicant_facts, row.job_permit),
    unread,
  };
}

const jobName = (row: { job_title: string; job_company_name: string }) =>
  `${row.job_title || DEFAULT_JOB_TITLE} at ${row.job_company_name}`;

const STATUS_WORDS: Record<ApplicationStatus, string> = {
  submitted: 'sent',
  viewed: 'seen by the school',
  shortlisted: 'shortlisted',
  interview: 'invited to an interview',
  offered: 'offered the job',
  accepted: 'accepted: you took the offer',
  declined: 'declined: you turned the offer down',
  rejected: 'not taken further',
  withdrawn: 'withdrawn',
  closed: 'closed, as the posting has closed',
};

const HOUR = 3_600_000;
const TOO_MANY_APPLICATIONS = 'You have sent many applications in a short time. Please try again later.';

/**
 * Counts one application the teacher is about to send, refusing (429) past the hourly and the daily
 * limit. Counted once the job, the teacher and the resume qualify, as each such try may mail a
 * school; the hour is checked first so that a try it refuses does not use the day's allowance.
 */
async function enforceApplyLimits(deps: Deps, userId: string): Promise<void> {
  await enforceLimits(
    deps.limiter,
    { key: `apply-hour:user:${userId}`, limit: APPLICATIONS_PER_HOUR, windowMs: HOUR, message: TOO_MANY_APPLICATIONS },
    {
      key: `apply-day:user:${userId}`,
      limit: APPLICATIONS_PER_DAY,
      windowMs: 24 * HOUR,
      message: TOO_MANY_APPLICATIONS,
    },
  );
}

export async function apply(
  deps: Deps,
  user: AuthUser,
  jobId: string,
  coverLetter: string,
  acknowledgeEligibility = false,
): Promise<Application> {
  const now = deps.clock.now();
  // Read together, then judged in order: on PostgreSQL one wait instead of three.
  const [job, resume, facts] = await Promise.all([
    repo.findJobForApplying(deps.db, jobId),
    repo.findPublishedResumeOf(deps.db, user.id),
    savedFacts(deps, user),
  ]);
  if (!job || job.published_at === null || job.published_at <= liveSince(now)) throw notFound(NO_SUCH_JOB);
  if (job.user_id === user.id) throw forbidden('You cannot apply to your own job');
  if (!resume) {
    throw new AppError(409, 'Publish your resume to apply', { errorType: 'NO_RESUME' });
  }
  // Told once: a teacher whose facts make them not eligible applies only knowing why.
  const eligibility = resultFromStored(facts, job.terms_permit);
  if (eligibility?.status === 'not_eligible' && !acknowledgeEligibility) {
    throw new AppError(409, 'By the facts you gave, you may not be able to get the work permit for this job', {
      errorType: 'ELIGIBILITY_WARNING',
      reasons: eligibility.reasons,
    });
  }
  await enforceApplyLimits(deps, user.id);
  const row: ApplicationRow = {
    id: randomUUID(),
    job_id: jobId,
    user_id: user.id,
    cover_letter: coverLetter.trim(),
    status: 'submitted',
    created_at: now,
    updated_at: now,
  };
  const site = deps.config.publicUrl;
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.insertApplication(trx, row))) {
      throw new AppError(409, 'You have already applied to this job', { errorType: 'ALREADY_APPLIED' });
    }
    await repo.insertEvent(trx, row.id, 'submitted', now);
    const name = resume.name || user.email;
    return deps.mail.store(trx, {
      to: job.email,
      subject: `New application: ${name} for ${job.title || DEFAULT_JOB_TITLE}`,
      text:
        `${name} applied on TeachEast to ${job.title || DEFAULT_JOB_TITLE} at ${job.company_name}.\n\n` +
        (row.cover_letter ? `Cover letter:\n\n${row.cover_letter}\n\n` : 'No cover letter.\n\n') +
        `See the applicants and their resumes:\n${site}/job/applicants/${jobId}\n`,
    });
  });
  deps.mail.deliver(stored);
  return present(row, [{ application_id: row.id, status: 'submitted', at: now }]);
}

export async function listMine(deps: Deps, user: AuthUser): Promise<MyApplication[]> {
  const rows = await repo.findApplicationsOfUser(deps.db, user.id);
  const ids = rows.map((r) => r.application_id);
  const [events, unread] = await Promise.all([repo.findEvents(deps.db, ids), unreadOf(deps, ids, 'teacher')]);
  return rows.map((r) => ({
    id: r.application_id,
    jobUuid: r.id,
    status: r.application_status as ApplicationStatus,
    coverLetter: r.application_cover_letter,
    createdAt: new Date(Number(r.application_created_at)).toISOString(),
    history: historyOf(events, r.application_id),
    job: toJobTile(r),
    unread: unread.get(r.application_id) ?? 0,
  }));
}

/** The job's applications, for its owner only: to anyone else the job has none to show (404). */
export async function listForJob(deps: Deps, user: AuthUser, jobId: string): Promise<Applicant[]> {
  const job = await repo.findJobForApplying(deps.db, jobId);
  if (!job || job.user_id !== user.id) throw notFound('No such job');
  const rows = await repo.findApplicationsOfJob(deps.db, jobId);
  const ids = rows.map((r) => r.id);
  const [events, unread, hidden] = await Promise.all([
    repo.findEvents(deps.db, ids),
    unreadOf(deps, ids, 'school'),
    hiddenFrom(
      deps,
      rows.map((r) => r.user_id),
      user.email,
    ),
  ]);
  return rows.map((r) => presentApplicant(r, events, unread.get(r.id) ?? 0, hidden.has(r.user_id)));
}

/**
 * A change of stage from the one `row` was read at: the status, its history row and the teacher's
 * mail (none for `viewed`) in one transaction. False, and nothing written, when the application
 * moved on meanwhile (a withdrawal and a decision at the same moment): the caller decides what the
 * request answers then.
 */
async function move(
  deps: Pick<Deps, 'db' | 'mail' | 'clock' | 'config'>,
  row: repo.ApplicationWithPeople,
  status: ApplicationStatus,
): Promise<boolean> {
  const now = deps.clock.now();
  const stored = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.moveStatusFrom(trx, row.id, row.status, status, now))) return false;
    await repo.insertEvent(trx, row.id, status, now);
    if (status === 'viewed') return null;
    return deps.mail.store(trx, {
      to: row.applicant_email,
      subject: `Your application for ${jobName(row)}: ${STATUS_WORDS[status]}`,
      text:
        `Your application on TeachEast for ${jobName(row)} is now ${STATUS_WORDS[status]}.\n\n` +
        `Follow your applications here:\n${deps.config.publicUrl}/account/applications\n`,
    });
  });
  if (stored === false) return false;
  if (stored) deps.mail.deliver(stored);
  return true;
}

/** The application as `party` reads it now, with its conversation's interviews and offer. */
async function reload(
  deps: Deps,
  id: string,
  reader: AuthUser,
  party: 'teacher' | 'school',
): Promise<ApplicationDetail> {
  const row = (await repo.findApplication(deps.db, id))!;
  const [events, unread, parts, hidden] = await Promise.all([
    repo.findEvents(deps.db, [id]),
    unreadOf(deps, [id], party),
    conversationParts(deps, row, party),
    party === 'school' ? hiddenFrom(deps, [row.user_id], reader.email) : new Set<string>(),
  ]);
  return { ...presentApplicant(row, events, unread.get(id) ?? 0, hidden.has(row.user_id)), ...parts };
}

/**
 * One application: its job's owner opening it marks it viewed; the teacher who sent it sees it as
 * it is; to anyone else it does not exist.
 */
export async function open(deps: Deps, user: AuthUser, id: string): Promise<ApplicationDetail> {
  const row = await repo.findApplication(deps.db, id);
  if (!row || (row.job_owner_id !== user.id && row.user_id !== user.id)) throw notFound(NO_SUCH_APPLICATION);
  // When the teacher withdrew meanwhile, it stays withdrawn: opening only shows it as it now is.
  if (row.job_owner_id === user.id && row.status === 'submitted') await move(deps, row, 'viewed');
  return reload(deps, id, user, row.user_id === user.id ? 'teacher' : 'school');
}

/**
 * A change refused because the application moved on between the read and the write: the person
 * decided on a stage that no longer holds (a teacher who would withdraw a submitted application may
 * not once it is shortlisted; a school does not shortlist a teacher who withdrew), so they see the
 * stage it is at before deciding again.
 */
const statusChanged = (current: ApplicationStatus) =>
  new AppError(409, `This application has just changed: it is now ${STATUS_WORDS[current]}`, {
    errorType: 'STATUS_CHANGED',
  });

const isOpen = (status: string) => (repo.OPEN_STATUSES as readonly string[]).includes(status);

/** Refuses (404) anyone but the owner of the application's job, before its request is read. */
export async function requireJobOwner(deps: Deps, user: AuthUser, id: string): Promise<void> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findApplication(deps.db, id) : undefined;
  if (!row || row.job_owner_id !== user.id) throw notFound(NO_SUCH_APPLICATION);
}

export async function decide(
  deps: Deps,
  user: AuthUser,
  id: string,
  status: EmployerDecision,
): Promise<ApplicationDetail> {
  const row = await repo.findApplication(deps.db, id);
  if (!row || row.job_owner_id !== user.id) throw notFound(NO_SUCH_APPLICATION);
  if (row.status === status) return reload(deps, id, user, 'school');
  if (!isOpen(row.status)) {
    throw new AppError(
      409,
      `This application is ${STATUS_WORDS[row.status as ApplicationStatus]}: it can no longer change`,
    );
  }
  if (!(await move(deps, row, status))) {
    // The same decision made a moment ago by another request is this one's answer, as it is when
    // the two come one after the other; any other change is the school's to see before deciding.
    const current = await reload(deps, id, user, 'school');
    if (current.status === status) return current;
    throw statusChanged(current.status);
  }
  return reload(deps, id, user, 'school');
}

export async function withdraw(deps: Deps, user: AuthUser, id: string): Promise<ApplicationDetail> {
  const row = await repo.findApplication(deps.db, id);
  if (!row || row.user_id !== user.id) throw notFound(NO_SUCH_APPLICATION);
  if (!isOpen(row.status)) {
    throw new AppError(
      409,
      `This application is ${STATUS_WORDS[row.status as ApplicationStatus]}: it can no longer change`,
    );
  }
  if (!(await move(deps, row, 'withdrawn'))) throw statusChanged((await reload(deps, id, user, 'teacher')).status);
  return reload(deps, id, user, 'teacher');
}

/** Closes the open applications of jobs that have expired or were taken down; answers how many. */
export async function closeApplicationsOfClosedJobs(
  deps: Pick<Deps, 'db' | 'mail' | 'clock' | 'config'>,
): Promise<number> {
  const rows = await repo.findOpenApplicationsOfClosedJobs(deps.db, liveSince(deps.clock.now()), 500);
  let closed = 0;
  for (const { id } of rows) {
    const row = await repo.findApplication(deps.db, id);
    if (!row || !isOpen(row.status)) continue;
    // One that moved on meanwhile is left to the next run, which closes it if it is still open.
    if (await move(deps, row, 'closed')) closed += 1;
  }
  return closed;
}

/** How long a school keeps an applicant's resume after the application was closed, rejected or offered. */
const RESUME_ACCESS_AFTER_END_MS = 90 * 86_400_000;

/**
 * Until when an employer may read the resume of a teacher who applied to one of their jobs: for as
 * long as an application is open (Infinity); until 90 days after the stage that ended it (closed,
 * rejected or offered, timed by its history); a withdrawn one gives nothing. Null when no
 * application gives access now.
 */
export async function employerResumeAccessUntil(
  deps: Deps,
  employerId: string,
  applicantId: string,
): Promise<number | null> {
  const rows = await repo.findApplicationsToEmployer(deps.db, applicantId, employerId);
  let until = -Infinity;
  for (const row of rows) {
    const end = isOpen(row.status) ? Infinity : Number(row.status_at) + RESUME_ACCESS_AFTER_END_MS;
    until = Math.max(until, end);
  }
  return until > deps.clock.now() ? until : null;
}

/** When each of the job's applications arrived, for its metrics. */
export async function applicationTimes(deps: Deps, jobId: string): Promise<number[]> {
  const rows = await repo.findApplicationTimesOfJob(deps.db, jobId);
  return rows.map((r) => Number(r.created_at));
}
