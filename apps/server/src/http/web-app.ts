// Serves the built web app: hashed assets cached for a year, index.html never cached, and the SPA
// fallback. The fallback's index.html names the current page's own chunk and styles up front
// (modulepreload), so the browser fetches them with the entry instead of after it has run.
// The landing pages (home, a job search, a posting) arrive rendered: the web app's server module
// (dist-ssr/entry-server.js) renders them with the API answers they show first, which go into the
// page too, so the browser paints the jobs before any script has run and then takes the HTML over.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { SIGNED_IN_COOKIE } from '@teacheast/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeRichText } from '../integrations/html/sanitize.js';

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

export interface PageShells {
  /** index.html for a page the browser renders, with that page's chunks named in the head. */
  shellFor(url: string): string;
  /**
   * index.html for a page the server has rendered: its styles, and boot.js, which fetches the app's
   * code once the page has painted, in place of the entry and its chunks.
   */
  renderedShellFor(url: string): string;
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>/;

export function buildPageShells(dist: string): PageShells {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return { shellFor: () => html, renderedShellFor: () => html };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = manifest['index.html'] ? 'index.html' : undefined;
  const boot = manifest['src/boot.ts']?.file;
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
  const shellFor = (url: string) => {
    const page = LANDING_PAGES.find(([pattern]) => pattern.test(url))?.[1];
    return (page && shells.get(page)) || html;
  };
  // Worked out once here, not on every request.
  const rendered = new Map<string, string>();
  const toRendered = (shell: string) =>
    boot
      ? shell
          .replace(MODULE_PRELOAD, '')
          .replace(ENTRY_SCRIPT, () => `<script type="module" crossorigin src="/${boot}"></script>`)
      : shell;
  for (const [page, shell] of shells) rendered.set(page, toRendered(shell));
  const renderedDefault = toRendered(html);
  return {
    shellFor,
    renderedShellFor(url) {
      const page = LANDING_PAGES.find(([pattern]) => pattern.test(url))?.[1];
      return (page && rendered.get(page)) || renderedDefault;
    },
  };
}

/** What the web app's dist-ssr/entry-server.js exports. */
export interface PageRenderer {
  /** Route patterns of the pages rendered here, e.g. '/posting/:uuid'. */
  PRERENDERED_ROUTES: readonly string[];
  /** The id of the script element holding the answers, which the browser reads back. */
  PRERENDER_DATA_ID: string;
  prerenderApiPaths(url: string): string[] | null;
  render(
    url: string,
    answers: Record<string, unknown>,
    options: { sanitizeHtml: (html: string) => string },
  ): Promise<{ html: string; title: string } | null>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);

/** The rendered page in its shell: the markup in #root, the answers beside it as inert JSON, the title. */
export function fillShell(
  shell: string,
  page: { html: string; title: string },
  answers: Record<string, unknown>,
  dataId: string,
): string {
  // '<' escaped inside the JSON, so no answer can close the <script> element early.
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.html}</div><script type="application/json" id="${dataId}">${json}</script>`,
    );
}

async function loadRenderer(dist: string): Promise<PageRenderer | undefined> {
  const file = path.join(path.dirname(dist), 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  const shells = hasWeb ? buildPageShells(dist) : undefined;
  const renderer = hasWeb ? await loadRenderer(dist) : undefined;
  if (hasWeb) {
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
  const sendShell = (reply: FastifyReply, html: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  if (shells && renderer) {
    const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url;
      const pathname = url.split('?')[0]!;
      // Members get the app's own render: the server's is the anonymous visitor's page.
      const isMember = SIGNED_IN.test(request.headers.cookie ?? '');
      const apiPaths = isMember ? null : renderer.prerenderApiPaths(url);
      if (!apiPaths) return sendShell(reply, shells.shellFor(pathname));
      try {
        // The same answers the browser would get, through the same routes, checks and cache.
        const replies = await Promise.all(apiPaths.map((apiPath) => app.inject({ method: 'GET', url: apiPath })));
        const answers: Record<string, unknown> = {};
        let status = 200;
        replies.forEach((answer, i) => {
          if (answer.statusCode === 200) answers[apiPaths[i]!] = answer.json();
          else if (answer.statusCode === 404) status = 404;
        });
        const page = await renderer.render(url, answers, { sanitizeHtml: sanitizeRichText });
        if (!page) return sendShell(reply, shells.shellFor(pathname), status);
        return sendShell(
          reply,
          fillShell(shells.renderedShellFor(pathname), page, answers, renderer.PRERENDER_DATA_ID),
          status,
        );
      } catch (err) {
        // A page that cannot be rendered here is still served: the browser renders it instead.
        request.log.error({ err }, 'page render failed');
        return sendShell(reply, shells.shellFor(pathname));
      }
    };
    // Not kept by the response cache (members get another page); the API answers they are made of are.
    for (const route of renderer.PRERENDERED_ROUTES) app.get(route, renderPage);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !shells || /\.[a-z0-9]{1,8}$/i.test(url)) {
      return reply.status(404).send({ error: true, message: `No route for ${request.method} ${url}` });
    }
    return sendShell(reply, shells.shellFor(url));
  });
}
