// Verifies Stripe webhook deliveries against the endpoint secret, on the raw request body.
import Stripe from 'stripe';

/** Stripe's own default: a delivery older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeEvent = Stripe.Event;

export class WebhookSignatureError extends Error {}

export function createWebhookVerifier(secretKey: string, webhookSecret: string) {
  // Constructing the client opens no connection; it is only used for its webhook helpers here.
  const stripe = new Stripe(secretKey);
  return (rawBody: Buffer, signature: string | undefined): StripeEvent => {
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : 'The signature is not valid');
    }
  };
}
