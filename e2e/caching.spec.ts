// What browsers may keep, asked over HTTP of the real server: every hashed file the home page names
// (as an anonymous visitor gets it, rendered, and as a member gets it, the app's shell) is kept for a
// year without asking again; the page itself and unhashed files are revalidated.
import { expect, SIGNED_IN_COOKIE, test } from './fixtures';

const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css|woff2|webp|png|svg)$/;

for (const visitor of ['anonymous', 'member'] as const) {
  test(`hashed assets are immutable for a year; shells and unhashed files are revalidated (${visitor})`, async ({
    request,
  }) => {
    const headers = visitor === 'member' ? { cookie: `${SIGNED_IN_COOKIE}=1` } : undefined;
    const home = await request.get('/', { headers });
    expect(home.status()).toBe(200);
    expect(home.headers()['cache-control']).toBe('no-cache');
    const html = await home.text();
    const named = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    const assets = [...new Set(named.filter((url) => url.startsWith('/assets/')))];
    expect(assets.length).toBeGreaterThan(2);
    expect(assets.some((url) => url.endsWith('.css'))).toBe(true);
    for (const url of assets) {
      expect(url, 'every asset the page names is hashed').toMatch(HASHED);
      // Compressed and plain answers alike; a cache must keep them apart by the encoding asked for.
      for (const encoding of ['br, gzip', 'identity']) {
        const answer = await request.get(url, { headers: { 'accept-encoding': encoding } });
        expect(answer.status(), url).toBe(200);
        expect(answer.headers()['cache-control'], `${url} (${encoding})`).toBe('public, max-age=31536000, immutable');
        expect(answer.headers()['vary'], `${url} (${encoding})`).toMatch(/accept-encoding/i);
      }
    }
    for (const url of named.filter((u) => !u.startsWith('/assets/') && !u.startsWith('/api/') && /\.\w+$/.test(u))) {
      const answer = await request.get(url);
      expect(answer.headers()['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/favicon.svg', '/jobs', '/index.html']) {
      const answer = await request.get(url, { headers });
      expect(answer.status(), url).toBe(200);
      expect(answer.headers()['cache-control'], url).toBe('no-cache');
    }
    // A chunk of an older build is not found, and nothing keeps that answer.
    const gone = await request.get('/assets/home-page-00000000.js');
    expect(gone.status()).toBe(404);
    expect(gone.headers()['cache-control'] ?? '').not.toMatch(/max-age=[1-9]|immutable/);
  });
}
