// Every query of the subscriptions feature.
import type { DbOrTrx } from '../../db/create-db.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { SubscriptionRow } from '../../db/schema.js';
import type { SubscriptionState } from '../../integrations/payments/provider.js';

/** Statuses the database's partial unique index counts as live (at most one per user). */
export const LIVE_STATUSES = ['active', 'incomplete', 'past_due'] as const;

export function findSubscription(db: DbOrTrx, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Read on every request to the resume board, so compiled once. */
const liveSubscriptionQuery = preparedQuery((db, p: { userId: string }) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', p.userId)
    .where('status', 'in', [...LIVE_STATUSES]),
);

export async function findLiveSubscription(db: DbOrTrx, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await liveSubscriptionQuery(db, { userId });
  return row;
}

export async function insertSubscription(
  db: DbOrTrx,
  row: {
    id: string;
    userId: string;
    provider: 'test' | 'stripe';
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: number;
    paymentMethodId: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({
      id: row.id,
      user_id: row.userId,
      provider: row.provider,
      status: row.status,
      cancel_at_period_end: row.cancelAtPeriodEnd ? 1 : 0,
      current_period_end: row.currentPeriodEnd,
      payment_method_id: row.paymentMethodId,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

/** Turns the claim row into the provider's subscription (its id becomes the provider's id). */
export async function replaceClaim(
  db: DbOrTrx,
  claimId: string,
  sub: {
    id: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: number;
    paymentMethodId: string;
    now: number;
  },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({
      id: sub.id,
      status: sub.status,
      cancel_at_period_end: sub.cancelAtPeriodEnd ? 1 : 0,
      current_period_end: sub.currentPeriodEnd,
      payment_method_id: sub.paymentMethodId,
      updated_at: sub.now,
    })
    .where('id', '=', claimId)
    .execute();
}

export async function deleteSubscription(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).execute();
}

/**
 * Moves a period forward, or ends it, only if nobody else did since `seenPeriodEnd` was read, so two
 * concurrent readers never renew twice.
 */
export async function advanceSubscription(
  db: DbOrTrx,
  id: string,
  seenPeriodEnd: number,
  change: { status: string; currentPeriodEnd: number; now: number },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: change.status, current_period_end: change.currentPeriodEnd, updated_at: change.now })
    .where('id', '=', id)
    .where('current_period_end', '=', seenPeriodEnd)
    .execute();
}

export function findCustomer(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'payment_customer_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function storeCustomerId(db: DbOrTrx, userId: string, customerId: string): Promise<void> {
  await db.updateTable('users').set({ payment_customer_id: customerId }).where('id', '=', userId).execute();
}

/** Applies a provider's word about a subscription (Stripe webhooks, or the test provider) to our row. */
export async function applySubscriptionState(db: DbOrTrx, state: SubscriptionState, now: number): Promise<boolean> {
  const res = await db
    .updateTable('subscriptions')
    .set({
      status: state.status,
      cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
      ...(state.currentPeriodEnd > 0 ? { current_period_end: state.currentPeriodEnd } : {}),
      updated_at: now,
    })
    .where('id', '=', state.id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
