// Reports of a posting and what operators do about them (BEYOND §9). Anyone may report a live
// posting; three confirmed accounts (none its owner) reporting it within a week for a serious reason
// hold it for review, in the transaction of the third report. An operator dismisses a report or
// removes the job, releases a held job, suspends an account; each action and its audit entry commit
// together, and the people it concerns are mailed from the outbox once it has.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_JOB_TITLE,
  HOLD_REPORTS,
  HOLD_WINDOW_DAYS,
  POSTING_LIFETIME_DAYS,
  SERIOUS_REPORT_REASONS,
  type OperatorJob,
  type OperatorReport,
  type OperatorUser,
  type ReportCreate,
  type ReportCreated,
  type ReportReason,
  reportReasonLabel,
} from '@teacheast/shared';
import { isUniqueViolation, type DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { OutboxMail } from '../../integrations/mail/repo.js';
import { enforceLimits } from '../../integrations/limiter/limiter.js';
import type { AuthUser } from '../accounts/sessions.js';
import { holdJob, releaseJob, takeDownJob } from '../jobs/service.js';
import { liveSince } from '../jobs/lifecycle.js';
import { audit } from '../operators/service.js';
import * as repo from './repo.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NO_SUCH_JOB = 'This job was not found.';
const QUEUE_MAX = 200;
const USERS_MAX = 50;

const iso = (ms: number) => new Date(ms).toISOString();

const alreadyReported = () =>
  new AppError(409, 'You have already reported this job; TeachEast is looking at it.', {
    errorType: 'ALREADY_REPORTED',
  });

type ReportedJob = NonNullable<Awaited<ReturnType<typeof repo.findReportedJob>>>;

const isLive = (job: Pick<ReportedJob, 'published_at' | 'held_at' | 'taken_down_at'>, now: number) =>
  job.published_at !== null &&
  Number(job.published_at) > liveSince(now) &&
  job.held_at === null &&
  job.taken_down_at === null;

const jobTitle = (job: { title: string; company_name: string }) =>
  `${job.title || DEFAULT_JOB_TITLE} at ${job.company_name}`;

/** Stores mail in the transaction; answers what to hand to SMTP once it has committed. */
type Stored = Awaited<ReturnType<Deps['mail']['store']>>;
async function storeAll(deps: Deps, trx: DbOrTrx, mails: OutboxMail[]): Promise<Stored[]> {
  const stored: Stored[] = [];
  for (const mail of mails) stored.push(await deps.mail.store(trx, mail));
  return stored;
}
const deliverAll = (deps: Deps, stored: Stored[]) => stored.forEach((m) => deps.mail.deliver(m));

function ownerAddress(job: { owner_email: string | null; email: string }): string {
  return job.owner_email ?? job.email;
}

export async function createReport(
  deps: Deps,
  jobId: string,
  input: ReportCreate,
  user: AuthUser | null,
  clientAddress: string,
): Promise<ReportCreated> {
  // Anyone may report; without an account the address counts the reports.
  const message = 'Too many reports. Please try again later.';
  await enforceLimits(
    deps.limiter,
    user
      ? { key: `reports:user:${user.id}`, limit: 20, windowMs: HOUR, message }
      : { key: `reports:client:${clientAddress}`, limit: 5, windowMs: HOUR, message },
  );
  const now = deps.clock.now();
  const row: repo.ReportRow = {
    id: randomUUID(),
    job_id: jobId,
    user_id: user?.id ?? null,
    reason: input.reason,
    details: input.details,
    created_at: now,
    status: 'open',
    resolved_at: null,
    resolved_by: null,
    note: null,
  };
  let stored: Stored[];
  try {
    stored = await deps.db.transaction().execute(async (trx) => {
      const job = await repo.findReportedJob(trx, jobId, { lock: true });
      if (!job || !isLive(job, now)) throw notFound(NO_SUCH_JOB);
      if (user && (await repo.hasOpenReport(trx, jobId, user.id))) throw alreadyReported();
      await repo.insertReport(trx, row);
      if (!user || !SERIOUS_REPORT_REASONS.includes(input.reason)) return [];
      const reporters = await repo.countSeriousReporters(
        trx,
        { id: jobId, ownerId: job.user_id },
        SERIOUS_REPORT_REASONS,
        now - HOLD_WINDOW_DAYS * DAY,
      );
      if (reporters < HOLD_REPORTS || !(await holdJob(trx, jobId, now))) return [];
      return storeAll(deps, trx, [
        {
          to: ownerAddress(job),
          subject: `Your posting is under review: ${jobTitle(job)}`,
          text:
            `Teachers reported your posting "${jobTitle(job)}" on TeachEast, and it is now under review: it is ` +
            `hidden from search, alerts and feeds until TeachEast has looked at it.\n\n` +
            `If you think this is a mistake, write to us through the contact page:\n${deps.config.publicUrl}/contact-us\n`,
        },
      ]);
    });
  } catch (err) {
    if (user && isUniqueViolation(err)) throw alreadyReported();
    throw err;
  }
  deliverAll(deps, stored);
  return {
    message: 'Thank you. TeachEast will look at this job.',
    report: { id: row.id, reason: input.reason, createdAt: iso(now) },
  };
}

// ---- the operators' console ----

type JobColumns = {
  job_id: string;
  title: string;
  company_name: string;
  country: string;
  city: string;
  published_at: number | string | null;
  held_at: number | string | null;
  taken_down_at: number | string | null;
  owner_email: string | null;
};

function operatorJobOf(row: JobColumns, now: number): OperatorJob {
  const published = row.published_at === null ? null : Number(row.published_at);
  const state: OperatorJob['state'] =
    row.taken_down_at !== null
      ? 'removed'
      : row.held_at !== null
        ? 'held'
        : published === null
          ? 'unpublished'
          : published > liveSince(now)
            ? 'live'
            : 'expired';
  return {
    uuid: row.job_id,
    title: row.title || DEFAULT_JOB_TITLE,
    companyName: row.company_name,
    country: row.country,
    city: row.city,
    ownerEmail: row.owner_email,
    state,
    heldAt: row.held_at === null ? null : iso(Number(row.held_at)),
  };
}

export async function listOpenReports(deps: Deps): Promise<OperatorReport[]> {
  const now = deps.clock.now();
  const rows = await repo.listOpenReports(deps.db, QUEUE_MAX);
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason as ReportReason,
    details: r.details,
    createdAt: iso(Number(r.created_at)),
    reporterEmail: r.reporter_email,
    job: operatorJobOf(r, now),
    openReportsOfJob: Number(r.open_of_job),
  }));
}

