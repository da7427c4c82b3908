// A page rendered on the server leaves nothing alarming in the server's log. On Node 20, React's
// streaming renderer (react-dom/static.edge, what the web app's entry-server.tsx renders with when a
// part of the page waits for its code) wrote "React encountered an empty buffer when writing in an
// environment that does not support ArrayBuffer.prototype.detached. This could be a security issue…"
// at the first empty text it met, on every start of `npm run demo`. Node 24 has
// ArrayBuffer.prototype.detached (docs/decisions/011-node-24.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeFakeWebDist, type FakeWebDist } from '../../test/fake-web-dist.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';

// React as the web app resolves it: the render bundle is written outside the repository.
const webApp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/package.json');
const fromWebApp = createRequire(webApp);
const moduleUrl = (specifier: string) => pathToFileURL(fromWebApp.resolve(specifier)).href;

// A posting page rendered by React's own server renderer, the call entry-server.tsx makes. A field
// the school left empty (the phone) is an empty text, which React writes as an empty chunk.
const RENDER_BUNDLE = `
import { createElement as h } from ${JSON.stringify(moduleUrl('react'))};
import { prerender } from ${JSON.stringify(moduleUrl('react-dom/static.edge'))};
export const PRERENDERED_ROUTES = ['/posting/:uuid'];
export const PRERENDER_DATA_ID = 'prerender-data';
export const LANDING_PAGES = [];
export function landingPageAt() {
  return null;
}
export function pageAt(pathname) {
  return pathname.startsWith('/posting/') ? 'posting-page' : 'not-found-page';
}
export function pageDataAt(url) {
  const pathname = url.split('?')[0];
  return pathname.startsWith('/posting/') ? [{ kind: 'posting', uuid: pathname.slice('/posting/'.length) }] : null;
}
export async function render(url, answers) {
  const { job } = answers['/api/job/' + url.split('?')[0].slice('/posting/'.length)];
  const page = h('main', null,
    h('h1', null, job.title),
    h('p', null, job.companyName),
    h('dl', null, h('dt', null, 'Phone'), h('dd', null, job.phone)),
  );
  const { prelude } = await prerender(page);
  return { html: await new Response(prelude).text() };
}
export function pageHeadAt(url) {
  return {
    title: 'A posting',
    description: 'A posting',
    canonicalPath: url.split('?')[0],
    noindex: false,
    type: 'website',
    imagePath: null,
    feed: { path: '/feed.xml', title: 'New jobs' },
    job: null,
  };
}
export async function preloadRenderedPages() {}
export function renderedUntil() {
  return Infinity;
}
`;

const WARNING = /empty buffer|ArrayBuffer\.prototype\.detached/;

describe(`a page rendered on the server (${dialect})`, () => {
  let web: FakeWebDist;
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    web = writeFakeWebDist(RENDER_BUNDLE);
    t = await createTestApp({
      env: { WEB_DIST: web.dist },
      logLevel: 'info',
      logStream: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
    web?.remove();
  });

  it('leaves no warning about an empty buffer or ArrayBuffer.prototype.detached in the log', async () => {
    // Everything the process writes: React warns through console.error; pino writes to logLines.
    const written: string[] = [];
    const consoleSpies = (['error', 'warn', 'log', 'info'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(args.join(' '))),
    );
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const owner = await createUser(t);
      const jobId = await createPublishedJob(t, owner.id, { title: 'Art Teacher', company_name: 'Sunrise Academy' });
      const res = await t.inject({ method: 'GET', url: `/posting/${jobId}` });
      expect(res.statusCode).toBe(200);
      // Rendered by React on the server, with the empty phone.
      expect(res.body).toContain(
        '<main><h1>Art Teacher</h1><p>Sunrise Academy</p><dl><dt>Phone</dt><dd></dd></dl></main>',
      );
    } finally {
      for (const spy of consoleSpies) spy.mockRestore();
      stderr.mockRestore();
    }
    expect(logLines.length).toBeGreaterThan(0); // the request's own lines: the log was read
    expect([...written, ...logLines].filter((line) => WARNING.test(line))).toEqual([]);
  });
});
