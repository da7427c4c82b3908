// Job alerts: a saved search whose new live jobs are mailed daily or weekly (BEYOND §4). An alert made
// with a session is on at once; one made with an e-mail address waits for the link in its
// confirmation mail. Each mail, the rows of the jobs it lists and the alert's new start are written
// in one transaction, so a crash never loses or repeats a job, and a unique row per alert and job
// means two servers sending at once never mail a job twice.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  JOB_ALERTS_MAX,
  JOB_ALERT_JOBS_PER_MAIL,
  TERMS_FILTER_KEYS,
  TermsFilterSchema,
  type AlertFrequency,
  type JobAlert,
  type JobTile,
  type TermsFilter,
} from '@teacheast/shared';
import { isBusy } from '../../db/create-db.js';
import type { JobAlertRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { enforceLimits, type Limit } from '../../integrations/limiter/limiter.js';
import { mailboxDomain, mailboxKey } from '../../integrations/mail/mailbox.js';
import type { AuthUser } from '../accounts/sessions.js';
import { hashToken, newToken } from '../accounts/tokens.js';
import { findNewJobs } from '../job-board/service.js';
import { alertMail, confirmationMail } from './mail.js';
import { hasSavedFacts, permitsNotOpenToUser } from '../eligibility/service.js';
import * as repo from './repo.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A confirmation link works this long; an alert not confirmed by then is deleted (the hourly round). */
const CONFIRM_TTL_MS = 7 * DAY;
/**
 * Confirmation mails go to addresses nobody has proved are the asker's, so however many client
 * addresses and mailboxes a sender uses, at most this many go to one domain an hour (a school's
 * domain cannot be flooded, nor our sending reputation spent on it) and this many in all. Past
 * either, the asker is told to try later (429): the counts are the same whatever the address, so the
 * refusal tells nothing about it, and a real teacher learns to retry instead of waiting for a mail.
 */
export const CONFIRMATIONS_PER_DOMAIN_PER_HOUR = 50;
export const CONFIRMATIONS_PER_HOUR = 500;
/**
 * Unsubscribe links are opened and posted with no session, by people and by mail providers' servers
 * (many users behind one provider's addresses), so the limit is generous: it only bounds a flood.
 */
export const UNSUBSCRIBES_PER_ADDRESS_PER_MINUTE = 60;
const BUSY_MAIL = 'We are sending a great many confirmation mails just now. Please try again in an hour.';
const TOO_MANY_ALERTS = 'Too many job alerts. Please try again later.';
/** Alerts asked for from one client address, and for one mailbox, in an hour. */
const ALERTS_PER_HOUR = 30;
const byMailbox = (mailbox: string): Limit => ({
  key: `alerts:email:${mailbox}`,
  limit: ALERTS_PER_HOUR,
  windowMs: HOUR,
  message: TOO_MANY_ALERTS,
});
/** How often each frequency may mail. */
const ALERT_PERIOD_MS: Record<AlertFrequency, number> = { daily: DAY, weekly: 7 * DAY };
/**
 * A job counts as new to an alert if it was published after the alert's previous mail less this
 * margin: a job published just before a mail but written a moment after it is not missed, and the
 * rows of jobs already mailed keep it from being mailed twice.
 */
const NEW_JOB_MARGIN_MS = HOUR;
/** More than a mail lists are fetched, so the mail can say there are more. */
const CANDIDATES = 100;

export interface AlertInput extends TermsFilter {
  /** Only the jobs the account can take by its saved facts (BEYOND §7). */
  eligibleOnly?: '1';
  country: string;
  city?: string;
  ageGroup?: string;
  q?: string;
  frequency: AlertFrequency;
  email?: string;
}

/** The filters an alert was made with, read back through the schema that let them in. */
export function termsFilterOf(row: Pick<JobAlertRow, 'terms_filter'>): TermsFilter & { eligibleOnly?: '1' } {
  const stored = JSON.parse(row.terms_filter) as { eligibleOnly?: unknown };
  return { ...TermsFilterSchema.parse(stored), ...(stored.eligibleOnly === '1' ? { eligibleOnly: '1' } : {}) };
}

function present(row: JobAlertRow): JobAlert {
  return {
    id: row.id,
    country: row.country,
    city: row.city,
    ageGroup: row.age_group,
    q: row.q,
    filters: termsFilterOf(row),
    frequency: row.frequency as AlertFrequency,
    active: row.confirmed_at !== null && row.unsubscribed_at === null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function newRow(input: AlertInput, owner: { userId: string } | { email: string }, now: number): JobAlertRow {
  return {
    id: randomUUID(),
    user_id: 'userId' in owner ? owner.userId : null,
    email: 'email' in owner ? owner.email : null,
    email_key: 'email' in owner ? mailboxKey(owner.email) : null,
    country: input.country,
    city: input.city ?? '',
    age_group: input.ageGroup ?? '',
    q: input.q ?? '',
    terms_filter: JSON.stringify({
      ...(input.eligibleOnly ? { eligibleOnly: '1' } : {}),
      ...Object.fromEntries(TERMS_FILTER_KEYS.flatMap((key) => (input[key] === undefined ? [] : [[key, input[key]]]))),
    }),
    frequency: input.frequency,
    created_at: now,
    confirmed_at: 'userId' in owner ? now : null,
    unsubscribed_at: null,
    new_since: now,
    last_mailed_at: null,
  };
}

/**
 * Makes an alert: an account's is on at once; an address's waits for its confirmation link, and the
 * answer is the same whether the address is new, known, or already has as many alerts as it may.
 */
export async function createAlert(deps: Deps, input: AlertInput, user: AuthUser | null, ip: string) {
  const now = deps.clock.now();
  if (input.eligibleOnly && !(user && (await hasSavedFacts(deps, user)))) {
    throw new AppError(400, 'Only jobs you can take: answer the four questions in your account first', {
      errorType: 'NO_ELIGIBILITY_FACTS',
    });
  }
  // A request's limits are counted together (one round trip in Redis), the address's first.
  const byAddress: Limit = { key: `alerts:ip:${ip}`, limit: ALERTS_PER_HOUR, windowMs: HOUR, message: TOO_MANY_ALERTS };
  if (user) {
    await enforceLimits(deps.limiter, byAddress, byMailbox(mailboxKey(user.email)));
    const row = { ...newRow(input, { userId: user.id }, now), user_id: user.id };
    if (!(await repo.insertAlertOfUserUnder(deps.db, row, JOB_ALERTS_MAX))) {
      throw new AppError(409, `You can have at most ${JOB_ALERTS_MAX} job alerts`, { errorType: 'TOO_MANY_ALERTS' });
    }
    return present(row);
  }

  // Mailed as typed; counted by the mailbox it reaches, so `+tags` and Gmail's dots make no new address.
  const email = input.email?.toLowerCase();
  if (!email)
    throw new AppError(400, 'Enter your e-mail address', { errorType: 'VALIDATION', fields: { email: 'Required' } });
  const mailbox = mailboxKey(email);
  // The confirmation budgets are counted for every request the address and mailbox limits let by,
  // whether or not the mailbox is full, so a refusal says nothing of it.
  await enforceLimits(
    deps.limiter,
    byAddress,
    byMailbox(mailbox),
    {
      key: `alert-confirmations:domain:${mailboxDomain(email)}`,
      limit: CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
      windowMs: HOUR,
      message: BUSY_MAIL,
    },
    { key: 'alert-confirmations:all', limit: CONFIRMATIONS_PER_HOUR, windowMs: HOUR, message: BUSY_MAIL },
  );
  const row = newRow(input, { email }, now);
  const token = newToken();
  const stored = await deps.db.transaction().execute(async (trx) => {
    // A full address gets no new alert, and no word of it: the answer must not tell who uses TeachEast.
    if ((await repo.countAlertsOfMailbox(trx, mailbox)) >= JOB_ALERTS_MAX) return null;
    await repo.insertAlert(trx, row);
    await repo.insertToken(trx, {
      hash: hashToken(token),
      alertId: row.id,
      purpose: 'confirm',
      now,
      expiresAt: now + CONFIRM_TTL_MS,
    });
    return deps.mail.store(trx, confirmationMail(deps.config.publicUrl, row, token));
  });
  if (stored) deps.mail.deliver(stored);
  return present(row);
}

export async function listAlerts(deps: Deps, user: AuthUser): Promise<JobAlert[]> {
  return (await repo.findAlertsOfUser(deps.db, user.id)).map(present);
}

/** Only the owner may delete an alert; to anyone else it does not exist. */
export async function deleteAlert(deps: Deps, id: string, user: AuthUser): Promise<void> {
  if (!(await repo.deleteAlertOfUser(deps.db, id, user.id))) throw notFound('No such job alert');
}

const BAD_CONFIRM_LINK = 'This confirmation link is not valid, has expired, or was already used.';

export async function confirmAlert(deps: Deps, token: string): Promise<JobAlert> {
  const now = deps.clock.now();
  const hash = hashToken(token);
  const alert = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.findAlertByToken(trx, hash, 'confirm', now);
    if (!found || !(await repo.useToken(trx, hash, now))) return null;
    await repo.confirmAlert(trx, found.id, now);
    return repo.findAlert(trx, found.id);
  });
  if (!alert) throw new AppError(404, BAD_CONFIRM_LINK);
  return present(alert);
}

/**
 * The alert an unsubscribe link names, or null when the link names none; every opening and posting
 * of a link counts towards its client address's limit.
 */
export async function findAlertToUnsubscribe(deps: Deps, token: string, ip: string): Promise<JobAlert | null> {
  await enforceLimits(deps.limiter, {
    key: `alert-unsubscribe:ip:${ip}`,
    limit: UNSUBSCRIBES_PER_ADDRESS_PER_MINUTE,
    windowMs: MINUTE,
    message: 'Too many requests. Please wait a minute and try again.',
  });
  const alert = await repo.findAlertByToken(deps.db, hashToken(token), 'unsubscribe', deps.clock.now());
  return alert ? present(alert) : null;
}

/** One-click unsubscribe: the link's own alert stops, and nothing else. */
export async function unsubscribe(deps: Deps, token: string): Promise<JobAlert | null> {
  const now = deps.clock.now();
  const alert = await repo.findAlertByToken(deps.db, hashToken(token), 'unsubscribe', now);
  if (!alert) return null;
  await repo.unsubscribeAlert(deps.db, alert.id, now);
  return present({ ...alert, unsubscribed_at: alert.unsubscribed_at ?? now });
}

export interface SendReport {
  /** Mails written to the outbox (and handed to SMTP). */
  mails: number;
  /** Jobs listed in them. */
  jobs: number;
}

/**
 * Mails every due alert its new jobs. `everyAlert` ignores the frequencies (the operator's command).
 * Several servers may run this at once: each alert is worked on by one of them at a time.
 */
/** What sending needs: no request, no limiter, no payments (the operator's command has no more). */
export type SenderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mail' | 'log'>;

export async function sendDueAlerts(deps: SenderDeps, options: { everyAlert?: boolean } = {}): Promise<SendReport> {
  const report: SendReport = { mails: 0, jobs: 0 };
  let after = '';
  for (;;) {
    const now = deps.clock.now();
    const due = options.everyAlert
      ? { daily: Number.MAX_SAFE_INTEGER, weekly: Number.MAX_SAFE_INTEGER }
      : { daily: now - ALERT_PERIOD_MS.daily, weekly: now - ALERT_PERIOD_MS.weekly };
    // Paged by id: an alert with nothing new stays due, and must not hold back the ones after it.
    const ids = await repo.findDueAlertIds(deps.db, due, after, 200);
    if (ids.length === 0) return report;
    for (const { id } of ids) {
      try {
        const sent = await sendAlertTryingAgainWhenBusy(deps, id, due);
        if (sent) {
          report.mails += 1;
          report.jobs += sent;
        }
      } catch (err) {
        // One alert that cannot be sent (its transaction rolled back whole) does not stop the others.
        deps.log.error({ err, alertId: id }, 'job alert could not be sent');
      }
    }
    after = ids[ids.length - 1]!.id;
    if (ids.length < 200) return report;
  }
}

/** How many times an alert's transaction is made when SQLite refuses it for another sender's write. */
const BUSY_TRIES = 5;

/**
 * sendAlert, made again from its start when SQLite refuses its transaction because another sender
 * (another server, or `npm run admin -- alerts send`) wrote to the file between its read of the
 * alert and its first write (isBusy): after a pause that grows, so the other sender's transaction
 * ends first. On PostgreSQL the row lock (skip locked) already keeps two senders apart.
 */
async function sendAlertTryingAgainWhenBusy(
  deps: SenderDeps,
  id: string,
  due: { daily: number; weekly: number },
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendAlert(deps, id, due);
    } catch (err) {
      if (!isBusy(err) || attempt === BUSY_TRIES) throw err;
      await sleep(attempt * 10 + Math.random() * 10);
    }
  }
}

