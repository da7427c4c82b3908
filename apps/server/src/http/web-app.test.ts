import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeWebDist, type FakeWebDist } from '../../test/fake-web-dist.js';
import { registerWebApp } from './web-app.js';

// A built web app in miniature (test/fake-web-dist.ts) with a render bundle and its page table (two
// landing pages, one of them rendered on the server with one API answer, named as the web app's
// descriptors name it and found at its path).
const RENDER_BUNDLE = `
export const PRERENDERED_ROUTES = ['/', '/posting/:uuid'];
export const PRERENDER_DATA_ID = 'prerender-data';
export async function preloadRenderedPages() {
  await new Promise((resolve) => setTimeout(resolve, 10));
  globalThis.renderedPagesPreloaded = true;
}
export const LANDING_PAGES = ['home-page', 'jobs-page'];
export function landingPageAt(pathname) {
  return pathname === '/' ? 'home-page' : pathname === '/jobs' ? 'jobs-page' : null;
}
export function pageAt(pathname) {
  if (pathname.startsWith('/posting/')) return 'posting-page';
  return landingPageAt(pathname) ?? (pathname === '/about-us' ? 'about-us-page' : 'not-found-page');
}
export function pageDataAt(url) {
  const pathname = url.split('?')[0];
  if (pathname.startsWith('/posting/')) return [{ kind: 'posting', uuid: pathname.slice(9) }];
  return pathname === '/' || pageAt(pathname) === 'not-found-page' ? [{ kind: 'config' }] : null;
}
export async function render(url, answers) {
  const pathname = url.split('?')[0];
  if (pathname.startsWith('/posting/')) {
    const answer = answers['/api/job/' + pathname.slice(9)];
    return { html: '<main>' + (answer.status === 404 ? 'Job not found' : answer.job) + '</main>' };
  }
  const text = pageAt(pathname) === 'not-found-page' ? 'Page not found' : answers['/api/config'].text;
  return { html: '<main>' + text + '</main>' };
}
export function pageHeadAt(url, answers) {
  const pathname = url.split('?')[0];
  return {
    title: 'The page at ' + pathname,
    description: 'All about ' + pathname,
    canonicalPath: pathname,
    noindex: pageAt(pathname) === 'not-found-page',
    type: 'website',
    imagePath: null,
    feed: { path: '/feed.xml', title: 'New jobs' },
    job: null,
  };
}
`;

describe('the web app', () => {
  let web: FakeWebDist;
  let app: FastifyInstance;

  beforeAll(async () => {
    web = writeFakeWebDist(RENDER_BUNDLE);
    app = Fastify();
    app.get('/api/config', async () => ({ text: 'Hello from Tokyo' }));
    app.get<{ Params: { uuid: string } }>('/api/job/:uuid', async (request, reply) =>
      request.params.uuid === 'gone'
        ? reply.status(404).send({ error: true, message: 'No such job' })
        : { job: `Job ${request.params.uuid}` },
    );
    await registerWebApp(app, web.dist, 'https://teacheast.example');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    web.remove();
  });

  it("loads the rendered pages' code before the server is ready", () => {
    expect((globalThis as { renderedPagesPreloaded?: boolean }).renderedPagesPreloaded).toBe(true);
  });

  it("renders the bundle's pages with their API answers, in the shell that starts with boot.js", async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>The page at /</title>');
    expect(res.body).toContain('<meta name="description" content="All about /">');
    expect(res.body).toContain('<link rel="canonical" href="https://teacheast.example/">');
    expect(res.body).not.toContain('<title>TeachEast</title>');
    expect(res.body).not.toContain('noindex');
    expect(res.body).toContain('<div id="root"><main>Hello from Tokyo</main></div>');
    expect(res.body).toContain(
      '<script type="application/json" id="prerender-data">{"/api/config":{"text":"Hello from Tokyo"}}',
    );
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/boot.js"></script>');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/home.css">');
  });

  it("sends members the home page's shell with its code named, not the visitor's render", async () => {
    const res = await app.inject({ url: '/', headers: { cookie: 'teacheast_signed_in=1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('prerender-data');
    expect(res.body).toContain('src="/assets/index.js"');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page.js">');
  });

  it("answers other page paths with the shell of the page the bundle's table names there", async () => {
    const jobs = await app.inject({ url: '/jobs?country=japan' });
    expect(jobs.statusCode).toBe(200);
    expect(jobs.headers['cache-control']).toBe('no-cache');
    expect(jobs.body).toContain('<link rel="modulepreload" crossorigin href="/assets/jobs-page.js">');
    const other = await app.inject({ url: '/about-us' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<title>The page at /about-us</title>');
    expect(other.body).toContain('<link rel="canonical" href="https://teacheast.example/about-us">');
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('answers a path the app does not know with its not-found page, rendered, and a 404', async () => {
    for (const url of ['/no/such/page', '/nowhere?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"><main>Page not found</main></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    // A member's browser renders the page itself, but the status is the same.
    const member = await app.inject({ url: '/no/such/page', headers: { cookie: 'teacheast_signed_in=1' } });
    expect(member.statusCode).toBe(404);
    expect(member.body).toContain('<div id="root"></div>');
  });

  it('answers 404 when the API call a rendered page is made of finds nothing, and says so in the page', async () => {
    const found = await app.inject({ url: '/posting/here' });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('<main>Job here</main>');
    const gone = await app.inject({ url: '/posting/gone' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<main>Job not found</main>');
    // The browser starts from the same refusal, so it renders the same page.
    const json = /<script type="application\/json" id="prerender-data">(.*?)<\/script>/.exec(gone.body)![1]!;
    expect(JSON.parse(json)).toEqual({ '/api/job/gone': { error: true, message: 'No such job', status: 404 } });
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await app.inject({ url: '/assets/index.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths, missing files and non-GET requests with the 404 error body', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/media/nope'],
      ['GET', '/assets/missing.js'],
      ['POST', '/jobs'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: true, message: `No route for ${method} ${url}` });
    }
  });
});
