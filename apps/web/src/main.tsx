import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { $ZodConfig } from 'zod/v4/core';
import { App } from './app/app';
import type { PrerenderAnswers } from './app/prerender';
import { PRERENDER_DATA_ID } from './config/storage-keys';
import { preloadPage } from './app/router';
import { currentUserQueryKey, queryClient } from './lib/query-client';
import { fetchCurrentUser } from './lib/session';
import { readToken, syncSignedInCookie } from './lib/token-storage';
import './app/styles/global.css';

// Our CSP has no 'unsafe-eval'. zod probes for it (new Function) when it builds object schemas, to
// compile faster parsers, and the browser reports the failed probe as a CSP violation. jitless
// turns the probe off. zod reads this global when it loads (its documented alternative to
// z.config(), which here would put zod into the first download); the forms load it later.
(globalThis as { __zod_globalConfig?: $ZodConfig }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** The answers the server rendered this page with (app/prerender.ts), if it did. */
function readPrerenderAnswers(): PrerenderAnswers | null {
  const element = document.getElementById(PRERENDER_DATA_ID);
  if (!element?.textContent || !container!.firstElementChild) return null;
  try {
    return JSON.parse(element.textContent) as PrerenderAnswers;
  } catch {
    return null;
  }
}

async function start(root: HTMLElement): Promise<void> {
  syncSignedInCookie();
  // The current page's code loads while the session does (SessionGate waits for the user first).
  const pageCode = preloadPage(window.location.pathname);
  const answers = readPrerenderAnswers();
  if (!answers) {
    createRoot(root).render(app);
    return;
  }
  // Only pages rendered ahead need the answers' parsers: they load beside the page's own code.
  const { seedQueries } = await import('./app/prerender');
  const isMember = readToken() !== null;
  seedQueries(queryClient, window.location.href, answers, { forMember: isMember });
  if (!isMember) {
    // The server rendered exactly what an anonymous visitor sees: take its HTML over as it is.
    queryClient.setQueryData(currentUserQueryKey, null);
    await pageCode.catch(() => undefined);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page: the page is already on screen, so nothing waits for it.
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // A member whose browser had no signed-in cookie yet (it has one from now on) was sent the
  // visitor's page. Keep it on screen until the user and the page's code are here, then render the
  // member's page over it in one go.
  await Promise.allSettled([
    pageCode,
    fetchCurrentUser().then((user) => queryClient.setQueryData(currentUserQueryKey, user)),
  ]);
  createRoot(root).render(app);
}

void start(container);
