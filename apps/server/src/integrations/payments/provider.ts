// One interface for taking money; two providers: Stripe, and a built-in test provider that decides
// by card number and never touches the network. Features speak to a provider only through this
// interface: what a provider reports reaches them as PaymentEvents, never as its own objects.
import type { CreditPack } from '@teacheast/shared';

interface CreditIntentRequest {
  userId: string;
  quantity: CreditPack;
  amountCents: number;
  idempotencyKey: string;
}

interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export interface SubscriptionState {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Epoch milliseconds; 0 when the provider did not say. */
  currentPeriodEnd: number;
}

/** A credit pack's payment went through. */
export interface CreditPackPaid {
  type: 'creditPackPaid';
  paymentId: string;
  userId: string;
  pack: CreditPack;
  /** What the buyer actually paid, which may differ from the pack's price. */
  amountPaidCents: number;
  clientSecret: string;
}

/** A credit pack's payment did not go through. */
interface CreditPackPaymentFailed {
  type: 'creditPackPaymentFailed';
  paymentId: string;
}

/** A subscription changed (renewed, failed to renew, cancelled, ended): its latest state. */
export interface SubscriptionChanged {
  type: 'subscriptionChanged';
  subscription: SubscriptionState;
}

/** What a provider reports happened, in the product's words. */
export type PaymentEvent = CreditPackPaid | CreditPackPaymentFailed | SubscriptionChanged;

/** One verified webhook delivery. */
export interface WebhookDelivery {
  /** The provider's id for it: recorded with its effect, so a repeated delivery changes nothing. */
  id: string;
  /** The provider's own name for what happened, kept with that record. */
  providerType: string;
  /** What it means for the product; null when the product has nothing to do. */
  event: PaymentEvent | null;
}

/** A delivery that is not the provider's: a wrong or missing signature, or a stale one (a replay). */
export class WebhookSignatureError extends Error {}

/** The provider sends webhooks, but this server lacks what it needs to verify them. */
export class WebhooksNotConfiguredError extends Error {}

export interface WebhookReceiver {
  /**
   * Verifies a delivery on the exact bytes received, then reads it. The events it answers carry the
   * provider's current word (it may ask the provider), so deliveries arriving out of order still
   * leave the latest state. Throws WebhookSignatureError or WebhooksNotConfiguredError.
   */
  receive(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookDelivery>;
}

export type CardOutcome = 'succeeded' | 'declined' | 'invalid';

/** Cards decided on this server (the test provider): its card form posts to our own routes. */
export interface TestCards {
  outcomeOf(cardNumber: string): CardOutcome;
  /** A payment method for the subscription checkout, carrying its card's outcome. */
  createPaymentMethod(outcome: 'succeeded' | 'declined'): string;
  /** The payment a credit intent's client secret belongs to. */
  paymentIdOf(clientSecret: string): string;
}

export interface PaymentProvider {
  /** Stored with each payment and subscription, and told to the web app (/api/config). */
  readonly name: 'test' | 'stripe';
  readonly publishableKey?: string;
  /** Present when cards are decided on this server rather than by the provider (test mode). */
  readonly testCards?: TestCards;
  /** Present when the provider reports payments by signed webhook (Stripe). */
  readonly webhooks?: WebhookReceiver;
  createCreditIntent(req: CreditIntentRequest): Promise<CreatedIntent>;
  /** Prepares a customer (created once per user) and a setup intent for the subscription's card. */
  createSubscriptionSetup(req: { userId: string; email: string; customerId: string | null }): Promise<{
    clientSecret: string;
    customerId: string;
  }>;
  createSubscription(req: { userId: string; customerId: string; paymentMethodId: string }): Promise<SubscriptionState>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;
}
