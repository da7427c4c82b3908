// Per-address limits count the address the client cannot choose: X-Forwarded-For is believed only
// when it comes through a trusted proxy (TRUST_PROXY: a hop count or the proxies' ranges), and IPv6
// callers are counted by their /64. Log-in's per-address lockout (10 failures) is the probe.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../harness.js';

const BALANCER = '10.0.0.5';

describe(`client address for rate limits (${dialect})`, () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    const t = await createTestApp({ env });
    apps.push(t);
    return t;
  }
  let n = 0;
  /** Ten failed log-ins with ten different e-mails, then an eleventh: 429 when all were counted as one address. */
  async function eleventhFailure(t: TestApp, request: (i: number) => { remoteAddress: string; xff?: string }) {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const { remoteAddress, xff } = request(i);
      const res = await t.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
        payload: { email: `spray${n++}@example.com`, password: 'wrong-password' },
      });
      last = res.statusCode;
      if (i < 10) expect(res.statusCode).toBe(401);
    }
    return last;
  }

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const t = await app();
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: '198.51.100.7', xff: `203.0.113.${i}` }))).toBe(429);
  });

  it('with a hop count, takes the address the trusted proxy saw, not what the client wrote before it', async () => {
    const t = await app({ TRUST_PROXY: '1' });
    // The client writes any left-most entries it likes; the balancer appends the address it saw.
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: BALANCER, xff: `203.0.113.${i}, 198.51.100.8` }))).toBe(
      429,
    );
    // Different real clients behind the balancer are counted apart.
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: BALANCER, xff: `198.51.100.${100 + i}` }))).toBe(401);
  });

  it("with the proxies' ranges, believes X-Forwarded-For only from them", async () => {
    const t = await app({ TRUST_PROXY: '10.0.0.0/8' });
    // A direct caller outside the range cannot choose its address.
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: '198.51.100.9', xff: `203.0.113.${i}` }))).toBe(429);
    // Through the balancer, each real client is its own address.
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: BALANCER, xff: `198.51.100.${120 + i}` }))).toBe(401);
  });

  it('counts IPv6 callers by their /64: rotating within it meets 429', async () => {
    const t = await app();
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` }))).toBe(429);
    expect(await eleventhFailure(t, (i) => ({ remoteAddress: `2001:db8:1:${i + 10}::1` }))).toBe(401);
  });
});
