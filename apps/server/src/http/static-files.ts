// The built web app's files, served with their pre-compressed copies: hashed assets are cached for a
// year, everything else (index.html, the favicon) is asked for again every time.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerStaticFiles(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The send library's own Cache-Control (public, max-age=0) would override ours.
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.raw.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.raw.setHeader('cache-control', 'no-cache');
      }
    },
  });
}
