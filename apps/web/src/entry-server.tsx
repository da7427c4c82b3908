// The server's first render of a landing page (app/prerender.ts). Built by `vite build --ssr` into
// dist-ssr/ and loaded by the API server, which passes the API answers the page shows first.
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree } from './app/app';
import { PRERENDERED_ROUTES, seedQueries, type PrerenderAnswers } from './app/prerender';
import { preloadPage } from './app/router';
import { currentUserQueryKey } from './lib/query-client';
import { setServerSanitizer } from './ui/rich-text';

// The page table the server serves from: which paths are rendered here and with which API answers,
// and which page's code each landing path loads.
export { PRERENDERED_ROUTES, prerenderApiPaths } from './app/prerender';
export { LANDING_PAGES, landingPageAt, pageAt } from './app/router';
export { pageHeadAt } from './app/page-heads';
export { renderedUntil } from './app/rendered-until';
export { PRERENDER_DATA_ID } from './config/storage-keys';

export interface RenderOptions {
  /** Cleans stored rich text on the server, where the browser's DOMPurify has no document. */
  sanitizeHtml: (html: string) => string;
}

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
}

/** Renders the page at `url` as a visitor who is not logged in sees it, with `answers` already loaded. */
export async function render(
  url: string,
  answers: PrerenderAnswers,
  options: RenderOptions,
): Promise<RenderedPage | null> {
  setServerSanitizer(options.sanitizeHtml);
  // Nothing is fetched on the server: queries without an answer render their loading state.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (!seedQueries(client, url, answers)) return null;
  // The first render is the anonymous visitor's; a logged-in browser renders afresh (main.tsx).
  client.setQueryData(currentUserQueryKey, null);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const tree = <AppTree client={client} router={Router} />;
  // Once a page's code has loaded, one synchronous pass renders it whole, without the stream and its
  // byte chunks (a third of the render). A part whose code has not loaded yet leaves its boundary
  // unfinished there (<!--$!-->); then the page is rendered again waiting for every part.
  let html = renderToString(tree);
  if (html.includes(UNFINISHED_BOUNDARY)) {
    // The page's code first, so the render that waits for the rest does not meet it on its way (the
    // layout would show its progress bar).
    await preloadPage(new URL(url, 'http://localhost').pathname);
    html = await renderWaitingForCode(tree);
  }
  client.clear();
  return { html };
}

/**
 * Loads the code of every page rendered here (and of the not-found page), so the first visitors after
 * the server starts do not each wait for it: the server calls it once, before it listens.
 */
export function preloadRenderedPages(): Promise<unknown> {
  const paths = [...PRERENDERED_ROUTES.map((route) => route.replace(/:[a-z]+/gi, 'x')), '/no-such-page/x'];
  return Promise.all(paths.map(preloadPage));
}

/** How React marks a Suspense boundary it could not finish on the server and leaves to the browser. */
const UNFINISHED_BOUNDARY = '<!--$!-->';

async function renderWaitingForCode(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
