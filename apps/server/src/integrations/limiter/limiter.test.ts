// The rate-limit counters, in memory and in a real Redis (REDIS_TEST_URL, by default the local one).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter, rateLimitAddress, type Limiter } from './limiter.js';
import { createRedisLimiter } from './redis-limiter.js';

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

  it('counts the limits of a request in turn, stopping at the first it refuses', async () => {
    const [address, mailbox, budget] = [key(), key(), key()];
    const limits = [
      { key: address, limit: 4, windowMs: 60_000 },
      { key: mailbox, limit: 2, windowMs: 60_000 },
      { key: budget, limit: 10, windowMs: 60_000 },
    ];
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limiter.hitInTurn(limits));
    // The mailbox refuses the third and fourth: each is counted there, and never reaches the budget.
    expect(answers).toEqual([-1, -1, 1, 1]);
    expect([await limiter.peek(address), await limiter.peek(mailbox), await limiter.peek(budget)]).toEqual([4, 4, 2]);
    // The address refuses the fifth before the mailbox is counted again.
    expect(await limiter.hitInTurn(limits)).toBe(0);
    expect([await limiter.peek(address), await limiter.peek(mailbox), await limiter.peek(budget)]).toEqual([5, 4, 2]);
    // Each counter keeps its own window: the one hit as `hit` would count it.
    expect(await limiter.hit(budget, 10, 60_000)).toEqual({ allowed: true, count: 3 });
  });

  it('counts concurrent turns exactly', async () => {
    const [shared, own] = [key(), key()];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        limiter.hitInTurn([
          { key: shared, limit: 10, windowMs: 60_000 },
          { key: `${own}:${i}`, limit: 1, windowMs: 60_000 },
        ]),
      ),
    );
    expect(answers.filter((a) => a === -1)).toHaveLength(10);
    expect(answers.filter((a) => a === 0)).toHaveLength(20);
    expect(await limiter.peek(shared)).toBe(30);
  });

  it('gives a counter first hit in a turn a window of its own, which ends', async () => {
    const k = key();
    expect(await limiter.hitInTurn([{ key: k, limit: 1, windowMs: 100 }])).toBe(-1);
    expect(await limiter.hitInTurn([{ key: k, limit: 1, windowMs: 100 }])).toBe(0);
    if (kind === 'memory') now += 101;
    else await new Promise((r) => setTimeout(r, 150));
    expect(await limiter.peek(k)).toBe(0);
    expect(await limiter.hitInTurn([{ key: k, limit: 1, windowMs: 100 }])).toBe(-1);
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
  const HOUR = 3_600_000;
  const LOGIN_WINDOW = 15 * 60_000;
  /** A different address for each i, as a flood from many machines would use. */
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

  it('keeps at most its maximum number of ordinary counters however many keys a flood uses', async () => {
    let clock = 0;
    const limiter = createMemoryLimiter(() => clock, 1000);
    for (let i = 0; i < 5000; i++) await limiter.hit(`flood:${i}`, 10, 60_000);
    expect(limiter.size('traffic')).toBeLessThanOrEqual(1000);
    // The newest counters are kept.
    expect(await limiter.peek('flood:4999')).toBe(1);
    clock += 60_001;
    await limiter.hit('after', 10, 60_000);
    expect(limiter.size('traffic')).toBeLessThanOrEqual(1000);
  });

  it('keeps a log-in lockout through a flood of 150,000 new keys from rotating addresses', async () => {
    const clock = 0;
    const limiter = createMemoryLimiter(() => clock); // the production bound
    const victim = 'login:email:victim@example.com';
    // Ten wrong passwords for the victim, each from another address, as logIn counts them.
    for (let i = 0; i < 10; i++) {
      expect((await limiter.hit(victim, 10, LOGIN_WINDOW)).allowed).toBe(true);
      await limiter.hit(`login:ip:192.0.2.${i}`, 10, LOGIN_WINDOW);
    }
    for (let i = 0; i < 150_000; i++) {
      const from = address(i);
      const key = [
        `login:email:guess-${i}@example.com`,
        `login:ip:${from}`,
        i % 2 ? `job-click:${from}:job-${i % 5000}` : `job-time:${from}:job-${i % 5000}`,
      ][i % 3]!;
      await limiter.hit(key, 10, key.startsWith('login:') ? LOGIN_WINDOW : HOUR);
    }
    expect(await limiter.peek(victim)).toBe(10);
    expect(await limiter.hit(victim, 10, LOGIN_WINDOW)).toMatchObject({ allowed: false });
  });

  it('answers a flood on a full security map without a pass over every counter for each hit', async () => {
    let clock = 0;
    const limiter = createMemoryLimiter(() => clock);
    // Windows that end one a millisecond, so that from then on each hit finds one that has ended.
    for (let i = 0; i < 100_000; i++) await limiter.hit(`login:email:user-${i}@example.com`, 10, LOGIN_WINDOW + i);
    clock = LOGIN_WINDOW;
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      clock += 1;
      if (!(await limiter.hit(`login:ip:${address(i)}`, 10, LOGIN_WINDOW)).allowed) refused += 1;
    }
    // A pass over the counters at each hit would free the one window that ended a millisecond before
    // it, so no hit would ever be refused; refusals show the passes are spaced (a second apart).
    expect(refused).toBeGreaterThan(0);
    expect(limiter.size('security')).toBeLessThanOrEqual(100_000);
  });

  it('refuses a new security counter while its map is full of live ones, and evicts none of them', async () => {
    let clock = 0;
    const limiter = createMemoryLimiter(() => clock, 100);
    for (let i = 0; i < 100; i++) {
      expect((await limiter.hit(`login:email:user-${i}@example.com`, 10, LOGIN_WINDOW)).allowed).toBe(true);
    }
    // Fail closed: a new log-in, reset or sign-up counter cannot be made, so the hit is refused.
    for (const key of ['login:email:new@example.com', 'forgot:ip:203.0.113.9', 'register:ip:203.0.113.9']) {
      expect((await limiter.hit(key, 10, HOUR)).allowed).toBe(false);
      expect(await limiter.peek(key)).toBe(0);
    }
    // Every live counter is kept, and still counts.
    for (let i = 0; i < 100; i++) expect(await limiter.peek(`login:email:user-${i}@example.com`)).toBe(1);
    expect(await limiter.hit('login:email:user-0@example.com', 10, LOGIN_WINDOW)).toEqual({ allowed: true, count: 2 });
    // Ordinary traffic has its own counters.
    expect(await limiter.hit('job-click:203.0.113.9:job-1', 10, HOUR)).toEqual({ allowed: true, count: 1 });
    // Once the counters' windows end they are swept, and new counters are made again.
    clock += LOGIN_WINDOW + 1;
    expect(await limiter.hit('login:email:new@example.com', 10, LOGIN_WINDOW)).toEqual({ allowed: true, count: 1 });
  });

  it('keeps ordinary traffic working when its map is full, evicting only ordinary counters', async () => {
    const clock = 0;
    const limiter = createMemoryLimiter(() => clock, 100);
    for (let i = 0; i < 50; i++) await limiter.hit(`login:email:user-${i}@example.com`, 10, LOGIN_WINDOW);
    for (let i = 0; i < 1000; i++) {
      expect((await limiter.hit(`job-click:${address(i)}:job-1`, 10, HOUR)).allowed).toBe(true);
    }
    expect(await limiter.hit('contact:ip:203.0.113.9', 10, HOUR)).toEqual({ allowed: true, count: 1 });
    for (let i = 0; i < 50; i++) expect(await limiter.peek(`login:email:user-${i}@example.com`)).toBe(1);
    expect(await limiter.hit('login:email:user-0@example.com', 10, LOGIN_WINDOW)).toEqual({ allowed: true, count: 2 });
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