/**
 * Dismisses a report, or removes its job: taken down as the admin command does, every open report of
 * it resolved, its owner, applicants and savers told.
 */
export async function resolveReport(
  deps: Deps,
  operator: AuthUser,
  reportId: string,
  action: 'dismiss' | 'remove',
  note: string,
): Promise<{ id: string; status: 'dismissed' | 'removed'; resolvedAt: string }> {
  const now = deps.clock.now();
  const status = action === 'remove' ? 'removed' : 'dismissed';
  const stored = await deps.db.transaction().execute(async (trx) => {
    const report = await repo.findReport(trx, reportId, { lock: true });
    if (!report || report.status !== 'open') throw notFound('No open report has this id.');
    const resolution = { status, resolved_at: now, resolved_by: operator.id, note: note || null } as const;
    if (action === 'dismiss') {
      await repo.resolveReports(trx, { jobId: report.job_id, reportId }, resolution);
      await audit(trx, operator, { action: 'report.dismiss', subjectKind: 'report', subjectId: reportId, note }, now);
      return [];
    }
    const job = (await repo.findReportedJob(trx, report.job_id, { lock: true }))!;
    const reason = `removed after a report: ${reportReasonLabel(report.reason).toLowerCase()}`;
    const removed = job.taken_down_at === null && (await takeDownJob(trx, job.id, reason, now));
    await repo.resolveReports(trx, { jobId: report.job_id }, resolution);
    await audit(trx, operator, { action: 'report.remove', subjectKind: 'job', subjectId: job.id, note }, now);
    if (!removed) return [];
    const title = jobTitle(job);
    const teachers = await repo.findApplicantsAndSavers(trx, job.id);
    return storeAll(deps, trx, [
      {
        to: ownerAddress(job),
        subject: `Your posting was removed: ${title}`,
        text:
          `TeachEast removed your posting "${title}" after a report (${reportReasonLabel(report.reason).toLowerCase()}). ` +
          `It cannot be published or relisted again.\n\n` +
          `If you think this is a mistake, write to us through the contact page:\n${deps.config.publicUrl}/contact-us\n`,
      },
      ...teachers.map((to) => ({
        to,
        subject: `A job you saved or applied to was removed: ${title}`,
        text:
          `TeachEast removed the posting "${title}" after teachers reported it. Do not send this school money, ` +
          `documents or your passport.\n\nHow to tell a real job from a scam:\n${deps.config.publicUrl}/safety\n`,
      })),
    ]);
  });
  deliverAll(deps, stored);
  return { id: reportId, status, resolvedAt: iso(now) };
}

