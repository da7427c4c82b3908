// Applies a provider's word about a subscription (Stripe webhooks, or the test provider) to our row.
import type { DbOrTrx } from '../../db/create-db.js';
import type { SubscriptionState } from '../../integrations/payments/provider.js';

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
