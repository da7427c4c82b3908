// The web app's index.html made into one shell per landing page, from the Vite manifest: the page's
// own chunks and styles are named in the head (modulepreload), so the browser fetches them with the
// entry instead of after it has run. Which paths show which page comes from the web app's route
// table (its render bundle's landingPageAt), never from a copy of it here.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The web app's landing pages (files in app/pages/) and the page its router shows at a path. */
export interface LandingPages {
  LANDING_PAGES: readonly string[];
  landingPageAt(pathname: string): string | null;
}

export interface PageShells {
  /** index.html for a page the browser renders, with that page's chunks named in the head. */
  shellFor(pathname: string): string;
  /**
   * index.html for a page the server has rendered: its styles, and boot.js, which fetches the app's
   * code once the page has painted, in place of the entry and its chunks.
   */
  renderedShellFor(pathname: string): string;
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>/;

/** Without a manifest or a page table, every path gets index.html as it is. */
export function buildPageShells(dist: string, landing?: LandingPages): PageShells {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!landing || !fs.existsSync(manifestFile)) return { shellFor: () => html, renderedShellFor: () => html };
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
  for (const page of landing.LANDING_PAGES) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`/app/pages/${page}.tsx`));
    if (!key) continue;
    const keys = [...closure(key)].filter((k) => !loadedByEntry.has(k));
    const links = [
      ...keys.flatMap((k) => manifest[k]!.css ?? []).map((css) => `<link rel="stylesheet" href="/${css}">`),
      ...keys.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`),
    ];
    shells.set(page, html.replace('</head>', `${links.join('')}</head>`));
  }
  // Worked out once here, not on every request.
  const toRendered = (shell: string) =>
    boot
      ? shell
          .replace(MODULE_PRELOAD, '')
          .replace(ENTRY_SCRIPT, () => `<script type="module" crossorigin src="/${boot}"></script>`)
      : shell;
  const rendered = new Map([...shells].map(([page, shell]) => [page, toRendered(shell)]));
  const renderedDefault = toRendered(html);
  return {
    shellFor(pathname) {
      const page = landing.landingPageAt(pathname);
      return (page && shells.get(page)) || html;
    },
    renderedShellFor(pathname) {
      const page = landing.landingPageAt(pathname);
      return (page && rendered.get(page)) || renderedDefault;
    },
  };
}

const HEAD_DEFAULTS = /<title>[^<]*<\/title>|<meta\s+name="description"[^>]*>/g;

/** The shell with `tags` (the page's own title, description and the rest) in place of index.html's. */
export function withHead(shell: string, tags: string): string {
  let placed = false;
  const html = shell.replace(HEAD_DEFAULTS, () => {
    if (placed) return '';
    placed = true;
    return tags;
  });
  return placed ? html : html.replace('</head>', () => `${tags}</head>`);
}

/** A page's HTML: never kept by caches, since it names the current build's files. */
export function sendPage(reply: FastifyReply, html: string | Buffer, status = 200): FastifyReply {
  return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

const gzipOrNot = new Negotiator({ supportedValues: ['gzip'] });

/**
 * Sends a gzipped page as it is to a client that accepts gzip (every browser and crawler), and
 * unpacked to one that does not.
 */
export function sendGzippedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  gzipped: Buffer,
  status = 200,
): FastifyReply {
  void reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  if (accepted && gzipOrNot.negotiate(accepted) === 'gzip') {
    return sendPage(reply.header('content-encoding', 'gzip'), gzipped, status);
  }
  return sendPage(reply, gunzipSync(gzipped), status);
}
