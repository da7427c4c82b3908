// The landing pages that arrive rendered (home, a job search, a posting): the web app's render
// bundle (dist-ssr/entry-server.js) renders them with the API answers they show first, which go into
// the page too, so the browser paints the jobs before any script has run and then takes the HTML
// over (docs/decisions/006-landing-pages-rendered-ahead.md). The bundle holds the page table: which
// paths it renders, which answers each needs, which page's code each landing path loads.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SIGNED_IN_COOKIE, apiPathOf, type PageData, type PageHead } from '@teacheast/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonForScript } from '../features/discovery/job-posting.js';
import { headTags } from '../features/discovery/page-head.js';
import { sanitizeRichText } from '../integrations/html/sanitize.js';
import { remembered } from '../lib/remembered.js';
import { sendGzippedPage, sendPage, withHead, type LandingPages, type PageShells } from './page-shells.js';
import type { PageAnswers } from './page-answers.js';
import type { RenderedPages } from './rendered-pages.js';
import { isRenderingAhead } from './render-ahead.js';

/** What the web app's dist-ssr/entry-server.js exports. */
export interface PageRenderer extends LandingPages {
  /** Route patterns of the pages rendered here, e.g. '/posting/:uuid'. */
  PRERENDERED_ROUTES: readonly string[];
  /** The id of the script element holding the answers, which the browser reads back. */
  PRERENDER_DATA_ID: string;
  /** The answers the page at `url` is rendered with, or null when it is not rendered ahead. */
  pageDataAt(url: string): PageData[] | null;
  render(
    url: string,
    answers: Record<string, unknown>,
    options: { sanitizeHtml: (html: string) => string },
  ): Promise<{ html: string } | null>;
  /** The page the route table shows at a path ('not-found-page' for a path it does not know), or null. */
  pageAt(pathname: string): string | null;
  /** What the page at `url` says of itself in its <head>, given the answers it is rendered with. */
  pageHeadAt(url: string, answers: Record<string, unknown>): PageHead;
  /** Until when the page rendered at `now` with these answers reads the same (words of time on it). */
  renderedUntil(url: string, answers: Record<string, unknown>, now: number): number;
  /** Loads the code of every page rendered here. */
  preloadRenderedPages(): Promise<unknown>;
}

/** Where the render bundle of the web app built into `dist` is (apps/web/dist-ssr). */
export const renderBundleOf = (dist: string): string => path.join(path.dirname(dist), 'dist-ssr', 'entry-server.js');

