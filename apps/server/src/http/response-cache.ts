// A short-lived cache of whole answers for the hottest reads (search, cities, postings, the resume
// board). An entry lives a second at most, and any successful write empties the cache of every
// instance before its answer leaves (integrations/write-bus), so a reader sees their own change at once
// wherever their next request lands. Routes opt
// in with `config: { cache: 'public' }` (same answer for everyone) or `'per-session'` (keyed by the
// caller's token as well). A hit answers before the query string is even parsed.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { WriteBus } from '../integrations/write-bus/write-bus.js';

export interface CacheRouteConfig {
  cache?: 'public' | 'per-session';
  /** Writes that change nothing a cached answer shows (visit counters) leave the cache alone. */
  keepsCache?: boolean;
}

interface Entry {
  body: string;
  headers: Record<string, string>;
  etag?: string;
  expires: number;
}

const KEPT_HEADERS = ['content-type', 'cache-control', 'etag'] as const;

export function registerResponseCache(
  app: FastifyInstance,
  options: { ttlMs: number; maxEntries?: number; writes: WriteBus },
): void {
  if (options.ttlMs <= 0) return;
  const maxEntries = options.maxEntries ?? 5000;
  const entries = new Map<string, Entry>();
  // A write through any instance empties every instance's entries (WriteBus), and starts a new
  // generation: an answer read while a write went through may be older than the write, so it is
  // sent but not kept.
  let generation = 0;
  const startedIn = new WeakMap<FastifyRequest, number>();
  options.writes.onWrite(() => {
    entries.clear();
    generation++;
  });
  const configOf = (request: FastifyRequest) => request.routeOptions.config as CacheRouteConfig | undefined;
  const keyOf = (request: FastifyRequest, mode: 'public' | 'per-session') =>
    mode === 'public' ? request.url : `${request.headers.authorization ?? ''} ${request.url}`;

  // Hooks are attached only to the routes that take part, so every other request pays nothing.
  const serveFromCache: onRequestHookHandler = (request, reply, done) => {
    const mode = configOf(request)?.cache;
    if (request.method !== 'GET' || !mode) return done();
    startedIn.set(request, generation);
    // A caller that asks for a fresh answer (a hard reload, a page about to be kept) gets one.
    if (request.headers['cache-control']?.includes('no-cache')) return done();
    const hit = entries.get(keyOf(request, mode));
    if (!hit || hit.expires <= Date.now()) return done();
    void reply.headers(hit.headers);
    if (hit.etag && request.headers['if-none-match'] === hit.etag) void reply.code(304).send();
    else void reply.send(hit.body);
  };

  const remember: onSendHookHandler = (request, reply, payload, done) => {
    const mode = configOf(request)?.cache;
    const current = startedIn.get(request) === generation;
    if (request.method === 'GET' && mode && current && reply.statusCode === 200 && typeof payload === 'string') {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(keyOf(request, mode), {
        body: payload,
        headers,
        etag: headers.etag,
        expires: Date.now() + options.ttlMs,
      });
    }
    done(null, payload);
  };

  // Before the answer leaves (onSend), so the next request, to any instance, finds nothing older.
  const forgetAfterWrite: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    options.writes.announce().then(
      () => done(null, payload),
      () => done(null, payload),
    );
  };

  app.addHook('onRoute', (route) => {
    const config = route.config as CacheRouteConfig | undefined;
    const methods = [route.method].flat();
    if (config?.cache && methods.includes('GET')) {
      route.onRequest = [serveFromCache, ...(route.onRequest ? [route.onRequest].flat() : [])];
      // After the route's own hooks, so what is kept carries the headers they set (an ETag).
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), remember];
    } else if (!config?.keepsCache && methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), forgetAfterWrite];
    }
  });
}
