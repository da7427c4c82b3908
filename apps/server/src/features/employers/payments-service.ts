// Buying job credits. A payment credits the buyer exactly once, and only on the provider's word:
// the test provider's own confirmation, or Stripe's signed payment_intent.succeeded webhook.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { CREDIT_PACKS, MESSAGES, type CreditPack } from '@teacheast/shared';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { Deps } from '../../http/context.js';
import { testCardOutcome, testPaymentMethodId } from '../../integrations/payments/test-provider.js';
import type { SubscriptionState } from '../../integrations/payments/provider.js';
import type { StripeEvent } from '../../integrations/payments/stripe-webhooks.js';
import { applySubscriptionState } from '../subscriptions/sync.js';
import type { DbOrTrx } from '../../db/create-db.js';
import * as repo from './repo.js';

export async function creditsOf(deps: Deps, userId: string): Promise<{ credits: number }> {
  return { credits: await repo.creditBalance(deps.db, userId) };
}

export async function createCreditIntent(
  deps: Deps,
  userId: string,
  quantity: CreditPack,
): Promise<{ client_secret: string }> {
  const pack = CREDIT_PACKS[quantity];
  const intent = await deps.payments.createCreditIntent({
    userId,
    quantity,
    amountCents: pack.amountCents,
    idempotencyKey: `credits-${userId}-${randomUUID()}`,
  });
  await repo.insertPayment(deps.db, {
    id: intent.id,
    provider: deps.payments.name,
    userId,
    quantity,
    amountCents: pack.amountCents,
    clientSecret: intent.clientSecret,
    now: deps.clock.now(),
  });
  return { client_secret: intent.clientSecret };
}

/** Credits a succeeded payment inside the caller's transaction; the ledger's unique key makes it once. */
async function creditPayment(
  db: DbOrTrx,
  payment: { id: string; userId: string; quantity: CreditPack },
  now: number,
): Promise<boolean> {
  await repo.markPaymentSucceeded(db, payment.id, now);
  return repo.addLedgerEntry(db, {
    userId: payment.userId,
    delta: CREDIT_PACKS[payment.quantity].credits,
    reason: 'purchase',
    reference: payment.id,
    now,
  });
}

function isCreditPack(value: unknown): value is CreditPack {
  return typeof value === 'string' && Object.hasOwn(CREDIT_PACKS, value);
}

/** The test provider's client secret is `<payment id>_secret_<random>`, as Stripe's is. */
function paymentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

export const CARD_DECLINED_MESSAGE = `${MESSAGES.paymentFailed} Your card was declined.`;
export const CARD_INVALID_MESSAGE = `${MESSAGES.paymentFailed} The card number is not valid.`;

export async function confirmTestPayment(
  deps: Deps,
  userId: string,
  input: { client_secret: string; card: { number: string } },
): Promise<{ status: 'succeeded' }> {
  const payment = await repo.findPayment(deps.db, paymentIdOf(input.client_secret));
  // Compare the whole secret, so knowing a payment id is not enough to confirm it.
  if (!payment || payment.provider !== 'test' || payment.client_secret !== input.client_secret) {
    throw notFound('This payment was not found. Please start again from the purchase page.');
  }
  if (payment.user_id !== userId) throw forbidden('This payment belongs to another account');
  const outcome = testCardOutcome(input.card.number);
  const now = deps.clock.now();
  if (outcome !== 'succeeded') {
    if (payment.status === 'succeeded') return { status: 'succeeded' };
    await repo.markPaymentFailed(deps.db, payment.id, now);
    throw new AppError(402, outcome === 'declined' ? CARD_DECLINED_MESSAGE : CARD_INVALID_MESSAGE, {
      errorType: outcome === 'declined' ? 'CARD_DECLINED' : 'CARD_INVALID',
    });
  }
  if (!isCreditPack(payment.quantity)) throw new AppError(500, 'This payment has no credit pack');
  const quantity = payment.quantity;
  await deps.db
    .transaction()
    .execute((trx) => creditPayment(trx, { id: payment.id, userId: payment.user_id, quantity }, now));
  return { status: 'succeeded' };
}

export function createTestPaymentMethod(card: { number: string }): { id: string } {
  const outcome = testCardOutcome(card.number);
  if (outcome === 'invalid') throw new AppError(400, 'The card number is not valid.', { errorType: 'CARD_INVALID' });
  return { id: testPaymentMethodId(outcome) };
}

// ---- Stripe webhooks ----

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  // The field moved in 2025 API versions; read both places.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const parent = invoice.parent?.subscription_details?.subscription;
  const value = parent ?? legacy ?? null;
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function stateOfSubscription(sub: Stripe.Subscription): SubscriptionState {
  return {
    id: sub.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: (sub.items?.data?.[0]?.current_period_end ?? 0) * 1000,
  };
}

/**
 * Applies one verified Stripe event. The event id is recorded in the same transaction as its effect,
 * so a retried or duplicated delivery changes nothing; effects are idempotent on the object's id,
 * so the same payment seen through several events still credits once.
 */
export async function handleStripeEvent(
  deps: Deps,
  event: StripeEvent,
): Promise<{ received: true; duplicate: boolean }> {
  const now = deps.clock.now();
  // Ask the provider for the latest subscription state outside the transaction (it is a network call),
  // so an older event delivered late cannot overwrite a newer state.
  let subscriptionState: SubscriptionState | null = null;
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const sub = event.data.object;
    subscriptionState = deps.payments.retrieveSubscription
      ? await deps.payments.retrieveSubscription(sub.id).catch(() => stateOfSubscription(sub))
      : stateOfSubscription(sub);
  } else if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const subscriptionId = subscriptionIdOfInvoice(event.data.object);
    if (subscriptionId && deps.payments.retrieveSubscription) {
      subscriptionState = await deps.payments.retrieveSubscription(subscriptionId);
    }
  }

  const isNew = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.recordPaymentEvent(trx, { id: event.id, provider: 'stripe', type: event.type, now })))
      return false;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const { userId, quantity, kind } = intent.metadata ?? {};
        if (kind !== 'credits' || !userId || !isCreditPack(quantity)) break;
        // Never credit more than was paid for.
        if ((intent.amount_received || intent.amount) < CREDIT_PACKS[quantity].amountCents) break;
        if (!(await repo.userExists(trx, userId))) break;
        await repo.insertPayment(trx, {
          id: intent.id,
          provider: 'stripe',
          userId,
          quantity,
          amountCents: CREDIT_PACKS[quantity].amountCents,
          clientSecret: intent.client_secret ?? '',
          now,
        });
        await creditPayment(trx, { id: intent.id, userId, quantity }, now);
        break;
      }
      case 'payment_intent.payment_failed':
        await repo.markPaymentFailed(trx, event.data.object.id, now);
        break;
      default:
        if (subscriptionState) await applySubscriptionState(trx, subscriptionState, now);
    }
    return true;
  });
  return { received: true, duplicate: !isNew };
}
