// Stripe's webhooks: each delivery is verified against the endpoint secret on the raw request body,
// then read as the product's events. Stripe's objects are read here and in stripe-provider.ts only.
import Stripe from 'stripe';
import { CREDIT_PACKS, type CreditPack } from '@teacheast/shared';
import {
  WebhookSignatureError,
  WebhooksNotConfiguredError,
  type PaymentEvent,
  type SubscriptionState,
  type WebhookReceiver,
} from './provider.js';

/** Stripe's own default: a delivery older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function subscriptionStateOf(sub: Stripe.Subscription): SubscriptionState {
  const periodEnd = sub.items?.data?.[0]?.current_period_end ?? 0;
  return {
    id: sub.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: periodEnd * 1000,
  };
}

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  // The field moved in 2025 API versions; read both places.
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const parent = invoice.parent?.subscription_details?.subscription;
  const value = parent ?? legacy ?? null;
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function isCreditPack(value: unknown): value is CreditPack {
  return typeof value === 'string' && Object.hasOwn(CREDIT_PACKS, value);
}

/**
 * What a Stripe event means for the product. Subscription events answer Stripe's current state,
 * asked for here (before any transaction, as it is a network call), so an older event delivered
 * late cannot overwrite a newer state.
 */
async function productEventOf(
  event: Stripe.Event,
  retrieveSubscription: (id: string) => Promise<SubscriptionState>,
): Promise<PaymentEvent | null> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const { userId, quantity, kind } = intent.metadata ?? {};
      if (kind !== 'credits' || !userId || !isCreditPack(quantity)) return null;
      return {
        type: 'creditPackPaid',
        paymentId: intent.id,
        userId,
        pack: quantity,
        amountPaidCents: intent.amount_received || intent.amount,
        clientSecret: intent.client_secret ?? '',
      };
    }
    case 'payment_intent.payment_failed':
      return { type: 'creditPackPaymentFailed', paymentId: event.data.object.id };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const subscription = await retrieveSubscription(sub.id).catch(() => subscriptionStateOf(sub));
      return { type: 'subscriptionChanged', subscription };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionIdOfInvoice(event.data.object);
      if (!subscriptionId) return null;
      return { type: 'subscriptionChanged', subscription: await retrieveSubscription(subscriptionId) };
    }
    default:
      return null;
  }
}

export function createStripeWebhookReceiver(
  settings: { secretKey: string; webhookSecret?: string },
  retrieveSubscription: (id: string) => Promise<SubscriptionState>,
): WebhookReceiver {
  // Constructing the client opens no connection; it is only used for its webhook helpers here.
  const stripe = new Stripe(settings.secretKey);
  return {
    async receive(rawBody, headers) {
      if (!settings.webhookSecret) {
        throw new WebhooksNotConfiguredError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
      }
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new WebhookSignatureError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'The signature is not valid');
      }
      return { id: event.id, providerType: event.type, event: await productEventOf(event, retrieveSubscription) };
    },
  };
}
