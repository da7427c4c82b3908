// The server's Prometheus instruments in one registry, made once by main.ts (tests make their own) and
// handed to what records them: the app's response hook, the database's query log, the alert sender.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LogEvent, RootOperationNode } from 'kysely';
import { RequestDurations } from './request-durations.js';

/** Unsent mail in the outbox, as the mail integration reads it. */
interface OutboxBacklog {
  unsent: number;
  /** When the oldest unsent mail was stored (epoch ms); null when there is none. */
  oldestCreatedAt: number | null;
}

/** The caches a request looks in before it does the work: answers (http/response-cache.ts), rendered pages. */
type CacheName = 'answers' | 'pages';

type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

export interface Metrics {
  /** prom-client's registry: every metric but the answer times, which scrape() adds. */
  readonly registry: Registry;
  /** Answer times by route pattern (never the raw URL), method and status code. */
  readonly httpRequestDuration: RequestDurations;
  readonly dbQueryDuration: Histogram<'kind'>;
  /** 429 answers by the limit that refused (the first part of its counter's key: login, register, …). */
  readonly rateLimitRefusals: Counter<'limit'>;
  /** A read looked in one of the kept-answer caches and found what it needed there, or not. */
  countCacheLookup(cache: CacheName, hit: boolean): void;
  /** Kysely's `log` option: times each query (and each failed one) by its statement kind. */
  logQuery(event: LogEvent): void;
  /** How the outbox gauges read the backlog, at each scrape. */
  readOutboxWith(read: () => Promise<OutboxBacklog>): void;
  /** The job-alert sender finished a round; the lag gauge counts from here. */
  alertRoundCompleted(): void;
  /** Everything, in Prometheus text format (the registry's content type). */
  scrape(): Promise<string>;
}

const KIND_BY_NODE: Partial<Record<RootOperationNode['kind'], QueryKind>> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

const RAW_KIND = /^\s*(select|insert|update|delete)\b/i;

/** A query's statement kind: from the query builder's node, or the first word of a raw statement. */
export function queryKind(event: LogEvent): QueryKind {
  const node = event.query.query;
  const kind = KIND_BY_NODE[node.kind];
  if (kind) return kind;
  if (node.kind !== 'RawNode') return 'other';
  return (RAW_KIND.exec(event.query.sql)?.[1]?.toLowerCase() as QueryKind | undefined) ?? 'other';
}

export function createMetrics(options: { now?: () => number; processMetrics?: boolean } = {}): Metrics {
  const { now = Date.now, processMetrics = true } = options;
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const httpRequestDuration = new RequestDurations([0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  const dbQueryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database query time by statement kind (select, insert, update, delete, other)',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429, by the rate limit that refused them',
    labelNames: ['limit'] as const,
    registers: [registry],
  });

  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups in the kept answers and rendered pages, by cache and outcome (hit: served from it)',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
  });
  // The children are bound once: a lookup is on the hottest path, and a labelled inc hashes its labels.
  const lookupCounters = {
    answers: { hit: cacheLookups.labels('answers', 'hit'), miss: cacheLookups.labels('answers', 'miss') },
    pages: { hit: cacheLookups.labels('pages', 'hit'), miss: cacheLookups.labels('pages', 'miss') },
  };

  // Both outbox gauges are collected at once at each scrape: they share one read of the database.
  let readOutbox: (() => Promise<OutboxBacklog>) | undefined;
  let reading: Promise<OutboxBacklog | null> | undefined;
  const readBacklog = () =>
    (reading ??= (readOutbox ? readOutbox() : Promise.resolve(null))
      // A scrape still answers (process metrics, request times) while the database is away.
      .catch(() => null)
      .finally(() => (reading = undefined)));
  new Gauge({
    name: 'mail_outbox_unsent',
    help: 'Mails stored in the outbox and not yet sent (NaN when the database could not be read)',
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      this.set(backlog ? backlog.unsent : Number.NaN);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest unsent mail in the outbox, 0 when there is none (NaN when the database could not be read)',
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      if (!backlog) this.set(Number.NaN);
      else this.set(backlog.oldestCreatedAt === null ? 0 : Math.max(0, now() - backlog.oldestCreatedAt) / 1000);
    },
  });

  // Until a first round completes the lag counts from start-up, so a sender that never completes shows.
  let lastRoundAt = now();
  new Gauge({
    name: 'job_alert_sender_lag_seconds',
    help: 'Seconds since the job-alert sender last completed a round (it runs hourly; since start-up before the first)',
    registers: [registry],
    collect() {
      this.set((now() - lastRoundAt) / 1000);
    },
  });

  return {
    registry,
    httpRequestDuration,
    dbQueryDuration,
    rateLimitRefusals,
    countCacheLookup(cache, hit) {
      lookupCounters[cache][hit ? 'hit' : 'miss'].inc();
    },
    logQuery(event) {
      dbQueryDuration.observe({ kind: queryKind(event) }, event.queryDurationMillis / 1000);
    },
    readOutboxWith(read) {
      readOutbox = read;
    },
    alertRoundCompleted() {
      lastRoundAt = now();
    },
    async scrape() {
      return `${await registry.metrics()}\n${httpRequestDuration.text()}`;
    },
  };
}
