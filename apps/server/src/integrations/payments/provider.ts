// One interface for taking money; two providers: Stripe, and a built-in test provider that decides
// by card number and never touches the network.

export interface CreditIntentRequest {
  userId: string;
  quantity: 'one' | 'five' | 'ten';
  amountCents: number;
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

export interface SubscriptionState {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey?: string;
  createCreditIntent(req: CreditIntentRequest): Promise<CreatedIntent>;
  /** Prepares a customer (created once per user) and a setup intent for the subscription's card. */
  createSubscriptionSetup(req: { userId: string; email: string; customerId: string | null }): Promise<{
    clientSecret: string;
    customerId: string;
  }>;
  createSubscription(req: { userId: string; customerId: string; paymentMethodId: string }): Promise<SubscriptionState>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;
  /**
   * The provider's current word on a subscription. Webhooks use it so that events arriving out of
   * order still leave the latest state; providers without it are trusted on the event's copy.
   */
  retrieveSubscription?(subscriptionId: string): Promise<SubscriptionState>;
}
