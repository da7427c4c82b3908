// Fixed-window counters for rate limits: in memory for one instance, in Redis when several share the load.
import { Redis } from 'ioredis';
import { AppError } from '../../errors.js';

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

/** The most counters one instance keeps in memory (about 10 MB); see the comment in `hit`. */
const MEMORY_LIMITER_MAX_KEYS = 100_000;

export function createMemoryLimiter(
  now: () => number = Date.now,
  maxKeys = MEMORY_LIMITER_MAX_KEYS,
): Limiter & { size(): number } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  const sweep = () => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  };
  function current(key: string) {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  }
  return {
    async hit(key, limit, windowMs) {
      if (++sweeps % 10_000 === 0) sweep();
      let w = current(key);
      if (!w) {
        // Memory stays bounded however many addresses a flood uses: expired counters go first, then
        // the oldest (a Map iterates in insertion order), which are the nearest to expiring anyway.
        if (windows.size >= maxKeys) sweep();
        for (const oldest of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(oldest);
        }
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
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
    size: () => windows.size,
  };
}

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64, since one
 * subscriber is routinely given a whole /64 and could otherwise rotate through it.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
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

/**
 * A limit's name, as the refusals counter on /metrics labels it: its counters' key up to the first
 * colon (`login:ip:203.0.113.9` is `login`), so no address or id ever becomes a label.
 */
function limitName(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}

/** The 429 a limit answers; `limit` names it (see limitName). */
export const tooManyRequests = (
  limit: string,
  message = 'Too many attempts. Please wait a few minutes and try again.',
) => new AppError(429, message, { errorType: 'RATE_LIMITED', limit });

/** Counts a hit and throws 429 when over the limit. */
export async function enforceLimit(limiter: Limiter, key: string, limit: number, windowMs: number, message?: string) {
  const { allowed } = await limiter.hit(key, limit, windowMs);
  if (!allowed) throw tooManyRequests(limitName(key), message);
}

/** Decoding an image is the costliest thing a user can ask for: at most this many an hour per user. */
export const IMAGE_DECODES_PER_HOUR = 200;

/** Counts one image decode for the user; 429 past the hourly limit. */
export async function enforceImageDecode(limiter: Limiter, userId: string): Promise<void> {
  await enforceLimit(
    limiter,
    `image-decode:user:${userId}`,
    IMAGE_DECODES_PER_HOUR,
    60 * 60 * 1000,
    'You have uploaded a great many images in the last hour. Please wait a while and try again.',
  );
}
