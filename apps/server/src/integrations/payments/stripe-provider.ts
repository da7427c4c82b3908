// Stripe: PaymentIntents for credit packs, SetupIntent + Subscription for the resume board.
import Stripe from 'stripe';
import type { PaymentProvider, SubscriptionState } from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  publishableKey?: string;
  resumeBoardPrice?: string;
}

export function stateOf(sub: Stripe.Subscription): SubscriptionState {
  const periodEnd = sub.items?.data?.[0]?.current_period_end ?? 0;
  return {
    id: sub.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEnd * 1000,
  };
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey);
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
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
      return stateOf(sub);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return stateOf(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async retrieveSubscription(subscriptionId) {
      return stateOf(await stripe.subscriptions.retrieve(subscriptionId));
    },
  };
}

export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey);
}
