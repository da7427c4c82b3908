// Pages that arrive rendered from the server (app/prerender.ts) load this instead of the app's entry.
// Such a page is readable, and its links work, before any script has run; so the app's code is
// fetched once the page and its pictures are on screen, rather than sharing a slow line with them,
// or at once when the visitor starts to use the page. Until the app has taken the page over, what the
// visitor does is held or done without it (app/early-input.ts), so no click is lost.
// React DOM and the app are then run in separate tasks, so a slow phone never freezes for both.
import { holdEarlyInput } from './app/early-input';
import { readToken } from './lib/token-storage';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let hasStarted = false;

async function start(): Promise<void> {
  if (hasStarted) return;
  hasStarted = true;
  // One frame later: the browser paints what has just loaded before it starts on the code.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./main');
}

holdEarlyInput({ onFirstInput: () => void start() });

// A member sent the visitor's page (see main.tsx) should not wait for the pictures to get their own.
if (document.readyState === 'complete' || readToken() !== null) void start();
else window.addEventListener('load', () => void start(), { once: true });
