// Accounts: sign-up with e-mail confirmation, log-in, log-out, password reset. Never reveals whether an
// e-mail has an account.
import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@teacheast/shared';
import type { DbOrTrx } from '../../db/create-db.js';
import { AppError } from '../../errors.js';
import { createSession } from './sessions.js';
import { hashToken, newToken } from './tokens.js';
import type { Deps } from '../../deps.js';
import { enforceLimits, tooManyRequests } from '../../integrations/limiter/limiter.js';
import { mediaKeyOf } from '../../integrations/images/images.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as personalData from './personal-data-repo.js';
import * as repo from './repo.js';

const HOUR = 3_600_000;
const CONFIRM_TTL_MS = 24 * HOUR;
const RESET_TTL_MS = HOUR;
const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export const REGISTER_MESSAGE =
  'Thanks for signing up! We have sent you an e-mail: open its link to confirm your account, then log in.';
export const FORGOT_MESSAGE = 'If an account exists for that e-mail, we have sent it a link to reset the password.';

/**
 * The one way an account comes to exist: sign-up (unconfirmed until its link is opened), coupon
 * sign-up and the demo seed (confirmed at once). Takes a password hash, so callers hash outside
 * their transaction (and the seed hashes its shared password once). Answers the new user's id, or
 * null when the e-mail already has an account.
 */
export async function createAccount(
  db: DbOrTrx,
  account: { email: string; passwordHash: string; confirmedAt: number | null; createdAt: number },
): Promise<string | null> {
  const id = randomUUID();
  return (await repo.insertUser(db, { id, ...account })) ? id : null;
}

/**
 * The one way an account is removed, from the account page (after its password check) and the
 * operator's command alike: their sessions, tokens, resume with its photo and PDF, saved jobs,
 * unpublished jobs with their images, and the mail queued to them go; published jobs are kept
 * without an owner, or (the operator's choice) deleted with their images. Rows go in one
 * transaction, files after it. Answers how many stored files went.
 */
export async function deleteAccount(
  deps: Pick<Deps, 'db' | 'blobs' | 'log'>,
  userId: string,
  options: { publishedJobs: 'keep' | 'delete' },
): Promise<{ files: number }> {
  const blobKeys = await deps.db.transaction().execute(async (trx) => {
    const removed = await personalData.deleteUserRows(trx, userId, options.publishedJobs);
    if (!removed) return [];
    const mediaKeys = removed.mediaUrls.map(mediaKeyOf).filter((key): key is string => key !== null);
    return [...removed.blobKeys, ...mediaKeys];
  });
  // Files go after the rows are gone: a crash in between leaves an unreferenced file, never a broken row.
  for (const key of blobKeys)
    await deps.blobs.delete(key).catch((err: unknown) => deps.log.warn({ err }, 'could not delete an upload'));
  return { files: blobKeys.length };
}

/** Whether the user still has an account (a payment may arrive for one deleted meanwhile). */
export function accountExists(db: DbOrTrx, userId: string): Promise<boolean> {
  return repo.userExists(db, userId);
}

export function refuseHoneypot(password2: string | undefined): void {
  if (password2) throw new AppError(400, 'Your request could not be processed.', { errorType: 'VALIDATION' });
}

export async function registerUser(deps: Deps, input: { email: string; password: string }, ip: string) {
  await enforceLimits(
    deps.limiter,
    { key: `register:ip:${ip}`, limit: 20, windowMs: HOUR },
    { key: `register:email:${input.email}`, limit: 5, windowMs: HOUR },
  );
  const now = deps.clock.now();
  // Hash first in every case, so a known e-mail answers in the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const site = deps.config.publicUrl;
  // Both paths write one transaction with one mail in the outbox, so they take the same time, and a
  // new account never exists without its confirmation mail.
  const stored = await deps.db.transaction().execute(async (trx) => {
    const userId = await createAccount(trx, { email: input.email, passwordHash, confirmedAt: null, createdAt: now });
    if (userId) {
      await repo.insertEmailToken(trx, { token, userId, purpose: 'confirm', now, ttlMs: CONFIRM_TTL_MS });
      return deps.mail.store(trx, {
        to: input.email,
        subject: 'Confirm your TeachEast account',
        text: `Welcome to TeachEast!\n\nPlease confirm your e-mail address by opening this link:\n${site}/confirmation/${token}\n\nThe link works once and expires in 24 hours. If you did not sign up, you can ignore this e-mail.\n`,
      });
    }
    // The owner gets a ready reset link (a known e-mail usually means a forgotten password). This also
    // gives both paths the same writes: a token and a mail.
    const existing = await repo.findUserByEmail(trx, input.email);
    await repo.insertEmailToken(trx, { token, userId: existing!.id, purpose: 'reset', now, ttlMs: RESET_TTL_MS });
    return deps.mail.store(trx, {
      to: input.email,
      subject: 'You already have a TeachEast account',
      text: `Someone (hopefully you) tried to sign up to TeachEast with this e-mail address, which already has an account.\n\nLog in: ${site}/login\nForgot your password? Choose a new one here (the link works once, for one hour):\n${site}/change-password/${token}\n\nIf this was not you, you can ignore this e-mail.\n`,
    });
  });
  deps.mail.deliver(stored);
  return { message: REGISTER_MESSAGE };
}

export async function confirmAccount(deps: Deps, token: string) {
  const now = deps.clock.now();
  const ok = await deps.db.transaction().execute(async (trx) => {
    const userId = await repo.consumeEmailToken(trx, token, 'confirm', now);
    if (!userId) return false;
    await repo.confirmUser(trx, userId, now);
    return true;
  });
  if (!ok) throw new AppError(400, 'This confirmation link is not valid or has expired.');
  return { message: 'Your account is confirmed. You can log in now.' };
}

