// Test factory: a subscription row made directly in the database, as the provider would leave it.
import { randomBytes } from 'node:crypto';
import { SUBSCRIPTION_PERIOD_MS } from '@teacheast/shared';
import type { TestApp } from '../../../test/harness.js';

export async function createSubscription(
  t: TestApp,
  userId: string,
  fields: Partial<{
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: number;
    provider: 'test' | 'stripe';
  }> = {},
): Promise<string> {
  const id = `sub_test_${randomBytes(12).toString('hex')}`;
  const now = t.clock.now();
  await t.db
    .insertInto('subscriptions')
    .values({
      id,
      user_id: userId,
      provider: fields.provider ?? 'test',
      status: fields.status ?? 'active',
      cancel_at_period_end: fields.cancelAtPeriodEnd ? 1 : 0,
      current_period_end: fields.currentPeriodEnd ?? now + SUBSCRIPTION_PERIOD_MS,
      payment_method_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
