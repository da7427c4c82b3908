// Stripe deliveries become the product's events here, and nowhere else: each kind of event Stripe
// sends us, signed by Stripe's own library, read into a PaymentEvent (or none).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError, WebhooksNotConfiguredError, type SubscriptionState } from './provider.js';
import { createStripeWebhookReceiver } from './stripe-webhooks.js';

const settings = { secretKey: 'sk_test_x', webhookSecret: 'whsec_unit' };
const stripe = new Stripe(settings.secretKey);
const latest: SubscriptionState = { id: 'sub_1', status: 'past_due', cancelAtPeriodEnd: true, currentPeriodEnd: 0 };

function receiver(retrieve: (id: string) => Promise<SubscriptionState> = async (id) => ({ ...latest, id })) {
  return createStripeWebhookReceiver(settings, retrieve);
}

function signed(event: object, secret = settings.webhookSecret) {
  const payload = JSON.stringify(event);
  return {
    body: Buffer.from(payload),
    headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}

async function read(event: { type: string; data: { object: object } }, r = receiver()) {
  const { body, headers } = signed({ id: 'evt_1', object: 'event', ...event });
  return r.receive(body, headers);
}

const intent = (fields: object) => ({
  type: 'payment_intent.succeeded',
  data: {
    object: {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 7500,
      amount_received: 7500,
      client_secret: 'pi_1_secret_x',
      metadata: { userId: 'u1', quantity: 'five', kind: 'credits' },
      ...fields,
    },
  },
});

describe('Stripe webhook deliveries', () => {
  it('reads a paid credit pack, with what was actually paid', async () => {
    expect(await read(intent({}))).toEqual({
      id: 'evt_1',
      providerType: 'payment_intent.succeeded',
      event: {
        type: 'creditPackPaid',
        paymentId: 'pi_1',
        userId: 'u1',
        pack: 'five',
        amountPaidCents: 7500,
        clientSecret: 'pi_1_secret_x',
      },
    });
    expect((await read(intent({ amount: 2000, amount_received: 0 }))).event).toMatchObject({ amountPaidCents: 2000 });
  });

  it('answers no event for a payment that is not a credit pack of ours', async () => {
    for (const metadata of [
      {},
      { userId: 'u1', quantity: 'two', kind: 'credits' },
      { userId: 'u1', quantity: 'one' },
    ]) {
      expect(await read(intent({ metadata }))).toEqual({
        id: 'evt_1',
        providerType: 'payment_intent.succeeded',
        event: null,
      });
    }
    expect((await read({ type: 'customer.created', data: { object: { id: 'cus_1' } } })).event).toBeNull();
  });

  it('reads a failed payment', async () => {
    const failed = {
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_2', object: 'payment_intent' } },
    };
    expect((await read(failed)).event).toEqual({ type: 'creditPackPaymentFailed', paymentId: 'pi_2' });
  });

  it('answers a subscription’s latest state, or the event’s own copy when Stripe cannot be asked', async () => {
    const deleted = {
      type: 'customer.subscription.deleted',
      data: {
        object: {
          id: 'sub_9',
          object: 'subscription',
          status: 'canceled',
          cancel_at_period_end: false,
          items: { data: [{ current_period_end: 1_800_000_000 }] },
        },
      },
    };
    expect((await read(deleted)).event).toEqual({
      type: 'subscriptionChanged',
      subscription: { ...latest, id: 'sub_9' },
    });
    const offline = receiver(() => Promise.reject(new Error('network down')));
    expect((await read(deleted, offline)).event).toEqual({
      type: 'subscriptionChanged',
      subscription: { id: 'sub_9', status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: 1_800_000_000_000 },
    });
  });

  it('finds an invoice’s subscription where either API version puts it, and asks for its state', async () => {
    const asked: string[] = [];
    const r = receiver(async (id) => {
      asked.push(id);
      return { ...latest, id };
    });
    const invoice = (object: object) => ({
      type: 'invoice.paid',
      data: { object: { id: 'in_1', object: 'invoice', ...object } },
    });
    expect((await read(invoice({ parent: { subscription_details: { subscription: 'sub_new' } } }), r)).event).toEqual({
      type: 'subscriptionChanged',
      subscription: { ...latest, id: 'sub_new' },
    });
    await read(invoice({ subscription: 'sub_legacy' }), r);
    await read(invoice({ subscription: { id: 'sub_expanded' } }), r);
    expect((await read(invoice({}), r)).event).toBeNull();
    expect(asked).toEqual(['sub_new', 'sub_legacy', 'sub_expanded']);
  });

  it('refuses a wrong, missing or stale signature, and says so when it has no secret', async () => {
    const event = { id: 'evt_1', object: 'event', ...intent({}) };
    const wrong = signed(event, 'whsec_wrong');
    await expect(receiver().receive(wrong.body, wrong.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(receiver().receive(wrong.body, {})).rejects.toBeInstanceOf(WebhookSignatureError);
    const payload = JSON.stringify(event);
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: settings.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    await expect(receiver().receive(Buffer.from(payload), { 'stripe-signature': stale })).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const unconfigured = createStripeWebhookReceiver({ secretKey: 'sk_test_x' }, async () => latest);
    const good = signed(event);
    await expect(unconfigured.receive(good.body, good.headers)).rejects.toBeInstanceOf(WebhooksNotConfiguredError);
  });
});
