// The resume board subscription endpoints (SPEC §7) and the test provider's payment methods.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';

const IntentSchema = z.object({ client_secret: z.string(), customerId: z.string() });
const PaymentSchema = z.object({ status: z.string(), id: z.string() });
const PaymentMethodSchema = z.object({ id: z.string() });
const CheckSchema = z.object({ status: z.string() });
export const SubscriptionSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().optional(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export interface TestCard {
  number: string;
  exp: string;
  cvc: string;
}

const enc = encodeURIComponent;

export const subscriptionKeys = {
  one: (userUuid: string, subscriptionId: string) => ['subscription', userUuid, subscriptionId] as const,
  check: (subscriptionId: string) => ['subscription', 'check', subscriptionId] as const,
};

export function createSubscriptionIntent(userUuid: string) {
  return api.post('/api/sub-intent/', { userUuid }, { schema: IntentSchema });
}

/** Test mode only: our own server stands in for the card network. */
export function createTestPaymentMethod(card: TestCard) {
  return api.post('/api/test-payments/payment-methods', { card }, { schema: PaymentMethodSchema });
}

export function paySubscription(body: { customerId: string; paymentMethodId: string; userUuid: string }) {
  return api.post('/api/sub-payment', body, { schema: PaymentSchema });
}

export function useCheckSubscription(subscriptionId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.check(subscriptionId ?? ''),
    queryFn: () => api.post('/api/check-sub', { subscriptionId }, { schema: CheckSchema }),
    enabled: Boolean(subscriptionId),
  });
}

export function useSubscription(userUuid: string, subscriptionId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.one(userUuid, subscriptionId ?? ''),
    queryFn: () =>
      api.get(`/api/subscription/${enc(userUuid)}/${enc(subscriptionId ?? '')}`, { schema: SubscriptionSchema }),
    enabled: Boolean(subscriptionId),
  });
}

export function useToggleRecurring(userUuid: string, subscriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/api/subscription/toggle/${enc(userUuid)}/${enc(subscriptionId)}`, undefined, {
        schema: z.object({ cancelAtPeriodEnd: z.boolean() }),
      }),
    onSuccess: ({ cancelAtPeriodEnd }) => {
      client.setQueryData<Subscription>(subscriptionKeys.one(userUuid, subscriptionId), (old) =>
        old ? { ...old, cancelAtPeriodEnd } : old,
      );
    },
  });
}
