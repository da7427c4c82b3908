// Coupons: an operator hands out codes; each creates, exactly once, a confirmed account with one free
// job credit already spent on its empty job.
import { randomUUID } from 'node:crypto';
import type { CouponSignUp, CurrentUser } from '@teacheast/shared';
import { AppError } from '../../errors.js';
import { createSession } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import { enforceLimits } from '../../integrations/limiter/limiter.js';
import { hashPassword } from '../accounts/passwords.js';
import { createAccount } from '../accounts/service.js';
import { createJobInTransaction } from '../jobs/service.js';
import * as repo from './coupons-repo.js';
import * as ledger from './repo.js';
import type { DbOrTrx } from '../../db/create-db.js';

const HOUR = 3_600_000;
const COUPON_USED_MESSAGE = 'This coupon has already been used.';
const COUPON_UNKNOWN_MESSAGE = 'This coupon link is not valid. Please check the link you were given.';
const COUPON_EMAIL_TAKEN_MESSAGE =
  'An account with this e-mail already exists. Log in with it, or use another e-mail address to redeem the coupon.';
const COUPON_SUCCESS_MESSAGE = 'Welcome to TeachEast! Your free job posting is waiting in your account.';

export async function createCoupons(db: DbOrTrx, count: number, now: number): Promise<string[]> {
  const codes = Array.from({ length: count }, () => randomUUID());
  await repo.insertCoupons(db, codes, now);
  return codes;
}

export async function redeemCoupon(
  deps: Deps,
  input: CouponSignUp,
  ip: string,
): Promise<{ token: string; message: string; currentUser: CurrentUser }> {
  await enforceLimits(
    deps.limiter,
    { key: `coupon:ip:${ip}`, limit: 20, windowMs: HOUR },
    { key: `coupon:email:${input.email}`, limit: 5, windowMs: HOUR },
  );
  // Refuse a bad code before paying for a password hash.
  const coupon = await repo.findCoupon(deps.db, input.code);
  if (!coupon) throw new AppError(404, COUPON_UNKNOWN_MESSAGE, { errorType: 'COUPON_UNKNOWN' });
  if (coupon.redeemed_at !== null) throw new AppError(409, COUPON_USED_MESSAGE, { errorType: 'COUPON_USED' });

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const { userId, token } = await deps.db.transaction().execute(async (trx) => {
    const userId = await createAccount(trx, { email: input.email, passwordHash, confirmedAt: now, createdAt: now });
    if (!userId) throw new AppError(409, COUPON_EMAIL_TAKEN_MESSAGE, { errorType: 'EMAIL_TAKEN' });
    // The conditional update is the single-use guarantee: of concurrent redemptions, one changes the row.
    if (!(await repo.redeemCouponOnce(trx, input.code, userId, now))) {
      throw new AppError(409, COUPON_USED_MESSAGE, { errorType: 'COUPON_USED' });
    }
    await ledger.addLedgerEntry(trx, { userId, delta: 1, reason: 'coupon', reference: input.code, now });
    await createJobInTransaction(trx, userId, now);
    return { userId, token: await createSession(trx, userId, now, deps.config.sessionTtlDays) };
  });
  return {
    token,
    message: COUPON_SUCCESS_MESSAGE,
    currentUser: { uuid: userId, email: input.email, subscriptionId: null },
  };
}
