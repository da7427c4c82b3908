// The landing pages that arrive rendered (home, a job search, a posting): the web app's render
// bundle (dist-ssr/entry-server.js) renders them with the API answers they show first, which go into
// the page too, so the browser paints the jobs before any script has run and then takes the HTML
// over (docs/decisions/006-landing-pages-rendered-ahead.md). The bundle holds the page table: which
// paths it renders, which answers each needs, which page's code each landing path loads.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SIGNED_IN_COOKIE } from '@teacheast/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sanitizeRichText } from '../integrations/html/sanitize.js';
import { sendPage, type LandingPages, type PageShells } from './page-shells.js';

/** What the web app's dist-ssr/entry-server.js exports. */
export interface PageRenderer extends LandingPages {
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

/** The render bundle beside `dist` (apps/web/dist-ssr), or undefined when it was not built. */
export async function loadPageRenderer(dist: string): Promise<PageRenderer | undefined> {
  const file = path.join(path.dirname(dist), 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);
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

/** Answers GET on each of the bundle's PRERENDERED_ROUTES with the rendered page. */
export function registerServerRender(app: FastifyInstance, renderer: PageRenderer, shells: PageShells): void {
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const pathname = url.split('?')[0]!;
    // Members get the app's own render: the server's is the anonymous visitor's page.
    const isMember = SIGNED_IN.test(request.headers.cookie ?? '');
    const apiPaths = isMember ? null : renderer.prerenderApiPaths(url);
    if (!apiPaths) return sendPage(reply, shells.shellFor(pathname));
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
      if (!page) return sendPage(reply, shells.shellFor(pathname), status);
      return sendPage(
        reply,
        fillShell(shells.renderedShellFor(pathname), page, answers, renderer.PRERENDER_DATA_ID),
        status,
      );
    } catch (err) {
      // A page that cannot be rendered here is still served: the browser renders it instead.
      request.log.error({ err }, 'page render failed');
      return sendPage(reply, shells.shellFor(pathname));
    }
  };
  // Not kept by the response cache (members get another page); the API answers they are made of are.
  for (const route of renderer.PRERENDERED_ROUTES) app.get(route, renderPage);
}
