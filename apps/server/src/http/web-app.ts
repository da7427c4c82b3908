// Serves the built web app: hashed assets cached for a year, index.html never cached, and the SPA
// fallback. The fallback's index.html names the current page's own chunk and styles up front
// (modulepreload), so the browser fetches them with the entry instead of after it has run.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Which page file serves a path; the same table as the web app's router, for the pages people land on. */
const LANDING_PAGES: [RegExp, string][] = [
  [/^\/$/, 'home-page'],
  [/^\/jobs$/, 'jobs-page'],
  [/^\/posting\/[^/]+$/, 'posting-page'],
  [/^\/resume\/[^/]+$/, 'resume-detail-page'],
  [/^\/resume-board$/, 'resume-board-page'],
  [/^\/login$/, 'login-page'],
  [/^\/register$/, 'register-page'],
  [/^\/contact-us$/, 'contact-us-page'],
  [/^\/terms-of-service$/, 'terms-of-service-page'],
  [/^\/about-us$/, 'about-us-page'],
  [/^\/forgot-password$/, 'forgot-password-page'],
  [/^\/account(\/[^/]+)?$/, 'account-page'],
];

/** index.html for each landing page, with that page's chunks named in the head. */
export function buildPageShells(dist: string): { shellFor(url: string): string } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return { shellFor: () => html };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loadedByEntry = entryKey ? closure(entryKey) : new Set<string>();
  const shells = new Map<string, string>();
  for (const [, page] of LANDING_PAGES) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`/app/pages/${page}.tsx`));
    if (!key) continue;
    const keys = [...closure(key)].filter((k) => !loadedByEntry.has(k));
    const links = [
      ...keys.flatMap((k) => manifest[k]!.css ?? []).map((css) => `<link rel="stylesheet" href="/${css}">`),
      ...keys.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`),
    ];
    shells.set(page, html.replace('</head>', `${links.join('')}</head>`));
  }
  return {
    shellFor(url) {
      const page = LANDING_PAGES.find(([pattern]) => pattern.test(url))?.[1];
      return (page && shells.get(page)) || html;
    },
  };
}

export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  const shells = hasWeb ? buildPageShells(dist) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.raw.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.raw.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !shells || /\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.status(404).send({ error: true, message: `No route for ${request.method} ${url}` });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shells.shellFor(url));
  });
}
