// A cache of whole answers for the hottest reads (search, cities, feeds, postings, the resume board),
// kept by version (docs/decisions/012-one-freshness-story.md): each request reads its answer's version
// (http/answer-versions.ts: versions the database moves itself, in each write's own transaction), a
// read the requests of one event-loop turn share, and is answered from the cache only by an answer
// made at that version. So a write through any instance or command makes stale exactly the answers it
// changes, with nothing sent between instances: at once on the instance that wrote it (its writes
// forget the turn's reads before they answer), and on the others from their next turn. The version is
// read before the answer is made, so an answer read while a write went through is kept at the older
// version and never served after it. What the clock changes with no write (a posting expiring, a
// subscription's period ending) ends an answer by the moment its version carries; RESPONSE_CACHE_MS
// (a minute) is the longest any answer is kept.
//
// Routes opt in with `config: { cache: 'public' }` (same answer for everyone) or `'per-session'`
// (keyed by the caller's token as well), and must have a reader in ANSWER_VERSIONS.
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { Deps } from '../deps.js';
import type { Metrics } from '../integrations/metrics/metrics.js';
import { BoundedCache } from '../lib/bounded-cache.js';
import { TurnMemo } from '../lib/turn-memo.js';
import type { AnswerVersion } from '../features/job-board/service.js';
import { ANSWER_VERSIONS, type AnswerVersionReader } from './answer-versions.js';

export interface CacheRouteConfig {
  cache?: 'public' | 'per-session';
}

interface Entry {
  body: string;
  headers: Record<string, string>;
  etag?: string;
  version: string;
  expires: number;
}

const KEPT_HEADERS = ['content-type', 'cache-control', 'etag'] as const;

export function registerResponseCache(
  app: FastifyInstance,
  deps: Deps,
  options: {
    ttlMs: number;
    maxEntries?: number;
    versions?: Readonly<Record<string, AnswerVersionReader>>;
    /** Told of each lookup, for /metrics. */
    countLookup?: Metrics['countCacheLookup'];
  },
): void {
  if (options.ttlMs <= 0) return;
  const versions = options.versions ?? ANSWER_VERSIONS;
  const entries = new BoundedCache<string, Entry>(options.maxEntries ?? 5000);
  /** The version each cacheable request read before its answer was made. */
  const versionRead = new WeakMap<FastifyRequest, AnswerVersion>();
  /** The versions read in this event-loop turn, shared by its requests (lib/turn-memo.ts). */
  const turn = new TurnMemo<Promise<AnswerVersion | null>>();
  /** A write through this instance forgets them before it answers, so its writer's next read sees it. */
  const forgetReads: onSendHookHandler = (_request, _reply, payload, done) => {
    turn.forget();
    done(null, payload);
  };
  const keyOf = (request: FastifyRequest, mode: 'public' | 'per-session') =>
    mode === 'public' ? request.url : `${request.headers.authorization ?? ''} ${request.url}`;

  // Hooks are attached only to the routes that take part, so every other request pays nothing.
  const serveFromCache =
    (mode: 'public' | 'per-session', readVersion: AnswerVersionReader): onRequestHookHandler =>
    (request, reply, done) => {
      if (request.method !== 'GET') return done();
      readVersion(deps, request, turn).then(
        (version) => {
          if (version === null) return done();
          versionRead.set(request, version);
          // A caller that asks for a fresh answer (a hard reload, a page about to be kept) gets one.
          if (request.headers['cache-control']?.includes('no-cache')) return done();
          const hit = entries.get(keyOf(request, mode));
          const fresh = hit !== undefined && hit.version === version.tag && hit.expires > deps.clock.now();
          options.countLookup?.('answers', fresh);
          if (!fresh || !hit) return done();
          void reply.headers(hit.headers);
          if (hit.etag && request.headers['if-none-match'] === hit.etag) void reply.code(304).send();
          else void reply.send(hit.body);
        },
        // A version that cannot be read (a malformed id, the database away): the route answers.
        () => done(),
      );
    };

  const remember =
    (mode: 'public' | 'per-session'): onSendHookHandler =>
    (request, reply, payload, done) => {
      const version = versionRead.get(request);
      if (version !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (typeof value === 'string') headers[name] = value;
        }
        const now = deps.clock.now();
        entries.set(keyOf(request, mode), {
          body: payload,
          headers,
          etag: headers.etag,
          version: version.tag,
          expires: Math.min(version.validUntil, now + options.ttlMs),
        });
      }
      done(null, payload);
    };

  app.addHook('onRoute', (route) => {
    if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) {
      route.onSend = [forgetReads, ...(route.onSend ? [route.onSend].flat() : [])];
    }
    const mode = (route.config as CacheRouteConfig | undefined)?.cache;
    if (!mode || ![route.method].flat().includes('GET')) return;
    const readVersion = versions[route.url];
    if (!readVersion) throw new Error(`${route.url} is cached but has no version in http/answer-versions.ts`);
    route.onRequest = [serveFromCache(mode, readVersion), ...(route.onRequest ? [route.onRequest].flat() : [])];
    // After the route's own hooks, so what is kept carries the headers they set (an ETag).
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), remember(mode)];
  });
}
