// Records what each answer cost and each rate-limit refusal, for /metrics (served on its own port).
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Metrics } from '../integrations/metrics/metrics.js';

/**
 * The route label of requests no route matched: the fallback that answers them serves the web app's
 * pages without a route of their own (200) as well as true 404s; the status label tells them apart.
 */
const UNMATCHED_ROUTE = '(no route)';

export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Pick<Metrics, 'httpRequestDuration' | 'rateLimitRefusals'>,
): void {
  const { httpRequestDuration, rateLimitRefusals } = metrics;
  // One hook: the route's pattern (bounded cardinality, never the raw URL) and Fastify's own timing
  // of the request, counted without prom-client's per-call cost (integrations/metrics/request-durations.ts).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    httpRequestDuration.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Only failures pass here. The limiter's 429s name their limit; any other 429 counts as 'other'.
  app.addHook('onError', (_request, _reply, error, done) => {
    const isAppError = error instanceof AppError;
    if ((isAppError ? error.status : error.statusCode) === 429) {
      rateLimitRefusals.inc({ limit: (isAppError && error.limit) || 'other' });
    }
    done();
  });
}
