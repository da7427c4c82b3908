// Stripe: PaymentIntents for credit packs, SetupIntent + Subscription for the resume board.
import Stripe from 'stripe';
import type { PaymentProvider } from './provider.js';
import { createStripeWebhookReceiver, subscriptionStateOf } from './stripe-webhooks.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  publishableKey?: string;
  resumeBoardPrice?: string;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey);
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    webhooks: createStripeWebhookReceiver(settings, async (subscriptionId) =>
      subscriptionStateOf(await stripe.subscriptions.retrieve(subscriptionId)),
    ),
    async createCreditIntent({ userId, quantity, amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { userId, quantity, kind: 'credits' },
        },
        { idempotencyKey },
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '' };
    },
    async createSubscriptionSetup({ userId, email, customerId }) {
      const customer = customerId ?? (await stripe.customers.create({ email, metadata: { userId } })).id;
      const setup = await stripe.setupIntents.create({ customer, usage: 'off_session', metadata: { userId } });
      return { clientSecret: setup.client_secret ?? '', customerId: customer };
    },
    async createSubscription({ userId, customerId, paymentMethodId }) {
      if (!settings.resumeBoardPrice) throw new Error('STRIPE_RESUME_BOARD_PRICE is not set');
      await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }).catch(() => undefined);
      const sub = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: settings.resumeBoardPrice }],
        default_payment_method: paymentMethodId,
        metadata: { userId },
      });
      return subscriptionStateOf(sub);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return subscriptionStateOf(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
  };
}
