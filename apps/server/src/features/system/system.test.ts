import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../../../test/harness.js';
import { securityHeaders } from '../../http/security-headers.js';

describe(`system routes (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers health and readiness', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('tells the web app which payment provider is active', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ paymentProvider: 'test' });
  });

  it('sends security headers: a strict page CSP, and a deny-all policy on JSON answers', async () => {
    const page = securityHeaders({ stripe: false, production: false })['content-security-policy']!;
    expect(page).toContain("script-src 'self';");
    expect(page).not.toContain('unsafe-eval');
    expect(page).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page).toContain("frame-ancestors 'none'");
    expect(securityHeaders({ stripe: true, production: true })['strict-transport-security']).toMatch(/max-age=/);
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Pages (here the not-found answer of a page path, as no web build is served in tests) get the page policy.
    const other = await t.inject({ method: 'GET', url: '/jobs' });
    expect(other.headers['content-security-policy']).toBe(page);
  });

  it('answers unknown API paths with 404 and the error body', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true, message: expect.any(String) as string });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/contact-us',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, message: 'The request body is not valid JSON' });
  });

  it('refuses bodies over 100 KB with 413', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { email: 'a@b.co', subject: '', text: 'x'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: true });
  });
});
