// The built-in test provider: the same calls as Stripe, decided locally. Card confirmation happens
// against our own server (POST /api/test-payments/confirm), so no request leaves the machine.
import { randomBytes, randomUUID } from 'node:crypto';
import { SUBSCRIPTION_PERIOD_MS } from '@teacheast/shared';
import type { CardOutcome, PaymentProvider, SubscriptionState, TestCards } from './provider.js';

const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

function testCardOutcome(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.succeeds) return 'succeeded';
  if (digits === TEST_CARDS.declined) return 'declined';
  return 'invalid';
}

/** A test payment method id carries its card's outcome, so any instance can read it. */
function testPaymentMethodId(outcome: 'succeeded' | 'declined'): string {
  return `pm_test_${outcome === 'succeeded' ? 'ok' : 'declined'}_${randomBytes(8).toString('hex')}`;
}

function testPaymentMethodOutcome(id: string): 'succeeded' | 'declined' | 'unknown' {
  if (/^pm_test_ok_[0-9a-f]{16}$/.test(id)) return 'succeeded';
  if (/^pm_test_declined_[0-9a-f]{16}$/.test(id)) return 'declined';
  return 'unknown';
}

const testCards: TestCards = {
  outcomeOf: testCardOutcome,
  createPaymentMethod: testPaymentMethodId,
  // A client secret is `<payment id>_secret_<random>`, as Stripe's is.
  paymentIdOf: (clientSecret) => clientSecret.split('_secret_')[0] ?? '',
};

export function createTestProvider(now: () => number = Date.now): PaymentProvider {
  return {
    name: 'test',
    testCards,
    async createCreditIntent() {
      const id = `pi_test_${randomUUID().replace(/-/g, '')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
    },
    async createSubscriptionSetup({ customerId }) {
      return {
        customerId: customerId ?? `cus_test_${randomUUID().replace(/-/g, '')}`,
        clientSecret: `seti_test_${randomBytes(16).toString('hex')}`,
      };
    },
    async createSubscription({ paymentMethodId }): Promise<SubscriptionState> {
      const outcome = testPaymentMethodOutcome(paymentMethodId);
      return {
        id: `sub_test_${randomUUID().replace(/-/g, '')}`,
        status: outcome === 'succeeded' ? 'active' : 'incomplete',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: now() + SUBSCRIPTION_PERIOD_MS,
      };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      // The test provider keeps no state of its own: the caller's database row is the truth.
      return { id: subscriptionId, status: 'active', cancelAtPeriodEnd: cancel, currentPeriodEnd: 0 };
    },
  };
}
