// What the server says about this deployment, and whether it is alive and ready.
import { z } from 'zod';

/** GET /api/config: the payment mode and the outside links the web app shows. */
export const SiteConfigSchema = z.object({
  paymentProvider: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().optional(),
  blogUrl: z.string(),
  socialUrl: z.string(),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** GET /api/health: liveness. The route sends this answer ready-made, with no schema work. */
export const HealthAnswerSchema = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof HealthAnswerSchema>;

/** GET /api/ready: the database answers. */
export const ReadyAnswerSchema = z.object({ status: z.literal('ready') });
export type ReadyAnswer = z.infer<typeof ReadyAnswerSchema>;