/** The render bundle beside `dist`, or undefined when it was not built. */
export async function loadPageRenderer(dist: string): Promise<PageRenderer | undefined> {
  const file = renderBundleOf(dist);
  if (!fs.existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  // Before the server listens: the first visitors after a start should not each wait for page code.
  await renderer.preloadRenderedPages();
  return renderer;
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);

/** The rendered page in its shell: the markup in #root, the answers beside it as inert JSON. */
export function fillShell(shell: string, html: string, answers: Record<string, unknown>, dataId: string): string {
  // No answer can close the <script> element early or open a comment (jsonForScript).
  const json = jsonForScript(answers);
  return shell.replace(
    '<div id="root"></div>',
    () => `<div id="root">${html}</div><script type="application/json" id="${dataId}">${json}</script>`,
  );
}

/**
 * Addresses whose answers are remembered: a kept page is served in about 60 µs, of which matching
 * the route table and reading the query took 3–4 %.
 */
const REMEMBERED_URLS = 10_000;

/** The answers a page is made of, and the path of each: where the browser asks for it and finds it. */
interface PagePlan {
  data: PageData[];
  paths: string[];
}

/** The plan of a page made of `data`, or null; a kind apiPathOf does not know throws here. */
const planOf = (data: PageData[] | null): PagePlan | null => data && { data, paths: data.map(apiPathOf) };

/** A call a page is rendered with that found nothing: the page shows "not found", answered 404. */
const isNotFound = (status: number) => status === 404 || status === 400;

export type PageRender = (request: FastifyRequest, reply: FastifyReply, status?: number) => Promise<FastifyReply>;

/**
 * Answers GET on each of the bundle's PRERENDERED_ROUTES with the rendered page, and returns the
 * renderer for the not-found page too (web-app.ts).
 */
export function registerServerRender(
  app: FastifyInstance,
  renderer: PageRenderer,
  shells: PageShells,
  publicUrl: string,
  pages: RenderedPages | null = null,
  answers: PageAnswers | null = null,
): PageRender {
  const head = (url: string, answers: Record<string, unknown>) =>
    headTags(renderer.pageHeadAt(url, answers), publicUrl);
  const planAt = remembered((url) => planOf(renderer.pageDataAt(url)), REMEMBERED_URLS);
  const renderPage: PageRender = async (request, reply, status = 200) => {
    const url = request.url;
    const pathname = url.split('?')[0]!;
    // Members get the app's own render: the server's is the anonymous visitor's page.
    const isMember = SIGNED_IN.test(request.headers.cookie ?? '');
    let plan: PagePlan | null;
    try {
      plan = isMember ? null : planAt(url);
    } catch (err) {
      // A kind of answer this server has no path for (a bundle built from newer code): said, not hidden.
      request.log.error({ err }, 'page render failed');
      return sendPage(reply, shells.shellFor(pathname), status);
    }
    if (!plan) return sendPage(reply, withHead(shells.shellFor(pathname), head(url, {})), status);
    try {
      // Looked up before the answers are read (RenderedPages.open).
      const keeping =
        status === 200 && pages ? await pages.open(url, plan.data, { ahead: isRenderingAhead(request) }) : null;
      if (keeping?.kept) return sendGzippedPage(request, reply, keeping.kept, status);
      // The same answers the browser would get, read as the routes read them (page-answers.ts) or,
      // for an answer they leave to the route (one that found nothing), through the route itself. A
      // page to be kept asks past the short-lived answer cache (no-cache), which may hold an older one.
      const headers = keeping ? { 'cache-control': 'no-cache' } : {};
      const read = await Promise.all(
        plan.data.map(async (data, i): Promise<[number, unknown]> => {
          const apiPath = plan.paths[i]!;
          const direct = answers?.read(data);
          const answer = direct && (await direct);
          if (answer !== undefined) return [200, answer];
          const routed = await app.inject({ method: 'GET', url: apiPath, headers });
          if (routed.statusCode !== 200 && !isNotFound(routed.statusCode)) return [routed.statusCode, null];
          const body = routed.json<unknown>();
          if (routed.statusCode === 200) answers?.keep(data, body);
          return [routed.statusCode, body];
        }),
      );
      const answerOf: Record<string, unknown> = {};
      read.forEach(([statusCode, answer], i) => {
        const apiPath = plan.paths[i]!;
        if (statusCode === 200) answerOf[apiPath] = answer;
        else if (isNotFound(statusCode)) {
          answerOf[apiPath] = { ...(answer as object), status: statusCode };
          status = 404;
        }
      });
      // Kept at versions that have moved since, but made from these very answers: the same page.
      const same = keeping && status === 200 ? keeping.keptWith(answerOf) : undefined;
      if (same) return sendGzippedPage(request, reply, same, status);
      const page = await renderer.render(url, answerOf, { sanitizeHtml: sanitizeRichText });
      const shell = withHead(page ? shells.renderedShellFor(pathname) : shells.shellFor(pathname), head(url, answerOf));
      if (!page) return sendPage(reply, shell, status);
      // Bytes once, for the socket and for the kept page alike.
      const html = Buffer.from(fillShell(shell, page.html, answerOf, renderer.PRERENDER_DATA_ID));
      const gzipped =
        keeping && status === 200
          ? await keeping.keep(html, (now) => renderer.renderedUntil(url, answerOf, now), answerOf)
          : undefined;
      return gzipped ? sendGzippedPage(request, reply, gzipped, status) : sendPage(reply, html, status);
    } catch (err) {
      // A page that cannot be rendered here is still served: the browser renders it instead.
      request.log.error({ err }, 'page render failed');
      return sendPage(reply, shells.shellFor(pathname), status);
    }
  };
  // Not kept by the response cache (members get another page); the API answers they are made of are.
  for (const route of renderer.PRERENDERED_ROUTES) app.get(route, (request, reply) => renderPage(request, reply));
  return renderPage;
}
