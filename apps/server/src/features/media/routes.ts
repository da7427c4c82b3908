// Public media (re-encoded images). Keys are random, files never change, so they cache for a year.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';

export function registerMediaRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { name: string } }>('/media/img/:name', async (request, reply) => {
    const blob = await deps.blobs.get(`img/${request.params.name}`);
    if (!blob) throw notFound('No such image');
    return reply
      .header('content-type', blob.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(blob.data);
  });
}
