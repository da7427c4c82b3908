// Discovery over HTTP: robots.txt, the sitemaps and the Atom feed. Public, and changed by any write to a
// posting, so caches may keep them but must ask again every time (`no-cache`).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNTRY_VALUES, optionalFilter } from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import * as discovery from './service.js';

const CACHE_CONTROL = 'public, no-cache';
const XML = 'application/xml; charset=utf-8';

const FeedQuerySchema = z.object({
  country: optionalFilter(z.enum(COUNTRY_VALUES, { error: 'Choose one of the seven countries' })),
});

const SitemapPartParamsSchema = z.object({ part: z.string() });

/**
 * Streams a sitemap as the database is read. Nothing is sent before its first chunk is ready (which
 * holds the first batch of postings), so a database that cannot answer gets the error body instead
 * of half a sitemap. HEAD gets the headers alone: its generator is never started, so no posting is
 * read for an answer nobody receives.
 */
async function sendSitemap(request: FastifyRequest, reply: FastifyReply, chunks: AsyncGenerator<string, void>) {
  // The type is set once the first chunk is ready: an error before it is answered as JSON.
  const first = request.method === 'HEAD' ? null : await chunks.next();
  void reply.type(XML).header('cache-control', CACHE_CONTROL);
  if (first === null) return reply.send();
  const fromFirst = async function* (head: IteratorResult<string, void>) {
    if (head.done) return;
    yield head.value;
    yield* chunks;
  };
  return reply.send(Readable.from(fromFirst(first), { objectMode: false }));
}

export interface DiscoveryRouteOptions {
  /** URLs in one sitemap before an index takes over (tests use a small one). */
  sitemapUrlsMax?: number;
}

export function registerDiscoveryRoutes(app: FastifyInstance, deps: Deps, options: DiscoveryRouteOptions = {}): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxUrls = options.sitemapUrlsMax ?? discovery.SITEMAP_URLS_MAX;
  const robots = discovery.readRobotsTxt(deps);

  app.get('/robots.txt', (_request, reply) => {
    void reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots);
  });

  app.get('/sitemap.xml', async (request, reply) =>
    sendSitemap(request, reply, await discovery.openSitemap(deps, maxUrls)),
  );

  app.get('/sitemap-pages.xml', async (request, reply) =>
    sendSitemap(request, reply, discovery.openSitemapPages(deps)),
  );

  r.get('/sitemap-jobs-:part.xml', { schema: { params: SitemapPartParamsSchema } }, async (request, reply) =>
    sendSitemap(request, reply, discovery.openSitemapJobsPart(deps, request.params.part, maxUrls)),
  );

  r.get(
    '/feed.xml',
    { config: { cache: 'public' }, schema: { querystring: FeedQuerySchema } },
    async (request, reply) => {
      const feed = await discovery.readFeed(deps, request.query.country ?? null);
      // Feed readers poll: an unchanged feed costs them no body.
      const etag = `W/"${createHash('sha1').update(feed).digest('base64url')}"`;
      void reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(feed);
    },
  );
}
