// The limiter several instances share: fixed-window counters in Redis, which expires its keys itself,
// so it keeps no bound and has no classes (limiter.ts). Its own file, so that ioredis is loaded only
// by a server that has REDIS_URL.
import { Redis } from 'ioredis';
import type { Limiter } from './limiter.js';

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
