import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { $ZodConfig } from 'zod/v4/core';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './app/styles/global.css';

// Our CSP has no 'unsafe-eval'. zod probes for it (new Function) when it builds object schemas, to
// compile faster parsers, and the browser reports the failed probe as a CSP violation. jitless
// turns the probe off. zod reads this global when it loads (its documented alternative to
// z.config(), which here would put zod into the first download); the forms load it later.
(globalThis as { __zod_globalConfig?: $ZodConfig }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The current page's code loads while the session does (SessionGate waits for the user first).
preloadPage(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
