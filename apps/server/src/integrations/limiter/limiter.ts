// Fixed-window counters for rate limits: in memory for one instance, in Redis when several share the load.
//
// Every limit is one of two classes, read from its name (the key up to the first colon) in one place,
// SECURITY_LIMITS below. Security counters guard credentials, accounts and money (log-in, sign-up,
// password reset, account deletion, coupons, payments, the mail strangers can have sent); everything else (clicks, time, alerts,
// contact, image decodes) is traffic. In memory each class has its own bounded map, so no amount of
// traffic can push out a lockout: a full traffic map drops its oldest counters, while a full
// security map drops only counters whose window has ended and otherwise refuses the hit (fail
// closed: a flood can make log-ins wait out their window, never make guessing free again). Redis
// expires its keys itself, so the Redis limiter keeps no bound and has no classes.
import { AppError } from '../../errors.js';

/** One rate limit: at most `limit` hits on the counter `key` in each window of `windowMs`. */
export interface Limit {
  key: string;
  limit: number;
  windowMs: number;
  /** What its 429 says (enforceLimits); a generic "too many attempts" without it. */
  message?: string;
}

export interface Limiter {
  /**
   * Counts one hit on key; answers whether the hit is within limit hits per windowMs. A hit is also
   * refused, with a count of 0, when its counter cannot be made (a full map of live security counters).
   */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; count: number }>;
  /**
   * Counts a hit on each limit in turn, as `hit` does, and stops at the first it refuses: that hit
   * is counted, the later limits are not touched (an address refused spends nothing of a global
   * budget after it). Answers the refused limit's index, or -1 when all allowed. In Redis it is one
   * round trip however many limits a request has.
   */
  hitInTurn(limits: readonly Limit[]): Promise<number>;
  /** Takes back one hit (an attempt that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  /** Reads the current count without adding to it. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A limit's name, as the refusals counter on /metrics labels it: its counters' key up to the first
 * colon (`login:ip:203.0.113.9` is `login`), so no address or id ever becomes a label.
 */
function limitName(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}

/**
 * The limits whose counters must never be pushed out by other traffic. A new limit that guards a
 * credential, an account or a payment belongs here; any other name is traffic.
 */
const SECURITY_LIMITS: ReadonlySet<string> = new Set([
  'login',
  'register',
  'forgot',
  'reset',
  'delete-account',
  'coupon',
  'sub-payment',
  // Caps on the confirmation mails strangers can make the server send to any address.
  'alert-confirmations',
]);

export type LimitClass = 'security' | 'traffic';

function limitClassOf(key: string): LimitClass {
  return SECURITY_LIMITS.has(limitName(key)) ? 'security' : 'traffic';
}

/** The most counters one instance keeps in memory per class (about 10 MB each). */
const MEMORY_LIMITER_MAX_KEYS = 100_000;

/** A full map looks for ended windows at most this often, so a flood on a full map costs no full pass per hit. */
const FULL_SWEEP_GAP_MS = 1000;

interface Window {
  count: number;
  resetAt: number;
}

/** One class's counters, at most maxKeys of them; when full, `evict` says whether live ones may go. */
function createCounters(now: () => number, maxKeys: number, evict: boolean) {
  const windows = new Map<string, Window>();
  let hits = 0;
  // No window ends before nextEnd (exact after each sweep, lowered by each new window), so a sweep
  // before it would find nothing.
  let nextEnd = Infinity;
  let lastSweep = -Infinity;
  const sweep = () => {
    const t = now();
    if (t < nextEnd || t - lastSweep < FULL_SWEEP_GAP_MS) return;
    lastSweep = t;
    let earliest = Infinity;
    for (const [k, w] of windows) {
      if (w.resetAt <= t) windows.delete(k);
      else if (w.resetAt < earliest) earliest = w.resetAt;
    }
    nextEnd = earliest;
  };
  return {
    windows,
    current(key: string): Window | undefined {
      const w = windows.get(key);
      if (w && w.resetAt > now()) return w;
      if (w) windows.delete(key);
      return undefined;
    },
    /** A new window for key, or undefined when the map is full of counters it may not drop. */
    open(key: string, windowMs: number): Window | undefined {
      if (++hits % 10_000 === 0 || windows.size >= maxKeys) sweep();
      if (windows.size >= maxKeys) {
        if (!evict) return undefined;
        // The oldest go first (a Map iterates in insertion order): the nearest to ending anyway.
        for (const oldest of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(oldest);
        }
      }
      const w = { count: 0, resetAt: now() + windowMs };
      if (w.resetAt < nextEnd) nextEnd = w.resetAt;
      windows.set(key, w);
      return w;
    },
  };
}

/** Counters in this process; maxKeys bounds each class's map. */
export function createMemoryLimiter(
  now: () => number = Date.now,
  maxKeys = MEMORY_LIMITER_MAX_KEYS,
): Limiter & { size(limitClass: LimitClass): number } {
  const classes = {
    security: createCounters(now, maxKeys, false),
    traffic: createCounters(now, maxKeys, true),
  };
  const countersOf = (key: string) => classes[limitClassOf(key)];
  return {
    async hit(key, limit, windowMs) {
      const counters = countersOf(key);
      const w = counters.current(key) ?? counters.open(key, windowMs);
      if (!w) return { allowed: false, count: 0 };
      w.count += 1;
      return { allowed: w.count <= limit, count: w.count };
    },
    async hitInTurn(limits) {
      for (let i = 0; i < limits.length; i++) {
        const { key, limit, windowMs } = limits[i]!;
        if (!(await this.hit(key, limit, windowMs)).allowed) return i;
      }
      return -1;
    },
    async release(key) {
      const w = countersOf(key).current(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async peek(key) {
      return countersOf(key).current(key)?.count ?? 0;
    },
    async reset(key) {
      countersOf(key).windows.delete(key);
    },
    async close() {
      for (const counters of Object.values(classes)) counters.windows.clear();
    },
    size: (limitClass) => classes[limitClass].windows.size,
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

/** The 429 a limit answers; `limit` names it (see limitName). */
export const tooManyRequests = (
  limit: string,
  message = 'Too many attempts. Please wait a few minutes and try again.',
) => new AppError(429, message, { errorType: 'RATE_LIMITED', limit });

/**
 * Counts a hit on each limit in turn (Limiter.hitInTurn) and throws the 429 of the first one over, with
 * its message.
 */
export async function enforceLimits(limiter: Limiter, ...limits: Limit[]): Promise<void> {
  const refused = limits[await limiter.hitInTurn(limits)];
  if (refused) throw tooManyRequests(limitName(refused.key), refused.message);
}

/** Decoding an image is the costliest thing a user can ask for: at most this many an hour per user. */
export const IMAGE_DECODES_PER_HOUR = 200;

/** Counts one image decode for the user; 429 past the hourly limit. */
export async function enforceImageDecode(limiter: Limiter, userId: string): Promise<void> {
  await enforceLimits(limiter, {
    key: `image-decode:user:${userId}`,
    limit: IMAGE_DECODES_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    message: 'You have uploaded a great many images in the last hour. Please wait a while and try again.',
  });
}
