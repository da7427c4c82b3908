// The limiter several instances share: fixed-window counters in Redis, which expires its keys itself,
// so it keeps no bound and has no classes (limiter.ts). Its own file, so that ioredis is loaded only
// by a server that has REDIS_URL.
import { Redis } from 'ioredis';
import type { Limiter } from './limiter.js';

/**
 * hitInTurn's step: KEYS are the counters in turn, ARGV each one's limit and window (ms), in pairs.
 * Each counter is counted and given its window when new, as `hit` does; the first over its limit ends
 * the turn, and its index (from 0) is the answer, -1 when none is over. A script runs whole, so two
 * requests' turns never interleave.
 */
const HIT_IN_TURN = `
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[2 * i], 'NX')
  if count > tonumber(ARGV[2 * i - 1]) then return i - 1 end
end
return -1`;

type LimitsRedis = Redis & { hitInTurn(keys: number, ...args: (string | number)[]): Promise<number> };

export function createRedisLimiter(url: string): Limiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => undefined);
  // Sent by its digest (EVALSHA), and whole only when the server does not have it yet.
  redis.defineCommand('hitInTurn', { lua: HIT_IN_TURN });
  const prefix = 'teacheast:rl:';
  return {
    async hit(key, limit, windowMs) {
      const k = prefix + key;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      return { allowed: count <= limit, count };
    },
    async hitInTurn(limits) {
      const keys = limits.map((l) => prefix + l.key);
      const args = limits.flatMap((l) => [l.limit, l.windowMs]);
      return Number(await (redis as LimitsRedis).hitInTurn(keys.length, ...keys, ...args));
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
