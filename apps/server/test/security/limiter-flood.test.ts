// Without Redis the rate-limit counters live in memory, in bounded maps. A flood of new keys (log-ins
// to made-up addresses, clicks and time on every live job, from rotating addresses) must never push
// out a log-in lockout: security counters are kept apart and never evicted, a full security map
// refuses (fail closed), and one address can only mint so many visit counters.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_COUNTERS_PER_ADDRESS_PER_HOUR } from '../../src/features/job-board/service.js';
import { createPublishedJob, createTestApp, createUser, dialect, TEST_PASSWORD, type TestApp } from '../harness.js';

/** The memory limiter's bound per class of counters here: small, so a flood of a few dozen fills it. */
const MAX_KEYS = 24;

let ipCounter = 0;
/** A fresh address for every request, as a flood from many machines would use. */
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe(`limiter flood (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiterMaxKeys: MAX_KEYS });
  });
  afterAll(async () => t.close());

  const logIn = (email: string, password: string, remoteAddress = nextIp()) =>
    t.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
  const click = (uuid: string, remoteAddress = nextIp()) =>
    t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid }, remoteAddress });
  const time = (uuid: string, remoteAddress = nextIp()) =>
    t.inject({ method: 'POST', url: '/api/job/time', payload: { uuid, timeSpent: 30 }, remoteAddress });

  it('keeps a log-in lockout through a flood of new keys, and refuses new log-ins while full', async () => {
    const victim = await createUser(t, 'victim@example.com');
    const bystander = await createUser(t, 'bystander@example.com');
    const jobs = await Promise.all([1, 2, 3].map(() => createPublishedJob(t, victim.id)));
    // Ten wrong passwords for the victim, each from another address.
    for (let i = 0; i < 10; i++) expect((await logIn(victim.email, 'wrong-password')).statusCode).toBe(401);

    // The flood: more new keys than the limiter keeps, of both classes.
    for (let i = 0; i < MAX_KEYS; i++) {
      expect([401, 429]).toContain((await logIn(`guess-${randomUUID()}@example.com`, 'wrong-password')).statusCode);
    }
    for (let i = 0; i < 3 * MAX_KEYS; i++) {
      const job = jobs[i % jobs.length]!;
      expect((await (i % 2 ? click(job) : time(job))).statusCode).toBe(200);
    }

    // The eleventh guess at the victim's password is still refused.
    const eleventh = await logIn(victim.email, 'wrong-password');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
    expect(await t.deps.limiter.peek(`login:email:${victim.email}`)).toBe(10);
    // Fail closed: the security counters are full of live ones, so a new log-in is refused too...
    const full = await logIn(bystander.email, TEST_PASSWORD);
    expect(full.statusCode).toBe(429);
    expect(full.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
    // ...while ordinary traffic, whose counters are full too, goes on.
    expect((await click(jobs[0]!)).statusCode).toBe(200);
    // Once the flood's log-in window has ended, log-ins work again.
    t.clock.advance(15 * 60_000 + 1);
    expect((await logIn(bystander.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets one address mint only so many visit counters an hour', async () => {
    const owner = await createUser(t);
    const seen = await createPublishedJob(t, owner.id);
    const unseen = await createPublishedJob(t, owner.id);
    const ip = nextIp();
    expect((await click(seen, ip)).statusCode).toBe(200);
    // The rest of the hour's allowance, spent as a crawl over every live job would.
    for (let i = 1; i < JOB_COUNTERS_PER_ADDRESS_PER_HOUR; i++) {
      await t.deps.limiter.hit(`job-visits:ip:${ip}`, JOB_COUNTERS_PER_ADDRESS_PER_HOUR, 3_600_000);
    }
    const refused = await click(unseen, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
    expect((await time(unseen, ip)).statusCode).toBe(429);
    expect(await t.deps.limiter.peek(`job-click:${ip}:${unseen}`)).toBe(0);
    expect(await t.deps.limiter.peek(`job-time:${ip}:${unseen}`)).toBe(0);
    // A job the address already has a counter for is still counted, and other addresses are untouched.
    expect((await click(seen, ip)).statusCode).toBe(200);
    expect((await click(unseen)).statusCode).toBe(200);
  });
});
