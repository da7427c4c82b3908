// The mail outbox: every mail is stored (in the caller's transaction) before it is sent.
import { writeWithoutWaitingForDisk, type Db, type DbOrTrx } from '../../db/create-db.js';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** A calendar invitation (an iCalendar text with its METHOD), sent as the mail's text/calendar part. */
  ical?: string;
}

export async function insertMail(db: DbOrTrx, mail: OutboxMail, now: number): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      ical: mail.ical ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes a mail on for sending, counting the try: true for exactly one sender, unless that sender's
 * claim is older than `staleBefore` (it stopped before sending), so a mail is neither sent twice nor
 * left behind; false once it has had `maxAttempts` tries. Committed without waiting for the disk
 * (decision 016): a claim lost in a power cut can only send its mail again.
 */
export async function claimMail(
  db: Db,
  id: number,
  now: number,
  staleBefore: number,
  maxAttempts: number,
): Promise<boolean> {
  const claimed = await writeWithoutWaitingForDisk(
    db,
    db
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('error', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)])),
  );
  return claimed === 1;
}

/** Mail stored before `before` and not yet sent (a server stopped between storing and sending it). */
export async function findUnsentMail(db: DbOrTrx, before: number, limit: number) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text', 'html', 'headers', 'ical'])
    .where('sent_at', 'is', null)
    .where('error', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    message: {
      to: r.to_address,
      subject: r.subject,
      text: r.text,
      ...(r.html !== null ? { html: r.html } : {}),
      ...(r.headers !== null ? { headers: JSON.parse(r.headers) as Record<string, string> } : {}),
      ...(r.ical !== null ? { ical: r.ical } : {}),
    } satisfies OutboxMail,
  }));
}

/** How many mails wait to be sent (stored, neither sent nor failed) and when the oldest was stored. */
export async function findOutboxBacklog(db: DbOrTrx): Promise<{ unsent: number; oldestCreatedAt: number | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('unsent'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .where('error', 'is', null)
    .executeTakeFirstOrThrow();
  return { unsent: Number(row.unsent), oldestCreatedAt: row.oldest === null ? null : Number(row.oldest) };
}

/**
 * Delivered: the text and HTML (which may hold a link) are blanked. Committed without waiting for the
 * disk (decision 016): a mark lost in a power cut leaves the claim to go stale and the mail to be sent
 * again, as a sender stopped between the sending and the mark leaves it.
 */
export async function markMailSent(db: Db, id: number, now: number): Promise<void> {
  await writeWithoutWaitingForDisk(
    db,
    db.updateTable('mail_outbox').set({ sent_at: now, text: '', html: null }).where('id', '=', id),
  );
}

/**
 * The SMTP server refused the mail: with tries left, the claim is let go so the next pass of the
 * left-behind mail tries again; after the last, it is marked failed and its text and HTML (which
 * may hold a link) are blanked.
 */
export async function markMailRefused(db: DbOrTrx, id: number, reason: string, maxAttempts: number): Promise<void> {
  const res = await db
    .updateTable('mail_outbox')
    .set({ error: reason, text: '', html: null })
    .where('id', '=', id)
    .where('attempts', '>=', maxAttempts)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  await db.updateTable('mail_outbox').set({ claimed_at: null }).where('id', '=', id).execute();
}

/**
 * Gives up on unsent mail that had its last try and whose sender stopped before an answer (its claim
 * older than `staleBefore`), and blanks the text of any failed mail still holding it (a release
 * before this one kept it): answers how many mails were blanked.
 */
export async function giveUpMail(
  db: DbOrTrx,
  staleBefore: number,
  maxAttempts: number,
  reason: string,
): Promise<number> {
  const stopped = await db
    .updateTable('mail_outbox')
    .set({ error: reason, text: '', html: null })
    .where('sent_at', 'is', null)
    .where('error', 'is', null)
    .where('attempts', '>=', maxAttempts)
    .where('claimed_at', '<', staleBefore)
    .executeTakeFirst();
  const failed = await db
    .updateTable('mail_outbox')
    .set({ text: '', html: null })
    .where('sent_at', 'is', null)
    .where('error', 'is not', null)
    .where((eb) => eb.or([eb('text', '<>', ''), eb('html', 'is not', null)]))
    .executeTakeFirst();
  return Number(stopped.numUpdatedRows) + Number(failed.numUpdatedRows);
}

/** Removes mail delivered before `before`; answers how many rows went. */
export async function pruneDeliveredMail(db: DbOrTrx, before: number): Promise<number> {
  const res = await db
    .deleteFrom('mail_outbox')
    .where('sent_at', 'is not', null)
    .where('sent_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
