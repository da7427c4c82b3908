// Operational routes: what the web app needs to know about this deployment, liveness and readiness.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ReadyAnswerSchema,
  SiteConfigSchema,
  type HealthAnswer,
  type ReadyAnswer,
  type SiteConfig,
} from '@teacheast/shared';
import { pingDb } from '../../db/create-db.js';
import { AppError } from '../../errors.js';
import type { Deps } from '../../deps.js';

/** The liveness answer's text, serialised once. */
const HEALTH_ANSWER_TEXT = JSON.stringify({ status: 'ok' } satisfies HealthAnswer);

/** What GET /api/config answers: the deployment's settings the web app shows (pages embed it). */
export function siteConfigOf(deps: Pick<Deps, 'payments' | 'config'>): SiteConfig {
  return {
    paymentProvider: deps.payments.name,
    stripePublishableKey: deps.payments.publishableKey,
    blogUrl: deps.config.blogUrl,
    socialUrl: deps.config.socialUrl,
  };
}

export function registerSystemRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicConfig = siteConfigOf(deps);

  r.get('/api/config', { schema: { response: { 200: SiteConfigSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return publicConfig;
  });

  // Liveness only, with no schema work: routed by Fastify like every other request, so its hooks,
  // headers, log and metrics are every route's (decision 012).
  app.get('/api/health', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(HEALTH_ANSWER_TEXT);
  });

  r.get('/api/ready', { schema: { response: { 200: ReadyAnswerSchema } } }, async () => {
    try {
      await pingDb(deps.db);
    } catch {
      throw new AppError(503, 'The database is not reachable.', { errorType: 'DB_UNAVAILABLE' });
    }
    return { status: 'ready' } satisfies ReadyAnswer;
  });
}
