// Every query of the accounts feature.
import type { DbOrTrx } from '../../db/create-db.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { hashToken } from './tokens.js';

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Adds a user unless the e-mail has one already (the unique key decides, so two sign-ups never both win). */
export async function insertUser(
  db: DbOrTrx,
  user: { id: string; email: string; passwordHash: string; confirmedAt: number | null; createdAt: number },
): Promise<boolean> {
  const res = await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      confirmed_at: user.confirmedAt,
      created_at: user.createdAt,
      payment_customer_id: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertEmailToken(
  db: DbOrTrx,
  t: { token: string; userId: string; purpose: 'confirm' | 'reset'; now: number; ttlMs: number },
): Promise<void> {
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: hashToken(t.token),
      user_id: t.userId,
      purpose: t.purpose,
      created_at: t.now,
      expires_at: t.now + t.ttlMs,
      used_at: null,
    })
    .execute();
}

/** Marks a valid token used and answers its user; a used, expired or unknown token answers undefined. */
export async function consumeEmailToken(db: DbOrTrx, token: string, purpose: 'confirm' | 'reset', now: number) {
  const row = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The user a live (unused, unexpired) token belongs to, without using it up. */
export async function findLiveEmailToken(db: DbOrTrx, token: string, purpose: 'confirm' | 'reset', now: number) {
  const row = await db
    .selectFrom('email_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses up every outstanding token of a user for one purpose (a reset revokes the other reset links). */
export async function revokeEmailTokens(db: DbOrTrx, userId: string, purpose: 'confirm' | 'reset', now: number) {
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function confirmUser(db: DbOrTrx, userId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ confirmed_at: now })
    .where('id', '=', userId)
    .where('confirmed_at', 'is', null)
    .execute();
}

export async function setPasswordHash(db: DbOrTrx, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function deleteSessionsOfUser(db: DbOrTrx, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteSession(db: DbOrTrx, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** The user's newest subscription id, live ones first. */
export async function findSubscriptionId(db: DbOrTrx, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('current_period_end', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertSession(db: DbOrTrx, tokenHash: string, userId: string, now: number, expiresAt: number) {
  await db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt })
    .execute();
}

/** The user a live session token belongs to: read on every request that carries one, so compiled once. */
const sessionUserQuery = preparedQuery((db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email'])
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.expires_at', '>', p.now)
    // A suspended account's sessions are ended; one made in the same moment is refused here.
    .where('users.suspended_at', 'is', null),
);

export async function findSessionUser(db: DbOrTrx, tokenHash: string, now: number) {
  const [user] = await sessionUserQuery(db, { tokenHash, now });
  return user;
}

export async function userExists(db: DbOrTrx, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function findUserIdByEmail(db: DbOrTrx, email: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}
