// The Resume Board subscription: intent, payment, check, read and toggle.
import { z } from 'zod';
import { REQUIRED, uuidParam } from './common.js';

/** An id the payment provider made (customer, payment method, subscription). */
const providerId = z.string().trim().min(1, REQUIRED).max(255);

/** GET /api/subscription/{userUuid}/{subscriptionId} and its toggle. */
export const SubscriptionParamsSchema = z.object({ userUuid: uuidParam, subscriptionId: providerId });
export type SubscriptionParams = z.infer<typeof SubscriptionParamsSchema>;

/** POST /api/sub-intent/ */
export const SubscriptionIntentSchema = z.object({ userUuid: uuidParam });
export type SubscriptionIntent = z.infer<typeof SubscriptionIntentSchema>;

export const SubscriptionIntentAnswerSchema = z.object({ client_secret: z.string(), customerId: z.string() });
export type SubscriptionIntentAnswer = z.infer<typeof SubscriptionIntentAnswerSchema>;

/** POST /api/sub-payment */
export const SubscriptionPaymentSchema = z.object({
  customerId: providerId,
  paymentMethodId: providerId,
  userUuid: uuidParam,
});
export type SubscriptionPayment = z.infer<typeof SubscriptionPaymentSchema>;

export const SubscriptionPaymentAnswerSchema = z.object({ status: z.string(), id: z.string() });
export type SubscriptionPaymentAnswer = z.infer<typeof SubscriptionPaymentAnswerSchema>;

/** POST /api/check-sub */
export const SubscriptionCheckSchema = z.object({ subscriptionId: providerId });
export type SubscriptionCheck = z.infer<typeof SubscriptionCheckSchema>;

export const SubscriptionCheckAnswerSchema = z.object({ status: z.string() });
export type SubscriptionCheckAnswer = z.infer<typeof SubscriptionCheckAnswerSchema>;

/** The subscription as its owner sees it. */
export const SubscriptionViewSchema = z.object({
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** POST /api/subscription/toggle/{userUuid}/{subscriptionId}: renewal switched on or off. */
export const SubscriptionToggleAnswerSchema = z.object({ cancelAtPeriodEnd: z.boolean() });
export type SubscriptionToggleAnswer = z.infer<typeof SubscriptionToggleAnswerSchema>;
