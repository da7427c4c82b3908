// Known and unknown e-mails are indistinguishable: same status, same body, and median response times
// within 10% of each other (unknown e-mails verify against a dummy hash; reset mails are written after
// the answer).
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp } from '../harness.js';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe(`account enumeration (${dialect})`, () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, 'known@example.com');
  });
  afterAll(async () => t.close());

  /** Interleaves known and unknown requests so drift in the machine's speed hits both alike. */
  async function compare(rounds: number, request: (known: boolean, i: number) => Promise<{ statusCode: number; body: string }>) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = { known: new Set<string>(), unknown: new Set<string>() };
    for (let i = 0; i < rounds; i++) {
      for (const known of i % 2 ? [true, false] : [false, true]) {
        // Per-e-mail limits are tested elsewhere; here they would only make the known e-mail answer 429.
        for (const key of ['login:email:known@example.com', 'register:email:known@example.com', 'forgot:email:known@example.com']) {
          await t.deps.limiter.reset(key);
        }
        const start = performance.now();
        const res = await request(known, i);
        const ms = performance.now() - start;
        if (i >= 2) times[known ? 'known' : 'unknown'].push(ms); // the first rounds warm up
        answers[known ? 'known' : 'unknown'].add(`${res.statusCode} ${res.body}`);
      }
    }
    expect([...answers.known]).toEqual([...answers.unknown]);
    const [k, u] = [median(times.known), median(times.unknown)];
    // Within 10%. Below a millisecond, in-process timings carry tens of microseconds of scheduling noise,
    // far under what a network attacker can see, so there a 0.05 ms difference is accepted too.
    const close = Math.abs(k - u) / Math.max(k, u) < 0.1 || Math.abs(k - u) < 0.05;
    expect(close, `median known ${k.toFixed(3)} ms, unknown ${u.toFixed(3)} ms`).toBe(true);
  }

  it('log-in: a wrong password and an unknown e-mail', async () => {
    await compare(30, (known) =>
      t.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.1.0.${++ip % 250}`,
        payload: { email: known ? 'known@example.com' : `nobody${ip}@example.com`, password: 'wrong-password' },
      }),
    );
  });

  it('register: an e-mail with an account and a new one', async () => {
    await compare(24, (known, i) =>
      t.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: `10.2.${i}.${known ? 1 : 2}`,
        payload: { email: known ? 'known@example.com' : `new-${i}@example.com`, password: 'secret123' },
      }),
    );
  });

  it('forgot password: a known and an unknown e-mail', async () => {
    await compare(400, (known, i) =>
      t.inject({
        method: 'GET',
        url: `/api/forgot-password?email=${known ? 'known@example.com' : `ghost-${i}@example.com`}`,
        remoteAddress: `10.3.${i}.${known ? 1 : 2}`,
      }),
    );
  });
});
