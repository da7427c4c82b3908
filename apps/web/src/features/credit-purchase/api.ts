// Job credits: the balance, and buying a pack (a payment intent, confirmed by Stripe or, in test
// mode, by the test card). Answers are validated with the shared schemas.
import { useQuery } from '@tanstack/react-query';
import {
  ClientSecretAnswerSchema,
  CreditsAnswerSchema,
  TestPaymentConfirmAnswerSchema,
  type Card,
  type CreditIntent,
  type CreditPack,
  type TestPaymentConfirm,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';
import { employerQueryRoot } from '../../lib/employer-query-keys';

/** Under the employer root, so creating or relisting a job (which spends a credit) refreshes it. */
export const creditsQueryKey = (userUuid: string) => [...employerQueryRoot, 'credits', userUuid] as const;

export function useCredits(userUuid: string | undefined) {
  return useQuery({
    queryKey: creditsQueryKey(userUuid ?? ''),
    queryFn: () => api.get(`/api/credits/${userUuid}`, { schema: CreditsAnswerSchema }).then((r) => r.credits),
    enabled: Boolean(userUuid),
  });
}

export async function createCreditIntent(userUuid: string, quantity: CreditPack): Promise<string> {
  const { client_secret } = await api.post('/api/payments-jobs/', { quantity, userUuid } satisfies CreditIntent, {
    schema: ClientSecretAnswerSchema,
  });
  return client_secret;
}

export async function confirmTestPayment(clientSecret: string, card: Card): Promise<void> {
  await api.post('/api/test-payments/confirm', { client_secret: clientSecret, card } satisfies TestPaymentConfirm, {
    schema: TestPaymentConfirmAnswerSchema,
  });
}
