import type { Config } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { createTestProvider } from './test-provider.js';

export async function createPaymentProvider(config: Config, now: () => number): Promise<PaymentProvider> {
  if (config.paymentProvider === 'stripe' && config.stripe) {
    const { createStripeProvider } = await import('./stripe-provider.js');
    return createStripeProvider(config.stripe);
  }
  return createTestProvider(now);
}