/** One alert's mail, if it is still due and has anything new: answers how many jobs it listed. */
async function sendAlert(deps: SenderDeps, id: string, due: { daily: number; weekly: number }): Promise<number> {
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const alert = await repo.lockAlert(trx, id);
    // Another sender has it, or it changed since it was listed (mailed, unsubscribed, deleted).
    if (!alert || alert.confirmed_at === null || alert.unsubscribed_at !== null) return null;
    const mailedBefore = alert.frequency === 'weekly' ? due.weekly : due.daily;
    if (alert.last_mailed_at !== null && alert.last_mailed_at > mailedBefore) return null;
    const filters = termsFilterOf(alert);
    const candidates = await findNewJobs(
      { ...deps, db: trx },
      {
        country: alert.country,
        city: alert.city || undefined,
        ageGroup: alert.age_group || undefined,
        q: alert.q || undefined,
        ...filters,
        excludedPermits:
          filters.eligibleOnly && alert.user_id ? await permitsNotOpenToUser({ db: trx }, alert.user_id) : undefined,
        since: alert.new_since,
        limit: CANDIDATES,
      },
    );
    const mailed = await repo.findMailedJobIds(
      trx,
      alert.id,
      candidates.map((j) => j.uuid),
    );
    const fresh: JobTile[] = candidates.filter((j) => !mailed.has(j.uuid));
    if (fresh.length === 0) return null;
    const listed = fresh.slice(0, JOB_ALERT_JOBS_PER_MAIL);
    const to = alert.email ?? (alert.user_id ? await repo.findUserEmail(trx, alert.user_id) : undefined);
    if (!to) return null;
    const token = newToken();
    await repo.insertToken(trx, {
      hash: hashToken(token),
      alertId: alert.id,
      purpose: 'unsubscribe',
      now,
      expiresAt: null,
    });
    await repo.insertMailedJobs(
      trx,
      alert.id,
      listed.map((j) => j.uuid),
      now,
    );
    await repo.markAlertMailed(trx, alert.id, now, now - NEW_JOB_MARGIN_MS);
    const stored = await deps.mail.store(
      trx,
      alertMail(deps.config.publicUrl, to, alert, listed, { more: fresh.length > listed.length, token }),
    );
    return { stored, jobs: listed.length };
  });
  if (!result) return 0;
  deps.mail.deliver(result.stored);
  return result.jobs;
}

/**
 * Deletes the alerts made with an address whose confirmation link has expired unused: nobody proved
 * the address was theirs, so neither it nor the search is kept. Answers how many went.
 */
async function deleteUnconfirmedAlerts(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return repo.deleteUnconfirmedAlerts(deps.db, deps.clock.now() - CONFIRM_TTL_MS);
}

/**
 * The hourly work of alerts, starting a minute after start-up: unconfirmed alerts past their link's
 * life are deleted, then due alerts are sent. `onRoundCompleted` hears of each round that went through
 * to the end (the lag gauge on /metrics). Returns a stop function.
 */
export function startAlertSender(deps: SenderDeps, onRoundCompleted: () => void = () => {}): () => void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = deleteUnconfirmedAlerts(deps)
      // A failed clean-up does not hold back the mail.
      .catch((err: unknown) => deps.log.error({ err }, 'unconfirmed job alerts could not be deleted'))
      .then(() => sendDueAlerts(deps))
      .then(onRoundCompleted)
      .catch((err: unknown) => deps.log.error({ err }, 'job alerts could not be sent'))
      .finally(() => (running = null));
  };
  const first = setTimeout(tick, 60_000);
  const every = setInterval(tick, HOUR);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
