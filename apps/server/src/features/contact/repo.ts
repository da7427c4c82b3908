// The contact form's messages, kept for the operator (admin contact list).
import type { DbOrTrx } from '../../db/create-db.js';

export async function insertContactMessage(
  db: DbOrTrx,
  message: { email: string; subject: string; text: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values({ ...message, created_at: now })
    .execute();
}

export function listContactMessages(db: DbOrTrx, limit: number) {
  return db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
}
