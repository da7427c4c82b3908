// The provider's webhooks change our subscription rows: the payments feature receives them, this
// feature applies them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, dialect, type TestApp, type TestUser } from '../../../test/harness.js';
import type { SubscriptionState } from '../../integrations/payments/provider.js';
import { createStripeTestApp, deliverStripeEvent } from '../payments/test-factories.js';
import { createSubscription } from './test-factories.js';

describe(`subscription webhooks (${dialect})`, () => {
  let t: TestApp;
  let states: Map<string, SubscriptionState>;
  let user: TestUser;

  beforeAll(async () => {
    ({ t, states } = await createStripeTestApp());
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    user = await createUser(t);
  });

  it('applies the latest subscription state for subscription and invoice events', async () => {
    const subId = await createSubscription(t, user.id, { provider: 'stripe', status: 'active' });
    states.set(subId, { id: subId, status: 'past_due', cancelAtPeriodEnd: true, currentPeriodEnd: 0 });
    const invoiceFailed = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_1', object: 'invoice', parent: { subscription_details: { subscription: subId } } } },
    };
    expect((await deliverStripeEvent(t, invoiceFailed)).statusCode).toBe(200);
    let row = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'past_due', cancel_at_period_end: 1 });

    // An older "updated" event arriving late still leaves the provider's current state.
    states.set(subId, { id: subId, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: 0 });
    const updated = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: subId,
          object: 'subscription',
          status: 'incomplete',
          cancel_at_period_end: true,
          items: { data: [] },
        },
      },
    };
    expect((await deliverStripeEvent(t, updated)).statusCode).toBe(200);
    row = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', subId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'active', cancel_at_period_end: 0 });
  });

  it('changes nothing for a subscription that is not ours', async () => {
    const mine = await createSubscription(t, user.id, { provider: 'stripe', status: 'active' });
    const unknown = `sub_${randomUUID().replace(/-/g, '')}`;
    states.set(unknown, { id: unknown, status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: 0 });
    const event = {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_2', object: 'invoice', subscription: unknown } },
    };
    const res = await deliverStripeEvent(t, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await t.db.selectFrom('subscriptions').selectAll().where('id', '=', unknown).execute()).toEqual([]);
    const row = await t.db.selectFrom('subscriptions').selectAll().where('id', '=', mine).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });
});