export async function currentUserOf(deps: Deps, user: { id: string; email: string }): Promise<CurrentUser> {
  return { uuid: user.id, email: user.email, subscriptionId: await repo.findSubscriptionId(deps.db, user.id) };
}

const LOCKED_OUT = 'Too many failed log-in attempts. Please wait 15 minutes and try again.';

/**
 * Whether an address has used up its log-ins (failed, or still being checked); checked before the
 * request body is even read.
 */
export async function isLockedOutAddress(deps: Deps, ip: string): Promise<boolean> {
  return (await deps.limiter.peek(`login:ip:${ip}`)) >= LOGIN_FAILURE_LIMIT;
}

export const lockedOut = () => tooManyRequests('login', LOCKED_OUT);

export async function logIn(deps: Deps, input: { email: string; password: string }, ip: string) {
  // An attempt counts against both limits before its password is checked, and is taken back when the
  // password is right. So no more than the limit of checks can be failed or under way at once for an
  // e-mail or an address, and the rest of a flood is refused without hashing anything.
  const counted: string[] = [];
  const takeBack = async () => {
    for (const key of counted.splice(0)) await deps.limiter.release(key);
  };
  for (const key of [`login:email:${input.email}`, `login:ip:${ip}`]) {
    const { allowed } = await deps.limiter.hit(key, LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MS);
    counted.push(key);
    if (!allowed) {
      await takeBack();
      throw lockedOut();
    }
  }
  let user: Awaited<ReturnType<typeof repo.findUserByEmail>>;
  let ok: boolean;
  try {
    user = await repo.findUserByEmail(deps.db, input.email);
    ok = await verifyPassword(user?.password_hash ?? null, input.password);
  } catch (err) {
    await takeBack();
    throw err;
  }
  if (!user || !ok) throw new AppError(401, 'Incorrect e-mail or password.'); // the attempt stays counted
  await takeBack();
  if (user.suspended_at !== null) {
    throw new AppError(
      403,
      'This account is suspended. Write to us through the contact page if you think this is a mistake.',
      {
        errorType: 'SUSPENDED',
      },
    );
  }
  if (user.confirmed_at === null) {
    throw new AppError(403, 'Please confirm your e-mail address first: open the link we sent you when you signed up.', {
      errorType: 'NOT_CONFIRMED',
    });
  }
  const token = await createSession(deps.db, user.id, deps.clock.now(), deps.config.sessionTtlDays);
  return { token, currentUser: await currentUserOf(deps, user) };
}

export async function logOut(deps: Deps, token: string) {
  await repo.deleteSession(deps.db, token);
  return { message: 'You have been logged out.' };
}

export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  await enforceLimits(
    deps.limiter,
    { key: `forgot:ip:${ip}`, limit: 20, windowMs: HOUR },
    { key: `forgot:email:${email}`, limit: 5, windowMs: HOUR },
  );
  // The account is looked up once the answer has left, so the answer is the same work, and takes the
  // same time, whether the e-mail has an account or not.
  // The mailer tracks this step, so a shutdown right after the answer still sends the mail.
  const now = deps.clock.now();
  deps.mail.afterAnswer(() => sendResetLink(deps, email, now));
  return { message: FORGOT_MESSAGE };
}

async function sendResetLink(deps: Deps, email: string, now: number) {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newToken();
  // The token and its mail are written together, as sign-up does: never a link without its token.
  const stored = await deps.db.transaction().execute(async (trx) => {
    await repo.insertEmailToken(trx, { token, userId: user.id, purpose: 'reset', now, ttlMs: RESET_TTL_MS });
    return deps.mail.store(trx, {
      to: email,
      subject: 'Reset your TeachEast password',
      text: `Someone asked to reset the password of your TeachEast account.\n\nChoose a new password here:\n${deps.config.publicUrl}/change-password/${token}\n\nThe link works once and expires in one hour. If you did not ask for this, you can ignore this e-mail.\n`,
    });
  });
  deps.mail.deliver(stored);
}

export async function resetPassword(deps: Deps, input: { token: string; password: string }, ip: string) {
  // Cheap refusals first: a flood of made-up tokens costs a counter and one indexed read each, never
  // a password hash (argon2 is what the server has least of).
  await enforceLimits(
    deps.limiter,
    { key: `reset:ip:${ip}`, limit: 20, windowMs: HOUR },
    { key: `reset:token:${hashToken(input.token)}`, limit: 5, windowMs: HOUR },
  );
  const now = deps.clock.now();
  if (!(await repo.findLiveEmailToken(deps.db, input.token, 'reset', now))) throw invalidResetLink();
  const passwordHash = await hashPassword(input.password);
  const ok = await deps.db.transaction().execute(async (trx) => {
    const userId = await repo.consumeEmailToken(trx, input.token, 'reset', now);
    if (!userId) return false;
    await repo.setPasswordHash(trx, userId, passwordHash);
    // The link proved the mailbox is theirs.
    await repo.confirmUser(trx, userId, now);
    await repo.deleteSessionsOfUser(trx, userId);
    // Any other reset link of theirs (an older mail, perhaps read by someone else) stops working.
    await repo.revokeEmailTokens(trx, userId, 'reset', now);
    return true;
  });
  if (!ok) throw invalidResetLink();
  return { message: 'Your password has been changed. You can log in with it now.' };
}

const invalidResetLink = () =>
  new AppError(400, 'This password reset link is not valid or has expired. Please ask for a new one.');

/** The id of the account with this (normalised) address, for the operator's commands. */
export function findUserIdByEmail(db: DbOrTrx, email: string): Promise<string | undefined> {
  return repo.findUserIdByEmail(db, email);
}
