// Job credits: bought in packs, granted by coupons and operators, spent one per new or relisted job.
// The ledger's unique (reason, reference) makes every grant and every spend happen once.
import { CREDIT_PACKS, ERROR_TYPES, type CreditPack, type CreditsAnswer } from '@teacheast/shared';
import type { DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import * as repo from './repo.js';

const NO_CREDITS_MESSAGE = 'You have no job credits left. Buy a pack of credits to post a job.';

export function isCreditPack(value: unknown): value is CreditPack {
  return typeof value === 'string' && Object.hasOwn(CREDIT_PACKS, value);
}

export async function creditsOf(deps: Deps, userId: string): Promise<CreditsAnswer> {
  return { credits: await repo.creditBalance(deps.db, userId) };
}

/**
 * Starts a transaction that may spend the user's credits: on PostgreSQL it locks the user's row, so
 * concurrent spenders wait for each other. Call it before any check the spending depends on.
 */
export async function lockCredits(trx: DbOrTrx, userId: string): Promise<void> {
  await repo.lockUser(trx, userId);
}

/** Spends one credit on `reference` (a job), inside a transaction that called lockCredits; 402 without one. */
export async function spendCredit(
  trx: DbOrTrx,
  spend: { userId: string; reason: 'job' | 'relist'; reference: string; now: number },
): Promise<void> {
  if ((await repo.creditBalance(trx, spend.userId)) < 1) {
    throw new AppError(402, NO_CREDITS_MESSAGE, { errorType: ERROR_TYPES.NO_CREDITS });
  }
  await repo.addLedgerEntry(trx, { ...spend, delta: -1 });
}

/** Credits a paid pack to its buyer; a payment credits once however often it is reported. */
export function creditPurchase(
  db: DbOrTrx,
  purchase: { userId: string; pack: CreditPack; paymentId: string; now: number },
): Promise<boolean> {
  return repo.addLedgerEntry(db, {
    userId: purchase.userId,
    delta: CREDIT_PACKS[purchase.pack].credits,
    reason: 'purchase',
    reference: purchase.paymentId,
    now: purchase.now,
  });
}
