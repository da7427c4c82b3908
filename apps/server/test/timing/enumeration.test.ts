// Known and unknown e-mails are indistinguishable: same status, same body, and median response times
// within 10% of each other (unknown e-mails verify against a dummy hash; the account behind a password
// reset is looked up after the answer).
//
// The requests run in blocks of four, unknown-known-known-unknown. A block's estimate is the known pair's
// time over the unknown pair's, and the test takes the median over the blocks. Within a block, a steady
// change in the machine's speed (a 13 ms hash becoming 22 ms halfway through a run) weighs on both
// pairs alike, and each kind is once preceded by its own kind and once by the other, so whatever work a
// request leaves behind (a mail being sent) falls on both alike. Comparing the two overall medians instead
// turned such drift into false differences.
//
// A block's ratio spreads by about 15% on a shared 2-core machine (argon2 hashes compete for memory
// bandwidth), so the hashing paths take 60 blocks: the median then lands within about 2.5% of the truth,
// and 10% is four times that.
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

  async function compare(
    blocks: number,
    request: (known: boolean, i: number) => Promise<{ statusCode: number; body: string }>,
  ) {
    const ratios: number[] = [];
    const differences: number[] = [];
    const answers = { known: new Set<string>(), unknown: new Set<string>() };
    let i = 0;
    for (let block = 0; block < blocks; block++) {
      const ms = { known: 0, unknown: 0 };
      for (const known of [false, true, true, false]) {
        // Per-e-mail limits are tested elsewhere; here they would only make the known e-mail answer 429.
        for (const key of [
          'login:email:known@example.com',
          'register:email:known@example.com',
          'forgot:email:known@example.com',
        ]) {
          await t.deps.limiter.reset(key);
        }
        const start = performance.now();
        const res = await request(known, i++);
        ms[known ? 'known' : 'unknown'] += performance.now() - start;
        answers[known ? 'known' : 'unknown'].add(`${res.statusCode} ${res.body}`);
      }
      if (block === 0) continue; // the first block warms up
      ratios.push(ms.known / ms.unknown);
      differences.push((ms.known - ms.unknown) / 2);
    }
    expect([...answers.known]).toEqual([...answers.unknown]);
    const [ratio, difference] = [median(ratios), median(differences)];
    // Within 10%. Below a millisecond, in-process timings carry tens of microseconds of scheduling noise,
    // far under what a network attacker can see, so there a 0.05 ms difference is accepted too.
    const close = Math.abs(ratio - 1) < 0.1 || Math.abs(difference) < 0.05;
    expect(
      close,
      `known/unknown: median ratio ${ratio.toFixed(3)}, median difference ${difference.toFixed(3)} ms`,
    ).toBe(true);
  }

  it('log-in: a wrong password and an unknown e-mail', async () => {
    await compare(60, (known) =>
      t.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.1.0.${++ip % 250}`,
        payload: { email: known ? 'known@example.com' : `nobody${ip}@example.com`, password: 'wrong-password' },
      }),
    );
  });

  it('register: an e-mail with an account and a new one', async () => {
    await compare(60, (known, i) =>
      t.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: `10.2.${i}.${known ? 1 : 2}`,
        payload: { email: known ? 'known@example.com' : `new-${i}@example.com`, password: 'secret123' },
      }),
    );
  });

  it('forgot password: a known and an unknown e-mail', async () => {
    await compare(200, (known, i) =>
      t.inject({
        method: 'GET',
        url: `/api/forgot-password?email=${known ? 'known@example.com' : `ghost-${i}@example.com`}`,
        remoteAddress: `10.3.${i}.${known ? 1 : 2}`,
      }),
    );
  });
});
