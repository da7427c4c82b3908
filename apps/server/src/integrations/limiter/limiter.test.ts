// The rate-limit counters, in memory and in a real Redis (REDIS_TEST_URL, by default the local one).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter, createRedisLimiter, rateLimitAddress, type Limiter } from './limiter.js';

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

let now = 1_000_000;
const kinds: [string, () => Limiter][] = [
  ['memory', () => createMemoryLimiter(() => now)],
  ['redis', () => createRedisLimiter(redisUrl)],
];

describe.each(kinds)('limiter (%s)', (kind, make) => {
  const limiter = make();
  afterAll(() => limiter.close());
  const key = () => `test:${randomUUID()}`;

  it('allows the limit of hits in a window, then refuses', async () => {
    const k = key();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(k, 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(await limiter.peek(k)).toBe(4);
  });

  it('counts concurrent hits exactly', async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(k, 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await limiter.peek(k)).toBe(30);
  });

  it('takes a hit back, never below zero and never creating a counter', async () => {
    const k = key();
    await limiter.hit(k, 2, 60_000);
    await limiter.hit(k, 2, 60_000);
    await limiter.release(k);
    expect(await limiter.peek(k)).toBe(1);
    expect((await limiter.hit(k, 2, 60_000)).allowed).toBe(true);
    await limiter.release(k);
    await limiter.release(k);
    await limiter.release(k);
    expect(await limiter.peek(k)).toBe(0);
    const untouched = key();
    await limiter.release(untouched);
    expect(await limiter.peek(untouched)).toBe(0);
    expect((await limiter.hit(untouched, 1, 60_000)).count).toBe(1);
  });

  it('resets a counter', async () => {
    const k = key();
    await limiter.hit(k, 1, 60_000);
    await limiter.reset(k);
    expect(await limiter.peek(k)).toBe(0);
  });

  it('starts a new window once the old one has ended', async () => {
    const k = key();
    for (let i = 0; i < 3; i++) await limiter.hit(k, 2, 100);
    if (kind === 'memory') now += 101;
    else await new Promise((r) => setTimeout(r, 150));
    expect(await limiter.peek(k)).toBe(0);
    expect(await limiter.hit(k, 2, 100)).toEqual({ allowed: true, count: 1 });
  });
});

describe('memory limiter bounds', () => {
  it('keeps at most its maximum number of counters however many keys a flood uses', async () => {
    let clock = 0;
    const limiter = createMemoryLimiter(() => clock, 1000);
    for (let i = 0; i < 5000; i++) await limiter.hit(`flood:${i}`, 10, 60_000);
    expect(limiter.size()).toBeLessThanOrEqual(1000);
    // The newest counters are kept.
    expect(await limiter.peek('flood:4999')).toBe(1);
    clock += 60_001;
    await limiter.hit('after', 10, 60_000);
    expect(limiter.size()).toBeLessThanOrEqual(1000);
  });
});

describe('rate-limit address', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, expected) => {
    expect(rateLimitAddress(ip)).toBe(expected);
  });
});
