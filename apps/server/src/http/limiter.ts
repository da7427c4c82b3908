// Fixed-window counters for rate limits: in memory for one instance, in Redis when several share the load.
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';

export interface Limiter {
  /** Counts one hit on key; answers whether the hit is within limit hits per windowMs. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; count: number }>;
  /** Takes back one hit (an attempt that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  /** Reads the current count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  function current(key: string) {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  }
  return {
    async hit(key, limit, windowMs) {
      if (++sweeps % 10_000 === 0) {
        const t = now();
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      const w = current(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { allowed: w.count <= limit, count: w.count };
    },
    async release(key) {
      const w = current(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async peek(key) {
      return current(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisLimiter(url: string): Limiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => undefined);
  const prefix = 'teacheast:rl:';
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      return { allowed: count <= limit, count };
    },
    async release(key) {
      // Decrements only a live counter above zero, in one step, so a release never creates a key or
      // goes negative.
      await redis.eval(
        "local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then redis.call('DECR', KEYS[1]) end",
        1,
        prefix + key,
      );
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export const tooManyRequests = (message = 'Too many attempts. Please wait a few minutes and try again.') =>
  new AppError(429, message, { errorType: 'RATE_LIMITED' });

/** Counts a hit and throws 429 when over the limit. */
export async function enforceLimit(limiter: Limiter, key: string, limit: number, windowMs: number, message?: string) {
  const { allowed } = await limiter.hit(key, limit, windowMs);
  if (!allowed) throw tooManyRequests(message);
}
