// The server's first render of a landing page (app/prerender.ts). Built by `vite build --ssr` into
// dist-ssr/ and loaded by the API server, which passes the API answers the page shows first.
import { QueryClient } from '@tanstack/react-query';
import { apiPathOf } from '@teacheast/shared';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
// The web-streams build, not Node's: Node's runs every render in an AsyncLocalStorage, and the first
// one turns on Node's promise hooks for the life of the process, which every promise of every request
// then pays for (3–4 % of a kept page's answer). This build has no AsyncLocalStorage in Node (none is global).
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { AppTree } from './app/app';
import { PRERENDERED_ROUTES, seedQueries, type PrerenderAnswers } from './app/prerender';
import { PAGE_SLOT, type LayoutPart } from './app/layout/layout-part';
import { pageAt, preloadPage } from './app/router';
import { currentUserQueryKey } from './lib/query-client';
import { setServerSanitizer } from './ui/rich-text';

// The page table the server serves from: which paths are rendered here and with which API answers,
// and which page's code each landing path loads.
export { PRERENDERED_ROUTES, pageDataAt } from './app/prerender';
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
  /** Rendered whole, or only the page, put in the layout kept from a whole render of its kind. */
  madeFrom: 'whole' | 'frame';
}

/** Renders the page at `url` as a visitor who is not logged in sees it, with `answers` already loaded. */
export async function render(
  url: string,
  answers: PrerenderAnswers,
  options: RenderOptions,
): Promise<RenderedPage | null> {
  setServerSanitizer(options.sanitizeHtml);
  const kind = pageAt(new URL(url, 'http://localhost').pathname) ?? url;
  const frame = frames.get(kind);
  if (frame && frame !== WHOLE_ONLY && frame.config === configOf(answers) && ++frame.uses % CHECK_EVERY) {
    const page = renderPart(url, answers, 'page');
    const html = page === null ? null : framed(frame, page);
    if (html !== null) return { html, madeFrom: 'frame' };
  }
  const html = await renderWhole(url, answers);
  if (html !== null && frame !== WHOLE_ONLY) learnFrame(kind, url, answers, html, frame);
  return html === null ? null : { html, madeFrom: 'whole' };
}

/** A landing page's layout around the page, learnt from a whole render and checked against it. */
interface Frame {
  /** The layout before the page and after it. */
  before: string;
  after: string;
  /** What a render of the page alone has before its first slot and after its last, past what it hoists. */
  lead: string;
  tail: string;
  /** The site configuration it was rendered with, as JSON: a layout shows it (the test-mode banner). */
  config: string;
  uses: number;
}

/** A page whose layout did not come out the same on two renders: it is always rendered whole. */
const WHOLE_ONLY = 'whole only';

/** Frames by page (pages/ file name, the path where the route table shows none). */
const frames = new Map<string, Frame | typeof WHOLE_ONLY>();

/** Forgets every frame learnt: the next render of each page is whole (tests compare with it). */
export function forgetFrames(): void {
  frames.clear();
}

/** Every so many renders of a page with a frame, it is rendered whole again and the frame checked. */
const CHECK_EVERY = 64;

const SITE_CONFIG_PATH = apiPathOf({ kind: 'config' });
/** The site configuration a render is given, compared by value: a copy of the same answer is the same. */
const configOf = (answers: PrerenderAnswers) => JSON.stringify(answers[SITE_CONFIG_PATH] ?? null);
const SLOT = `<template ${PAGE_SLOT}=""></template>`;

/**
 * A render of the page alone: what React hoisted to its start (an image's preload, say), what came
 * before its first slot and after its last, and the page between them; null when a part was left
 * unfinished.
 */
function partsOf(page: string): { lead: string; body: string; tail: string } | null {
  const start = page.indexOf(SLOT);
  const end = page.lastIndexOf(SLOT);
  if (start < 0 || end <= start || page.includes(UNFINISHED_BOUNDARY)) return null;
  return {
    lead: page.slice(0, start),
    body: page.slice(start + SLOT.length, end),
    tail: page.slice(end + SLOT.length),
  };
}

