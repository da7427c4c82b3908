// Writes announced across instances through a real Redis (REDIS_TEST_URL, by default the local one),
// and what the answer cache does with them.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { registerResponseCache } from '../../http/response-cache.js';
import { createLocalWriteBus, createRedisWriteBus, type WriteBus } from './write-bus.js';

const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

const buses: WriteBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

function redisBus(options?: { confirmationWaitMs: number }) {
  const bus = createRedisWriteBus(redisUrl, options);
  buses.push(bus);
  return bus;
}

/** Resolves when `bus` has heard `count` writes, or rejects after two seconds. */
function heard(bus: WriteBus, count: number) {
  let seen = 0;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`heard ${seen} of ${count} writes`)), 2000);
    bus.onWrite(() => {
      seen++;
      if (seen === count) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

describe('the write bus', () => {
  it('tells this instance at once, without Redis', async () => {
    const bus = createLocalWriteBus();
    let seen = 0;
    bus.onWrite(() => seen++);
    await bus.announce();
    expect(seen).toBe(1);
  });

  it('tells every other instance through Redis, and this one once', async () => {
    const [a, b, c] = [redisBus(), redisBus(), redisBus()];
    await new Promise((r) => setTimeout(r, 200)); // the subscriptions are in place
    let heardByA = 0;
    a.onWrite(() => heardByA++);
    const both = Promise.all([heard(b, 2), heard(c, 2)]);
    await a.announce();
    await a.announce();
    await both;
    expect(heardByA).toBe(2);
  });

  it('empties another instance’s answer cache before the write’s answer leaves', async () => {
    const [busA, busB] = [redisBus(), redisBus()];
    await new Promise((r) => setTimeout(r, 200));
    let value = 'before';
    const instance = async (writes: WriteBus) => {
      const app = Fastify();
      registerResponseCache(app, { ttlMs: 60_000, writes });
      app.get('/value', { config: { cache: 'public' } }, async () => ({ value }));
      app.post('/value', async () => {
        value = 'after';
        return { ok: true };
      });
      await app.ready();
      return app;
    };
    const [a, b] = [await instance(busA), await instance(busB)];
    expect((await b.inject({ url: '/value' })).json()).toEqual({ value: 'before' });
    value = 'changed behind the cache';
    expect((await b.inject({ url: '/value' })).json()).toEqual({ value: 'before' }); // kept
    const told = heard(busB, 1);
    await a.inject({ method: 'POST', url: '/value' });
    await told;
    expect((await b.inject({ url: '/value' })).json()).toEqual({ value: 'after' });
    await Promise.all([a.close(), b.close()]);
  });

  it('has every other instance confirm before the write’s answer leaves, so none answers from its cache after it', async () => {
    const [busA, busB] = [redisBus(), redisBus()];
    await new Promise((r) => setTimeout(r, 200));
    let value = 0;
    const instance = async (writes: WriteBus) => {
      const app = Fastify();
      registerResponseCache(app, { ttlMs: 60_000, writes });
      app.get('/value', { config: { cache: 'public' } }, async () => ({ value }));
      app.post('/value', async () => ({ value: ++value }));
      await app.ready();
      return app;
    };
    const [a, b] = [await instance(busA), await instance(busB)];
    const stale: number[] = [];
    for (let round = 1; round <= 100; round++) {
      await b.inject({ url: '/value' }); // B keeps the value before the write
      await a.inject({ method: 'POST', url: '/value' });
      const seen = (await b.inject({ url: '/value' })).json<{ value: number }>().value;
      if (seen !== round) stale.push(round);
    }
    expect(stale).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it('waits a bounded time for an instance of the previous release, which hears writes but never confirms them', async () => {
    const previous = new Redis(redisUrl);
    const previousPublisher = new Redis(redisUrl);
    try {
      await previous.subscribe('teacheast:writes');
      const bus = redisBus({ confirmationWaitMs: 300 });
      await new Promise((r) => setTimeout(r, 200));
      const received = new Promise<string>((resolve) =>
        previous.once('message', (_channel: string, message: string) => resolve(message)),
      );
      const started = Date.now();
      await bus.announce();
      const waited = Date.now() - started;
      expect(await received).toMatch(/^[0-9a-f-]{36} \d+$/);
      expect(waited).toBeGreaterThanOrEqual(290);
      expect(waited).toBeLessThan(1500);
      // Its own announcements (the instance's id alone) still empty this release's caches.
      const told = heard(bus, 1);
      await previousPublisher.publish('teacheast:writes', randomUUID());
      await told;
    } finally {
      previous.disconnect();
      previousPublisher.disconnect();
    }
  });

  it('does not keep an answer read while a write went through', async () => {
    const writes = createLocalWriteBus();
    let value = 'before';
    let release = () => {};
    const app = Fastify();
    registerResponseCache(app, { ttlMs: 60_000, writes });
    app.get('/value', { config: { cache: 'public' } }, async () => {
      const read = value; // read before the write…
      await new Promise<void>((resolve) => (release = resolve)); // …answered after it
      return { value: read };
    });
    app.post('/value', async () => {
      value = 'after';
      return { ok: true };
    });
    await app.ready();
    const slow = app.inject({ url: '/value' });
    await new Promise((r) => setTimeout(r, 20));
    await app.inject({ method: 'POST', url: '/value' });
    release();
    expect((await slow).json()).toEqual({ value: 'before' }); // sent as it was read
    const next = app.inject({ url: '/value' });
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await next).json()).toEqual({ value: 'after' }); // but never kept
    await app.close();
  });
});
