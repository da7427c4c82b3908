// Every query of job alerts: the alerts, their tokens, and the row per alert and job mailed.
import type { DbOrTrx } from '../../db/create-db.js';
import type { JobAlertRow } from '../../db/schema.js';
import { isPostgres } from '../../db/create-db.js';

export type TokenPurpose = 'confirm' | 'unsubscribe';

export async function insertAlert(db: DbOrTrx, alert: JobAlertRow): Promise<void> {
  await db.insertInto('job_alerts').values(alert).execute();
}

/**
 * Inserts an account's alert unless the account already has `max`, in one statement (the count is the
 * insert's condition), so making it is one round trip and needs no transaction; answers whether it was
 * inserted.
 */
export async function insertAlertOfUserUnder(
  db: DbOrTrx,
  alert: JobAlertRow & { user_id: string },
  max: number,
): Promise<boolean> {
  const columns = Object.keys(alert) as (keyof JobAlertRow)[];
  const res = await db
    .insertInto('job_alerts')
    .columns(columns)
    .expression(
      db
        .selectNoFrom((eb) => columns.map((column) => eb.val(alert[column]).as(column)))
        .where(
          (eb) =>
            eb
              .selectFrom('job_alerts')
              .select((count) => count.fn.countAll().as('n'))
              .where('user_id', '=', alert.user_id),
          '<',
          max,
        ),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows) === 1;
}

/**
 * Alerts made without an account for this mailbox, however its address was spelt (an account's own
 * alerts are counted by user).
 */
export async function countAlertsOfMailbox(db: DbOrTrx, emailKey: string): Promise<number> {
  const row = await db
    .selectFrom('job_alerts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('email_key', '=', emailKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the alerts made with an address and not confirmed since before `createdBefore` (their tokens go too). */
export async function deleteUnconfirmedAlerts(db: DbOrTrx, createdBefore: number): Promise<number> {
  const res = await db
    .deleteFrom('job_alerts')
    .where('confirmed_at', 'is', null)
    .where('created_at', '<', createdBefore)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export function findAlertsOfUser(db: DbOrTrx, userId: string): Promise<JobAlertRow[]> {
  return db
    .selectFrom('job_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findAlert(db: DbOrTrx, id: string): Promise<JobAlertRow | undefined> {
  return db.selectFrom('job_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteAlertOfUser(db: DbOrTrx, id: string, userId: string): Promise<boolean> {
  const res = await db.deleteFrom('job_alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function insertToken(
  db: DbOrTrx,
  token: { hash: string; alertId: string; purpose: TokenPurpose; now: number; expiresAt: number | null },
): Promise<void> {
  await db
    .insertInto('job_alert_tokens')
    .values({
      token_hash: token.hash,
      alert_id: token.alertId,
      purpose: token.purpose,
      created_at: token.now,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** The alert a token of this purpose names, if the token is still good (unused, not expired). */
export function findAlertByToken(db: DbOrTrx, hash: string, purpose: TokenPurpose, now: number) {
  return db
    .selectFrom('job_alert_tokens')
    .innerJoin('job_alerts', 'job_alerts.id', 'job_alert_tokens.alert_id')
    .selectAll('job_alerts')
    .where('job_alert_tokens.token_hash', '=', hash)
    .where('job_alert_tokens.purpose', '=', purpose)
    .where('job_alert_tokens.used_at', 'is', null)
    .where((eb) => eb.or([eb('job_alert_tokens.expires_at', 'is', null), eb('job_alert_tokens.expires_at', '>', now)]))
    .executeTakeFirst();
}

/** Uses a one-time token: true for exactly one caller. */
export async function useToken(db: DbOrTrx, hash: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('job_alert_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function confirmAlert(db: DbOrTrx, id: string, now: number): Promise<void> {
  // New jobs count from the moment the alert starts.
  await db
    .updateTable('job_alerts')
    .set({ confirmed_at: now, new_since: now })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

export async function unsubscribeAlert(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db
    .updateTable('job_alerts')
    .set({ unsubscribed_at: now })
    .where('id', '=', id)
    .where('unsubscribed_at', 'is', null)
    .execute();
}

/** Confirmed alerts still on whose last mail was before `mailedBefore` (or that never mailed), by id after `after`. */
export function findDueAlertIds(
  db: DbOrTrx,
  mailedBefore: { daily: number; weekly: number },
  after: string,
  limit: number,
) {
  return db
    .selectFrom('job_alerts')
    .select('id')
    .where('id', '>', after)
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('last_mailed_at', 'is', null),
        eb.and([eb('frequency', '=', 'daily'), eb('last_mailed_at', '<=', mailedBefore.daily)]),
        eb.and([eb('frequency', '=', 'weekly'), eb('last_mailed_at', '<=', mailedBefore.weekly)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The alert, held for this transaction so no other sender works on it at the same time (PostgreSQL:
 * a row lock, and another sender skips it; SQLite: the write transaction is already alone).
 */
export function lockAlert(db: DbOrTrx, id: string): Promise<JobAlertRow | undefined> {
  const query = db.selectFrom('job_alerts').selectAll().where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).executeTakeFirst();
}

/** Which of these jobs the alert has already mailed. */
export async function findMailedJobIds(db: DbOrTrx, alertId: string, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('job_alert_jobs')
    .select('job_id')
    .where('alert_id', '=', alertId)
    .where('job_id', 'in', jobIds)
    .execute();
  return new Set(rows.map((r) => r.job_id));
}

export async function insertMailedJobs(db: DbOrTrx, alertId: string, jobIds: string[], now: number): Promise<void> {
  await db
    .insertInto('job_alert_jobs')
    .values(jobIds.map((job_id) => ({ alert_id: alertId, job_id, mailed_at: now })))
    .execute();
}

export async function markAlertMailed(db: DbOrTrx, id: string, now: number, newSince: number): Promise<void> {
  await db.updateTable('job_alerts').set({ last_mailed_at: now, new_since: newSince }).where('id', '=', id).execute();
}

/** The address an alert mails: its own, or its owner's. */
export async function findUserEmail(db: DbOrTrx, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