export async function listHeldJobs(deps: Deps): Promise<OperatorJob[]> {
  const now = deps.clock.now();
  return (await repo.listHeldJobs(deps.db, QUEUE_MAX)).map((r) => operatorJobOf(r, now));
}

/** Releases a held job: live again while its 45 days last, its open reports dismissed, its owner told. */
export async function releaseHeldJob(
  deps: Deps,
  operator: AuthUser,
  jobId: string,
  note: string | undefined,
): Promise<OperatorJob> {
  const now = deps.clock.now();
  const { stored, job } = await deps.db.transaction().execute(async (trx) => {
    const reported = await repo.findReportedJob(trx, jobId, { lock: true });
    if (!reported || !(await releaseJob(trx, jobId, now))) throw notFound('No job under review has this id.');
    await repo.resolveReports(
      trx,
      { jobId },
      { status: 'dismissed', resolved_at: now, resolved_by: operator.id, note: note || 'released after review' },
    );
    await audit(trx, operator, { action: 'job.release', subjectKind: 'job', subjectId: jobId, note }, now);
    const job = (await repo.findOperatorJob(trx, jobId))!;
    const live = operatorJobOf(job, now).state === 'live';
    const stored = await storeAll(deps, trx, [
      {
        to: ownerAddress(reported),
        subject: live
          ? `Your posting is back online: ${jobTitle(reported)}`
          : `TeachEast reviewed your posting: ${jobTitle(reported)}`,
        text: live
          ? `TeachEast reviewed your posting "${jobTitle(reported)}": it is back in search until it ends.\n`
          : `TeachEast reviewed your posting "${jobTitle(reported)}". Its ${POSTING_LIFETIME_DAYS} days ended while it ` +
            `was under review: relist it from your account to post it again.\n${deps.config.publicUrl}/account/expired\n`,
      },
    ]);
    return { stored, job };
  });
  deliverAll(deps, stored);
  return operatorJobOf(job, now);
}

// ---- accounts ----

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

function operatorUserOf(row: UserRow): OperatorUser {
  return {
    uuid: row.id,
    email: row.email,
    createdAt: iso(Number(row.created_at)),
    confirmed: row.confirmed_at !== null,
    operator: row.operator_since !== null,
    suspendedAt: row.suspended_at === null ? null : iso(Number(row.suspended_at)),
    jobs: Number(row.jobs),
  };
}

export async function findUsers(deps: Deps, emailPrefix: string): Promise<OperatorUser[]> {
  return (await repo.findUsersByEmailPrefix(deps.db, emailPrefix, USERS_MAX)).map(operatorUserOf);
}

/** Suspends an account: its sessions end and it cannot log in. An operator cannot suspend themselves. */
export async function suspendUser(
  deps: Deps,
  operator: AuthUser,
  userId: string,
  note: string | undefined,
): Promise<OperatorUser> {
  if (userId === operator.id) throw badRequest('You cannot suspend your own account.');
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const user = await repo.findUserById(trx, userId);
    if (!user) throw notFound('No account has this id.');
    if (user.suspended_at === null) {
      await repo.suspendUser(trx, userId, now);
      await audit(trx, operator, { action: 'user.suspend', subjectKind: 'user', subjectId: userId, note }, now);
    }
    return operatorUserOf((await repo.findUserById(trx, userId))!);
  });
}
