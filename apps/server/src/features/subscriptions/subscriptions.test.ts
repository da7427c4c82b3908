import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@teacheast/shared';
import { SUBSCRIPTION_PERIOD_MS } from '@teacheast/shared';
import { createSession } from '../accounts/sessions.js';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../../../test/harness.js';
import { DECLINED_CARD, OK_CARD } from '../payments/test-factories.js';
import { createResume } from '../resumes/test-factories.js';
import { createSubscription } from './test-factories.js';

const DAY = 86_400_000;

/** What /api/sub-intent and /api/sub-payment answer (routes.ts). */
interface IntentAnswer {
  client_secret: string;
  customerId: string;
}
interface PaymentAnswer {
  status: string;
  id: string;
}

describe(`resume board subscription (${dialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    user = await createUser(t);
    other = await createUser(t);
  });

  const subscriptionsOf = (userId: string) =>
    t.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

  async function intent(u: TestUser) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/sub-intent/',
      headers: u.auth,
      payload: { userUuid: u.id },
    });
    return res;
  }

  /** A payment method from the test card form, as the checkout page makes it. */
  async function paymentMethod(u: TestUser, card: 'succeeded' | 'declined' = 'succeeded'): Promise<string> {
    const res = await t.inject({
      method: 'POST',
      url: '/api/test-payments/payment-methods',
      headers: u.auth,
      payload: { card: card === 'succeeded' ? OK_CARD : DECLINED_CARD },
    });
    expect(res.statusCode).toBe(200);
    return res.json<PaymentAnswer>().id;
  }

  async function pay(u: TestUser, card: 'succeeded' | 'declined' = 'succeeded', customerId?: string) {
    const cus = customerId ?? (await intent(u)).json<IntentAnswer>().customerId;
    return t.inject({
      method: 'POST',
      url: '/api/sub-payment',
      headers: u.auth,
      payload: { customerId: cus, paymentMethodId: await paymentMethod(u, card), userUuid: u.id },
    });
  }

  const boardStatus = async (u: TestUser) =>
    (await t.inject({ method: 'GET', url: `/api/resume-board/filter/${u.id}?page=1`, headers: u.auth })).statusCode;

  describe('sub-intent', () => {
    it('creates the customer once and stores its id on the user', async () => {
      const first = await intent(user);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        client_secret: expect.any(String) as string,
        customerId: expect.stringMatching(/^cus_test_/) as string,
      });
      const row = await t.db
        .selectFrom('users')
        .select('payment_customer_id')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row!.payment_customer_id).toBe(first.json<IntentAnswer>().customerId);
      expect((await intent(user)).json<IntentAnswer>().customerId).toBe(first.json<IntentAnswer>().customerId);
    });

    it('is refused anonymously and for another user', async () => {
      expect(
        (await t.inject({ method: 'POST', url: '/api/sub-intent/', payload: { userUuid: user.id } })).statusCode,
      ).toBe(401);
      const res = await t.inject({
        method: 'POST',
        url: '/api/sub-intent/',
        headers: other.auth,
        payload: { userUuid: user.id },
      });
      expect(res.statusCode).toBe(403);
      const row = await t.db
        .selectFrom('users')
        .select('payment_customer_id')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row!.payment_customer_id).toBeNull();
    });
  });

  describe('sub-payment', () => {
    it('starts an active subscription that the current user carries', async () => {
      const res = await pay(user);
      expect(res.statusCode).toBe(200);
      const { status, id } = res.json<PaymentAnswer>();
      expect(status).toBe('active');
      const [row] = await subscriptionsOf(user.id);
      expect(row).toMatchObject({
        id,
        status: 'active',
        cancel_at_period_end: 0,
        current_period_end: t.clock.now() + SUBSCRIPTION_PERIOD_MS,
      });
      const me = await t.inject({ method: 'GET', url: '/api/current_user', headers: user.auth });
      expect(me.json<{ currentUser: CurrentUser }>().currentUser.subscriptionId).toBe(id);
      expect(await boardStatus(user)).toBe(200);
    });

    it('answers a declined card with a non-active status and stores nothing live', async () => {
      const res = await pay(user, 'declined');
      expect(res.statusCode).toBe(200);
      expect(res.json<PaymentAnswer>().status).not.toBe('active');
      expect(await subscriptionsOf(user.id)).toEqual([]);
      expect(await boardStatus(user)).toBe(403);
      // The user may try again with a good card.
      expect((await pay(user)).json<PaymentAnswer>().status).toBe('active');
    });

    it('is refused anonymously, for another user, and with another customer id', async () => {
      const cus = (await intent(user)).json<IntentAnswer>().customerId;
      const body = { customerId: cus, paymentMethodId: await paymentMethod(user), userUuid: user.id };
      expect((await t.inject({ method: 'POST', url: '/api/sub-payment', payload: body })).statusCode).toBe(401);
      expect(
        (await t.inject({ method: 'POST', url: '/api/sub-payment', headers: other.auth, payload: body })).statusCode,
      ).toBe(403);
      const otherCus = (await intent(other)).json<IntentAnswer>().customerId;
      const wrong = await pay(user, 'succeeded', otherCus);
      expect(wrong.statusCode).toBe(400);
      expect(await subscriptionsOf(user.id)).toEqual([]);
      expect(await subscriptionsOf(other.id)).toEqual([]);
    });

    it('never starts a second subscription while one is live', async () => {
      const cus = (await intent(user)).json<IntentAnswer>().customerId;
      const first = await pay(user, 'succeeded', cus);
      const again = await pay(user, 'succeeded', cus);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: true, errorType: 'HAS_SUBSCRIPTION' });
      expect((await intent(user)).statusCode).toBe(409);
      const rows = await subscriptionsOf(user.id);
      expect(rows.map((r) => r.id)).toEqual([first.json<PaymentAnswer>().id]);
    });

    it('lets only one of two concurrent payments through', async () => {
      const cus = (await intent(user)).json<IntentAnswer>().customerId;
      const results = await Promise.all([
        pay(user, 'succeeded', cus),
        pay(user, 'succeeded', cus),
        pay(user, 'succeeded', cus),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const rows = await subscriptionsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('active');
    });
  });

  describe('check-sub, read and toggle', () => {
    it('answer only the subscription’s owner', async () => {
      const id = await createSubscription(t, user.id);
      const check = (u?: TestUser) =>
        t.inject({ method: 'POST', url: '/api/check-sub', headers: u?.auth, payload: { subscriptionId: id } });
      expect((await check()).statusCode).toBe(401);
      expect((await check(other)).statusCode).toBe(403);
      expect((await check(user)).json()).toEqual({ status: 'active' });
      const unknown = await t.inject({
        method: 'POST',
        url: '/api/check-sub',
        headers: user.auth,
        payload: { subscriptionId: 'sub_nope' },
      });
      expect(unknown.statusCode).toBe(404);

      const readUrl = `/api/subscription/${user.id}/${id}`;
      expect((await t.inject({ method: 'GET', url: readUrl })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: readUrl, headers: other.auth })).statusCode).toBe(403);
      // Another user's subscription under one's own uuid is refused too.
      const mixed = await t.inject({ method: 'GET', url: `/api/subscription/${other.id}/${id}`, headers: other.auth });
      expect(mixed.statusCode).toBe(403);
      const read = await t.inject({ method: 'GET', url: readUrl, headers: user.auth });
      expect(read.json()).toEqual({
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: new Date(t.clock.now() + SUBSCRIPTION_PERIOD_MS).toISOString(),
      });

      const toggleUrl = `/api/subscription/toggle/${user.id}/${id}`;
      expect((await t.inject({ method: 'POST', url: toggleUrl })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: toggleUrl, headers: other.auth })).statusCode).toBe(403);
      expect(
        (await t.inject({ method: 'POST', url: `/api/subscription/toggle/${other.id}/${id}`, headers: other.auth }))
          .statusCode,
      ).toBe(403);
      expect((await subscriptionsOf(user.id))[0]!.cancel_at_period_end).toBe(0);
    });

    it('toggles recurring off and on again', async () => {
      const id = await createSubscription(t, user.id);
      const toggle = () =>
        t.inject({ method: 'POST', url: `/api/subscription/toggle/${user.id}/${id}`, headers: user.auth });
      expect((await toggle()).json()).toEqual({ cancelAtPeriodEnd: true });
      expect((await subscriptionsOf(user.id))[0]!.cancel_at_period_end).toBe(1);
      expect((await toggle()).json()).toEqual({ cancelAtPeriodEnd: false });
      expect((await subscriptionsOf(user.id))[0]!.cancel_at_period_end).toBe(0);
    });
  });

  describe('lifecycle with the clock', () => {
    // Sessions last 30 days; these tests move the clock by months.
    beforeEach(async () => {
      const token = await createSession(t.db, user.id, t.clock.now(), 3650);
      user = { ...user, token, auth: { authorization: `Bearer ${token}` } };
    });

    it('active → cancel at period end → ends → access refused; a new one may start', async () => {
      const teacher = await createUser(t);
      const resumeId = await createResume(t, teacher.id);
      const { id } = (await pay(user)).json<PaymentAnswer>();
      const resumePage = async () =>
        (await t.inject({ method: 'GET', url: `/api/resume-details/${resumeId}`, headers: user.auth })).statusCode;
      expect(await boardStatus(user)).toBe(200);
      expect(await resumePage()).toBe(200);

      await t.inject({ method: 'POST', url: `/api/subscription/toggle/${user.id}/${id}`, headers: user.auth });
      t.clock.advance(SUBSCRIPTION_PERIOD_MS - DAY);
      expect(await boardStatus(user)).toBe(200);

      t.clock.advance(2 * DAY);
      expect(await boardStatus(user)).toBe(403);
      expect(await resumePage()).toBe(403);
      const check = await t.inject({
        method: 'POST',
        url: '/api/check-sub',
        headers: user.auth,
        payload: { subscriptionId: id },
      });
      expect(check.json()).toEqual({ status: 'canceled' });
      const toggle = await t.inject({
        method: 'POST',
        url: `/api/subscription/toggle/${user.id}/${id}`,
        headers: user.auth,
      });
      expect(toggle.statusCode).toBe(409);

      const again = await pay(user);
      expect(again.json<PaymentAnswer>().status).toBe('active');
      expect(await boardStatus(user)).toBe(200);
    });

    it('renews at period end, by whole periods, unless cancelled', async () => {
      const { id } = (await pay(user)).json<PaymentAnswer>();
      const start = t.clock.now();
      t.clock.advance(SUBSCRIPTION_PERIOD_MS + DAY);
      expect(await boardStatus(user)).toBe(200);
      let [row] = await subscriptionsOf(user.id);
      expect(row).toMatchObject({ id, status: 'active', current_period_end: start + 2 * SUBSCRIPTION_PERIOD_MS });

      t.clock.advance(3 * SUBSCRIPTION_PERIOD_MS);
      const read = await t.inject({ method: 'GET', url: `/api/subscription/${user.id}/${id}`, headers: user.auth });
      expect(read.json()).toMatchObject({
        status: 'active',
        currentPeriodEnd: new Date(start + 5 * SUBSCRIPTION_PERIOD_MS).toISOString(),
      });
      [row] = await subscriptionsOf(user.id);
      expect(row!.current_period_end).toBe(start + 5 * SUBSCRIPTION_PERIOD_MS);
    });

    it('counts a provider status other than active, or an ended period, as no access', async () => {
      await createSubscription(t, user.id, { status: 'past_due' });
      expect(await boardStatus(user)).toBe(403);
      await createSubscription(t, other.id, { provider: 'stripe', currentPeriodEnd: t.clock.now() - 2 * DAY });
      expect(await boardStatus(other)).toBe(403);
    });
  });
});
