// The mail outbox: every mail is stored (in the caller's transaction) before it is sent.
import type { DbOrTrx } from '../../db/create-db.js';

export async function insertMail(
  db: DbOrTrx,
  mail: { to: string; subject: string; text: string },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: mail.to, subject: mail.subject, text: mail.text, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Delivered: the text (which may hold a link) is blanked. */
export async function markMailSent(db: DbOrTrx, id: number, now: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: now, text: '' }).where('id', '=', id).execute();
}

export async function markMailFailed(db: DbOrTrx, id: number, reason: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ error: reason }).where('id', '=', id).execute();
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
