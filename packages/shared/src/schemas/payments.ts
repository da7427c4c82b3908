// Job credits bought with a card, and the built-in test provider that stands in for the card network.
import { z } from 'zod';
import { CREDIT_PACK_NAMES } from '../limits.js';
import { REQUIRED, uuidParam } from './common.js';

/** A card as the test provider's forms send it. */
export const CardSchema = z.object({
  number: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(30),
  exp: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM/YY'),
  cvc: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{3,4}$/, 'Three or four digits'),
});
export type Card = z.infer<typeof CardSchema>;

/** GET /api/credits/{userUuid} */
export const CreditsAnswerSchema = z.object({ credits: z.number() });
export type CreditsAnswer = z.infer<typeof CreditsAnswerSchema>;

/** POST /api/payments-jobs/: starts paying for a credit pack. */
export const CreditIntentSchema = z.object({
  quantity: z.enum(CREDIT_PACK_NAMES, { error: 'Choose one, five or ten' }),
  userUuid: uuidParam,
});
export type CreditIntent = z.infer<typeof CreditIntentSchema>;

/** The provider's secret of a payment just started: Stripe.js (or the test form) confirms it. */
export const ClientSecretAnswerSchema = z.object({ client_secret: z.string() });
export type ClientSecretAnswer = z.infer<typeof ClientSecretAnswerSchema>;

/** POST /api/test-payments/confirm (test provider only). */
export const TestPaymentConfirmSchema = z.object({ client_secret: z.string().min(1).max(255), card: CardSchema });
export type TestPaymentConfirm = z.infer<typeof TestPaymentConfirmSchema>;

export const TestPaymentConfirmAnswerSchema = z.object({ status: z.literal('succeeded') });
export type TestPaymentConfirmAnswer = z.infer<typeof TestPaymentConfirmAnswerSchema>;

/** POST /api/test-payments/payment-methods (test provider only): a card becomes a payment method id. */
export const TestPaymentMethodSchema = z.object({ card: CardSchema });
export type TestPaymentMethod = z.infer<typeof TestPaymentMethodSchema>;

export const TestPaymentMethodAnswerSchema = z.object({ id: z.string() });
export type TestPaymentMethodAnswer = z.infer<typeof TestPaymentMethodAnswerSchema>;

/** POST /api/stripe/webhook: the delivery is taken; `duplicate` when its id had been applied before. */
export const WebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAnswer = z.infer<typeof WebhookAnswerSchema>;
