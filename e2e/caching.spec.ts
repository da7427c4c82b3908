// What browsers may keep, asked over HTTP of the real server: every hashed file the home page names
// is kept for a year without asking again; the page itself and unhashed files are revalidated.
import { expect, test } from './fixtures';

const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css|woff2|webp|png|svg)$/;

test('hashed assets are immutable for a year; shells and unhashed files are revalidated', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(home.headers()['cache-control']).toBe('no-cache');
  const html = await home.text();
  const named = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
  const assets = [...new Set(named.filter((url) => url.startsWith('/assets/')))];
  expect(assets.length).toBeGreaterThan(2);
  for (const url of assets) {
    expect(url, 'every asset the page names is hashed').toMatch(HASHED);
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
  }
  for (const url of named.filter((u) => !u.startsWith('/assets/') && !u.startsWith('/api/') && /\.\w+$/.test(u))) {
    const answer = await request.get(url);
    expect(answer.headers()['cache-control'], url).toBe('no-cache');
  }
  for (const url of ['/favicon.svg', '/jobs']) {
    const answer = await request.get(url);
    expect(answer.status(), url).toBe(200);
    expect(answer.headers()['cache-control'], url).toBe('no-cache');
  }
});
