// Buying job credits. A payment credits the buyer exactly once, and only on the provider's word:
// the test provider's own confirmation, or a signed webhook (Stripe's), whose events are dispatched
// here to the features they concern.
import { randomUUID } from 'node:crypto';
import {
  CREDIT_PACKS,
  MESSAGES,
  type ClientSecretAnswer,
  type CreditPack,
  type TestPaymentConfirmAnswer,
  type TestPaymentMethodAnswer,
  type WebhookAnswer,
} from '@teacheast/shared';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { Deps } from '../../deps.js';
import {
  WebhookSignatureError,
  WebhooksNotConfiguredError,
  type CreditPackPaid,
  type PaymentEvent,
  type TestCards,
  type WebhookDelivery,
  type WebhookReceiver,
} from '../../integrations/payments/provider.js';
import { accountExists } from '../accounts/service.js';
import { creditPurchase, isCreditPack } from '../credits/service.js';
import { applySubscriptionChange } from '../subscriptions/service.js';
import type { DbOrTrx } from '../../db/create-db.js';
import * as repo from './repo.js';

export async function createCreditIntent(
  deps: Deps,
  userId: string,
  quantity: CreditPack,
): Promise<ClientSecretAnswer> {
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
  return creditPurchase(db, { userId: payment.userId, pack: payment.quantity, paymentId: payment.id, now });
}

const CARD_DECLINED_MESSAGE = `${MESSAGES.paymentFailed} Your card was declined.`;
const CARD_INVALID_MESSAGE = `${MESSAGES.paymentFailed} The card number is not valid.`;

export async function confirmTestPayment(
  deps: Deps,
  cards: TestCards,
  userId: string,
  input: { client_secret: string; card: { number: string } },
): Promise<TestPaymentConfirmAnswer> {
  const payment = await repo.findPayment(deps.db, cards.paymentIdOf(input.client_secret));
  // Compare the whole secret, so knowing a payment id is not enough to confirm it.
  if (!payment || payment.provider !== deps.payments.name || payment.client_secret !== input.client_secret) {
    throw notFound('This payment was not found. Please start again from the purchase page.');
  }
  if (payment.user_id !== userId) throw forbidden('This payment belongs to another account');
  const outcome = cards.outcomeOf(input.card.number);
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

export function createTestPaymentMethod(cards: TestCards, card: { number: string }): TestPaymentMethodAnswer {
  const outcome = cards.outcomeOf(card.number);
  if (outcome === 'invalid') throw new AppError(400, 'The card number is not valid.', { errorType: 'CARD_INVALID' });
  return { id: cards.createPaymentMethod(outcome) };
}

// ---- webhooks ----

/** A pack paid outside our own pages (Stripe's checkout): recorded, then credited once. */
async function creditPaidPack(trx: DbOrTrx, deps: Deps, paid: CreditPackPaid, now: number): Promise<void> {
  const price = CREDIT_PACKS[paid.pack].amountCents;
  // Never credit more than was paid for.
  if (paid.amountPaidCents < price) return;
  if (!(await accountExists(trx, paid.userId))) return;
  await repo.insertPayment(trx, {
    id: paid.paymentId,
    provider: deps.payments.name,
    userId: paid.userId,
    quantity: paid.pack,
    amountCents: price,
    clientSecret: paid.clientSecret,
    now,
  });
  await creditPayment(trx, { id: paid.paymentId, userId: paid.userId, quantity: paid.pack }, now);
}

async function dispatch(trx: DbOrTrx, deps: Deps, event: PaymentEvent, now: number): Promise<void> {
  switch (event.type) {
    case 'creditPackPaid':
      return creditPaidPack(trx, deps, event, now);
    case 'creditPackPaymentFailed':
      return repo.markPaymentFailed(trx, event.paymentId, now);
    case 'subscriptionChanged':
      await applySubscriptionChange(trx, event, now);
  }
}

async function verify(
  receiver: WebhookReceiver,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookDelivery> {
  try {
    return await receiver.receive(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      throw new AppError(400, 'The webhook signature could not be verified.', { errorType: 'BAD_SIGNATURE' });
    }
    if (err instanceof WebhooksNotConfiguredError) throw new AppError(503, err.message);
    throw err;
  }
}

/**
 * Applies one verified webhook delivery. Its id is recorded in the same transaction as its effect,
 * so a retried or duplicated delivery changes nothing; effects are idempotent on the object's id,
 * so the same payment seen through several events still credits once.
 */
export async function receiveWebhook(
  deps: Deps,
  receiver: WebhookReceiver,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAnswer> {
  const { id, providerType, event } = await verify(receiver, rawBody, headers);
  const now = deps.clock.now();
  const isNew = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.recordPaymentEvent(trx, { id, provider: deps.payments.name, type: providerType, now }))) {
      return false;
    }
    if (event) await dispatch(trx, deps, event, now);
    return true;
  });
  return { received: true, duplicate: !isNew };
}