/** The page rendered alone, in its frame; null when the render is not shaped as the frame's was. */
function framed(frame: Frame, page: string): string | null {
  const parts = partsOf(page);
  if (!parts || parts.tail !== frame.tail || !parts.lead.endsWith(frame.lead)) return null;
  const hoisted = parts.lead.slice(0, parts.lead.length - frame.lead.length);
  return hoisted + frame.before + parts.body + frame.after;
}

/**
 * Learns the page's frame from its whole render: the frame with the page put in its slot must give
 * that render exactly, and a frame learnt again must equal the one kept, or the page is always
 * rendered whole from then on (a layout that depends on more than the page's kind).
 */
function learnFrame(kind: string, url: string, answers: PrerenderAnswers, whole: string, kept: Frame | undefined) {
  const layout = renderPart(url, answers, 'frame');
  const page = renderPart(url, answers, 'page');
  // Code still loading: nothing to learn from this render.
  if (layout === null || page === null || layout.includes(UNFINISHED_BOUNDARY)) return;
  const parts = partsOf(page);
  if (parts === null) return;
  const config = configOf(answers);
  const at = layout.indexOf(SLOT);
  const before = layout.slice(0, at);
  const after = layout.slice(at + SLOT.length);
  // What the page hoists to the start of the whole page comes before the layout there.
  const hoisted = whole.slice(0, Math.max(0, whole.length - before.length - parts.body.length - after.length));
  const frame = {
    before,
    after,
    lead: parts.lead.slice(hoisted.length),
    tail: parts.tail,
    config,
    uses: kept?.uses ?? 0,
  };
  const exact =
    at >= 0 &&
    layout.indexOf(SLOT, at + 1) < 0 &&
    parts.lead.startsWith(hoisted) &&
    hoisted + before + parts.body + after === whole;
  const same =
    !kept ||
    kept.config !== config ||
    (['before', 'after', 'lead', 'tail'] as const).every((part) => kept[part] === frame[part]);
  frames.set(kind, exact && same ? frame : WHOLE_ONLY);
}

/** A query cache holding the page's answers, or null when the page is not rendered here. */
function seededClient(url: string, answers: PrerenderAnswers): QueryClient | null {
  // Nothing is fetched on the server: queries without an answer render their loading state.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (!seedQueries(client, url, answers)) return null;
  // The first render is the anonymous visitor's; a logged-in browser renders afresh (main.tsx).
  client.setQueryData(currentUserQueryKey, null);
  return client;
}

/** One part of the page, rendered in one synchronous pass; null when the page is not rendered here. */
function renderPart(url: string, answers: PrerenderAnswers, part: LayoutPart): string | null {
  const client = seededClient(url, answers);
  if (!client) return null;
  const html = renderToString(<AppTree client={client} router={routerAt(url)} part={part} />);
  client.clear();
  return html;
}

const routerAt =
  (url: string) =>
  ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;

/** The whole page; the page's code first when a part of it had not loaded yet. */
async function renderWhole(url: string, answers: PrerenderAnswers): Promise<string | null> {
  // Once a page's code has loaded, one synchronous pass renders it whole, without the stream and its
  // byte chunks (a third of the render). A part whose code has not loaded yet leaves its boundary
  // unfinished there (<!--$!-->); then the page is rendered again waiting for every part.
  const html = renderPart(url, answers, 'whole');
  if (html === null || !html.includes(UNFINISHED_BOUNDARY)) return html;
  // The page's code first, so the render that waits for the rest does not meet it on its way (the
  // layout would show its progress bar).
  await preloadPage(new URL(url, 'http://localhost').pathname);
  const client = seededClient(url, answers)!;
  const waited = await renderWaitingForCode(<AppTree client={client} router={routerAt(url)} />);
  client.clear();
  return waited;
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
  const { prelude } = await prerender(tree);
  return new Response(prelude).text();
}
