// The resume board subscription endpoints and the test provider's payment methods.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SubscriptionCheckAnswerSchema,
  SubscriptionIntentAnswerSchema,
  SubscriptionPaymentAnswerSchema,
  SubscriptionToggleAnswerSchema,
  SubscriptionViewSchema,
  TestPaymentMethodAnswerSchema,
  type Card,
  type SubscriptionCheck,
  type SubscriptionIntent,
  type SubscriptionPayment,
  type SubscriptionView,
  type TestPaymentMethod,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';

const enc = encodeURIComponent;

const subscriptionKeys = {
  one: (userUuid: string, subscriptionId: string) => ['subscription', userUuid, subscriptionId] as const,
  check: (subscriptionId: string) => ['subscription', 'check', subscriptionId] as const,
};

export function createSubscriptionIntent(userUuid: string) {
  return api.post('/api/sub-intent/', { userUuid } satisfies SubscriptionIntent, {
    schema: SubscriptionIntentAnswerSchema,
  });
}

/** Test mode only: our own server stands in for the card network. */
export function createTestPaymentMethod(card: Card) {
  return api.post('/api/test-payments/payment-methods', { card } satisfies TestPaymentMethod, {
    schema: TestPaymentMethodAnswerSchema,
  });
}

export function paySubscription(body: SubscriptionPayment) {
  return api.post('/api/sub-payment', body, { schema: SubscriptionPaymentAnswerSchema });
}

export function useCheckSubscription(subscriptionId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.check(subscriptionId ?? ''),
    queryFn: () =>
      api.post('/api/check-sub', { subscriptionId: subscriptionId ?? '' } satisfies SubscriptionCheck, {
        schema: SubscriptionCheckAnswerSchema,
      }),
    enabled: Boolean(subscriptionId),
  });
}

export function useSubscription(userUuid: string, subscriptionId: string | null) {
  return useQuery({
    queryKey: subscriptionKeys.one(userUuid, subscriptionId ?? ''),
    queryFn: () =>
      api.get(`/api/subscription/${enc(userUuid)}/${enc(subscriptionId ?? '')}`, { schema: SubscriptionViewSchema }),
    enabled: Boolean(subscriptionId),
  });
}

export function useToggleRecurring(userUuid: string, subscriptionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`/api/subscription/toggle/${enc(userUuid)}/${enc(subscriptionId)}`, undefined, {
        schema: SubscriptionToggleAnswerSchema,
      }),
    onSuccess: ({ cancelAtPeriodEnd }) => {
      client.setQueryData<SubscriptionView>(subscriptionKeys.one(userUuid, subscriptionId), (old) =>
        old ? { ...old, cancelAtPeriodEnd } : old,
      );
    },
  });
}
