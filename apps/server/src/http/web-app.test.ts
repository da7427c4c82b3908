import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

// A built web app in miniature: index.html, the Vite manifest, one asset, and a render bundle with
// its page table (two landing pages, one of them rendered on the server with one API answer).
const INDEX_HTML =
  '<html><head><title>TeachEast</title><script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  'src/boot.ts': { file: 'assets/boot.js', isEntry: true },
  'src/app/pages/home-page.tsx': { file: 'assets/home-page.js', css: ['assets/home.css'] },
  'src/app/pages/jobs-page.tsx': { file: 'assets/jobs-page.js' },
};
const RENDER_BUNDLE = `
export const PRERENDERED_ROUTES = ['/'];
export const PRERENDER_DATA_ID = 'prerender-data';
export const LANDING_PAGES = ['home-page', 'jobs-page'];
export function landingPageAt(pathname) {
  return pathname === '/' ? 'home-page' : pathname === '/jobs' ? 'jobs-page' : null;
}
export function prerenderApiPaths(url) {
  return url.split('?')[0] === '/' ? ['/api/greeting'] : null;
}
export async function render(url, answers) {
  return { html: '<main>' + answers['/api/greeting'].text + '</main>', title: 'Home' };
}
`;

describe('the web app', () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-web-'));
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dist, 'assets/index.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(root, 'dist-ssr/entry-server.js'), RENDER_BUNDLE);
    app = Fastify();
    app.get('/api/greeting', async () => ({ text: 'Hello from Tokyo' }));
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("renders the bundle's pages with their API answers, in the shell that starts with boot.js", async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Home</title>');
    expect(res.body).toContain('<div id="root"><main>Hello from Tokyo</main></div>');
    expect(res.body).toContain(
      '<script type="application/json" id="prerender-data">{"/api/greeting":{"text":"Hello from Tokyo"}}',
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
    expect(other.body).toBe(INDEX_HTML);
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
