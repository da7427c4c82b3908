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
}
