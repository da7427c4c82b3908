// Operational routes: what the web app needs to know about this deployment, liveness and readiness.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReadyAnswerSchema, SiteConfigSchema, type HealthAnswer, type ReadyAnswer } from '@teacheast/shared';
import { pingDb } from '../../db/create-db.js';
import { AppError } from '../../errors.js';
import type { Deps } from '../../deps.js';

/** The liveness answer's text: the route's, and the one http/health-answer.ts sends before routing. */
export const HEALTH_ANSWER_TEXT = JSON.stringify({ status: 'ok' } satisfies HealthAnswer);

export function registerSystemRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicConfig = {
    paymentProvider: deps.payments.name,
    stripePublishableKey: deps.payments.publishableKey,
    blogUrl: deps.config.blogUrl,
    socialUrl: deps.config.socialUrl,
  };

  r.get('/api/config', { schema: { response: { 200: SiteConfigSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return publicConfig;
  });

  // Liveness only, with no schema work. Requests that reach a listening server are answered before
  // routing (http/health-answer.ts); this route answers the rest (a query string, a trailing slash,
  // app.inject) the same way.
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
