import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../../../test/harness.js';
import { createStripeTestApp, DECLINED_CARD, deliverStripeEvent, OK_CARD } from './test-factories.js';

async function ledgerOf(t: TestApp, userId: string) {
  return t.db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).execute();
}

async function creditsOf(t: TestApp, user: TestUser): Promise<number> {
  const res = await t.inject({ method: 'GET', url: `/api/credits/${user.id}`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { credits: number }).credits;
}

describe(`credit payments with the test provider (${dialect})`, () => {
  let t: TestApp;
  let buyer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await createUser(t);
    other = await createUser(t);
  });
  afterAll(async () => t.close());

  async function intent(user: TestUser, quantity: 'one' | 'five' | 'ten'): Promise<string> {
    const res = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: user.auth,
      payload: { quantity, userUuid: user.id },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { client_secret: string }).client_secret;
  }

  it('creates an intent for the pack price and records it as pending', async () => {
    const secret = await intent(buyer, 'five');
    const row = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('client_secret', '=', secret)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: buyer.id,
      quantity: 'five',
      amount_cents: 7500,
      status: 'pending',
      provider: 'test',
    });
  });

  it('refuses an intent for nobody, for another user, or for an unknown pack', async () => {
    const anon = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      payload: { quantity: 'one', userUuid: buyer.id },
    });
    expect(anon.statusCode).toBe(401);
    const forOther = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: other.auth,
      payload: { quantity: 'one', userUuid: buyer.id },
    });
    expect(forOther.statusCode).toBe(403);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: buyer.auth,
      payload: { quantity: 'two', userUuid: buyer.id },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('credits a pack once on success, even when confirmed twice and concurrently', async () => {
    const before = await creditsOf(t, buyer);
    const secret = await intent(buyer, 'ten');
    const confirms = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.inject({
          method: 'POST',
          url: '/api/test-payments/confirm',
          headers: buyer.auth,
          payload: { client_secret: secret, card: OK_CARD },
        }),
      ),
    );
    for (const res of confirms) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'succeeded' });
    }
    const again = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: secret, card: OK_CARD },
    });
    expect(again.json()).toEqual({ status: 'succeeded' });
    expect(await creditsOf(t, buyer)).toBe(before + 10);
    const paymentId = secret.split('_secret_')[0]!;
    const rows = (await ledgerOf(t, buyer.id)).filter((r) => r.reference === paymentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 10, reason: 'purchase' });
  });

  it('declines 4000 0000 0000 0002 and refuses other numbers, with 402 and no credit', async () => {
    const before = await creditsOf(t, buyer);
    const secret = await intent(buyer, 'one');
    const declined = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: secret, card: DECLINED_CARD },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      error: true,
      errorType: 'CARD_DECLINED',
      message: expect.stringContaining('Payment did not go through.') as string,
    });
    const invalid = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: secret, card: { ...OK_CARD, number: '1234 5678 9012 3456' } },
    });
    expect(invalid.statusCode).toBe(402);
    expect(invalid.json()).toMatchObject({ errorType: 'CARD_INVALID' });
    expect(await creditsOf(t, buyer)).toBe(before);
    const row = await t.db
      .selectFrom('payments')
      .select('status')
      .where('client_secret', '=', secret)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    // The same intent can still be paid with a good card, as with Stripe.
    const retry = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: secret, card: OK_CARD },
    });
    expect(retry.statusCode).toBe(200);
    expect(await creditsOf(t, buyer)).toBe(before + 1);
  });

  it('refuses to confirm without login, someone else\u2019s intent, or a made-up secret', async () => {
    const secret = await intent(buyer, 'one');
    const anon = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      payload: { client_secret: secret, card: OK_CARD },
    });
    expect(anon.statusCode).toBe(401);
    const byOther = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: other.auth,
      payload: { client_secret: secret, card: OK_CARD },
    });
    expect(byOther.statusCode).toBe(403);
    const forged = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: `${secret.split('_secret_')[0]}_secret_guess`, card: OK_CARD },
    });
    expect(forged.statusCode).toBe(404);
    expect(await creditsOf(t, other)).toBe(0);
    const row = await t.db
      .selectFrom('payments')
      .select('status')
      .where('client_secret', '=', secret)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('refuses a malformed card form with 400', async () => {
    const secret = await intent(buyer, 'one');
    const res = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: secret, card: { number: '4242424242424242', exp: '13/99', cvc: '12' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: { 'card.exp': expect.any(String) as string, 'card.cvc': expect.any(String) as string },
    });
  });

  it('makes test payment methods that carry their outcome', async () => {
    const ok = await t.inject({
      method: 'POST',
      url: '/api/test-payments/payment-methods',
      headers: buyer.auth,
      payload: { card: OK_CARD },
    });
    expect(ok.json()).toMatchObject({ id: expect.stringMatching(/^pm_test_ok_/) as string });
    const declined = await t.inject({
      method: 'POST',
      url: '/api/test-payments/payment-methods',
      headers: buyer.auth,
      payload: { card: DECLINED_CARD },
    });
    expect(declined.json()).toMatchObject({ id: expect.stringMatching(/^pm_test_declined_/) as string });
    const invalid = await t.inject({
      method: 'POST',
      url: '/api/test-payments/payment-methods',
      headers: buyer.auth,
      payload: { card: { ...OK_CARD, number: '1111' } },
    });
    expect(invalid.statusCode).toBe(400);
    const anon = await t.inject({
      method: 'POST',
      url: '/api/test-payments/payment-methods',
      payload: { card: OK_CARD },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('has no Stripe webhook in test mode', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe(`Stripe webhooks (${dialect})`, () => {
  let t: TestApp;
  let buyer: TestUser;

  beforeAll(async () => {
    ({ t } = await createStripeTestApp());
    buyer = await createUser(t);
  });
  afterAll(async () => t.close());

  function succeededEvent(eventId: string, intentId: string, quantity = 'five', amount = 7500) {
    return {
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: amount,
          client_secret: `${intentId}_secret_abc`,
          metadata: { userId: buyer.id, quantity, kind: 'credits' },
        },
      },
    };
  }

  const deliver = (event: object, options: { secret?: string; timestamp?: number } = {}) =>
    deliverStripeEvent(t, event, options);

  it('creates a PaymentIntent and grants nothing on the browser\u2019s word', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: buyer.auth,
      payload: { quantity: 'one', userUuid: buyer.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client_secret: expect.stringMatching(/^pi_/) as string });
    // Stripe mode has no test confirmation route.
    const confirm = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: buyer.auth,
      payload: { client_secret: (res.json() as { client_secret: string }).client_secret, card: OK_CARD },
    });
    expect(confirm.statusCode).toBe(404);
    expect(await ledgerOf(t, buyer.id)).toHaveLength(0);
  });

  it('credits once for a valid signature, however often and in whatever order events arrive', async () => {
    const intentId = `pi_${randomUUID().replace(/-/g, '')}`;
    const failed = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: intentId, object: 'payment_intent', metadata: {} } },
    };
    const succeeded = succeededEvent(`evt_${randomUUID()}`, intentId);
    const sameIntentOtherEvent = succeededEvent(`evt_${randomUUID()}`, intentId);
    // Out of order: a success first, then an older failure, then duplicates (also at the same time).
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200);
    const repeats = await Promise.all(Array.from({ length: 5 }, () => deliver(succeeded)));
    for (const r of repeats) expect(r.statusCode).toBe(200);
    expect((await deliver(sameIntentOtherEvent)).statusCode).toBe(200);
    const rows = (await ledgerOf(t, buyer.id)).filter((r) => r.reference === intentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.delta).toBe(5);
    const payment = await t.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', intentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('succeeded');
  });

  it('refuses a wrong signature and a stale timestamp, and changes nothing', async () => {
    const intentId = `pi_${randomUUID().replace(/-/g, '')}`;
    const event = succeededEvent(`evt_${randomUUID()}`, intentId);
    const wrong = await deliver(event, { secret: 'whsec_wrong' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: true, errorType: 'BAD_SIGNATURE' });
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await ledgerOf(t, buyer.id)).filter((r) => r.reference === intentId)).toHaveLength(0);
    expect(await t.db.selectFrom('payment_events').selectAll().where('id', '=', event.id).execute()).toHaveLength(0);
  });

  it('records a delivery it has nothing to do for once, and answers its repeat as a duplicate', async () => {
    const event = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    };
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    const recorded = await t.db.selectFrom('payment_events').selectAll().where('id', '=', event.id).execute();
    expect(recorded).toEqual([expect.objectContaining({ provider: 'stripe', type: 'customer.created' })]);
  });

  it('never credits more than was paid for', async () => {
    const intentId = `pi_${randomUUID().replace(/-/g, '')}`;
    expect((await deliver(succeededEvent(`evt_${randomUUID()}`, intentId, 'ten', 2000))).statusCode).toBe(200);
    expect((await ledgerOf(t, buyer.id)).filter((r) => r.reference === intentId)).toHaveLength(0);
  });
});
