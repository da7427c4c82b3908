// Test factories for payments: the test provider's card forms, and Stripe mode without the network
// (a provider whose webhooks the real Stripe code verifies and reads, and deliveries signed as Stripe
// signs them).
import { createHmac, randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { PaymentProvider, SubscriptionState } from '../../integrations/payments/provider.js';
import { createStripeWebhookReceiver } from '../../integrations/payments/stripe-webhooks.js';

export const OK_CARD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', exp: '12/34', cvc: '123' };

const SECRET_KEY = 'sk_test_x';
const WEBHOOK_SECRET = 'whsec_test';

/** A Stripe stand-in: creates intents without the network and answers subscription states from `states`. */
function fakeStripeProvider(states: Map<string, SubscriptionState>): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: 'pk_test_x',
    webhooks: createStripeWebhookReceiver({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, async (id) => {
      const state = states.get(id);
      if (!state) throw new Error('unknown subscription');
      return state;
    }),
    async createCreditIntent() {
      const id = `pi_${randomUUID().replace(/-/g, '')}`;
      return { id, clientSecret: `${id}_secret_abc` };
    },
    async createSubscriptionSetup() {
      return { clientSecret: 'seti_x', customerId: 'cus_x' };
    },
    async createSubscription() {
      throw new Error('not used');
    },
    async setCancelAtPeriodEnd() {
      throw new Error('not used');
    },
  };
}

/** The app in Stripe mode; set a subscription's state in `states` before its webhook arrives. */
export async function createStripeTestApp(): Promise<{ t: TestApp; states: Map<string, SubscriptionState> }> {
  const states = new Map<string, SubscriptionState>();
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_RESUME_BOARD_PRICE: 'price_x',
      PAYMENT_PROVIDER: 'stripe',
    },
    payments: fakeStripeProvider(states),
  });
  return { t, states };
}

/** Posts a Stripe event to the webhook, signed as Stripe signs: HMAC-SHA256 of "<timestamp>.<body>". */
export function deliverStripeEvent(t: TestApp, event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
    .update(`${timestamp}.${payload}`)
    .digest('hex');
  return t.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
    payload,
  });
}
