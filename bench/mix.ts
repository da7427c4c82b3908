// `npm run bench:mix`: reads and writes together, as the site meets them. 50 connections read, each
// request drawn at random from the read mix below (keys at random from thousands), first alone, then
// while writes arrive at a fixed rate beside them (MIX_WRITES_PER_SECOND, in the shares below,
// through the real routes with real sessions, each person from an address of their own), then alone
// again; the report sets the reads with writes against the mean of the reads alone before and after
// them (the machine's drift cancelled), gives each write kind's answer times, the CPU the servers and
// the generator used, and how often a read met each cache (cache_lookups_total on the servers'
// /metrics). It runs on one instance over the generated SQLite file, and with
// BENCH_DATABASE_URL=postgres://… on one instance and on two behind nginx (deploy/nginx.conf, as
// `npm run test:cluster` runs it) over PostgreSQL.
//
// BENCH_SECONDS (default 10) is each measured phase's length; BENCH_PORT (default 4100) the first of
// five ports (four instances and nginx; the instances' metrics ports are ten above);
// BENCH_REDIS_URL=redis://…/N (a database other than 0, emptied before and after) gives the two
// instances one set of rate-limit counters, as several machines have them (docs/OPERATIONS.md);
// without it each counts its own. MIX_JOBS (default 100,000) and MIX_RESUMES (a fifth of the jobs)
// size the dataset; MIX_TOPOLOGIES (sqlite, pg, pg-two, comma-separated; default all) runs only those
// named, as when two builds of the server are run in turn on one. The writes' rate limits stay on:
// the writes are spread over enough people that none reaches a limit in a run, and each person
// writes from a loopback address of their own, which the single instance sees as the connection's
// address and the two behind nginx as the X-Forwarded-For entry nginx adds (TRUST_PROXY=1, as
// deploy/nginx.conf asks).
//
// Pinning, on a machine with two cores: the load generator on LOAD_CORE; every server process on
// SERVER_CORE, the two instances and nginx included, so the two-instance figures are what a second
// instance and a proxy cost on the same CPU, not what a second core would add; nginx runs one worker
// there, as its `worker_processes auto` gives on a machine of one core. PostgreSQL runs where
// the kernel puts it, as for the single instance on it. In the generator the writer has a thread and
// an event loop of its own (bench/mix-writer.mjs): sharing the read connections' loop, it sent the
// writes seconds late on a slower machine, and the write figures measured the generator.
//
// Connections, as browsers hold them: each person's connection is opened before the writes begin, and
// their writes go over it, as a save goes over the connection its page was loaded on. Visitors who
// arrive meanwhile, each on a new connection, ask for a posting every ARRIVAL_EVERY_MS and are
// reported apart: a busy Node server takes one new connection a turn of its event loop, so what they
// wait is what a new visitor meets. With every write on a new connection, 100 a second queued for
// seconds to be taken while the server spent 2 ms on each. Each write's time in the server (its
// answer's time on /metrics, on average and by route) is reported beside the time the writer saw,
// and the writes' time added up as a share of the servers' time: what they took from the reads.
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AGE_GROUPS,
  ALERT_FREQUENCIES,
  CITIES,
  COUNTRY_VALUES,
  PAGE_SIZE,
  type ApplyInput,
  type JobAlertCreate,
  type JobClick,
  type JobDetails,
  type JobTime,
} from '@teacheast/shared';
import type { Database } from '../apps/server/src/db/schema.js';
import { createRandom, type Random } from '../apps/server/src/demo/factories.js';
import { startMailbox, type Mailbox } from '../e2e/mailbox.js';
import { cleanUp, flushRedisDatabase, nextSourceAddress, startNginx } from '../scripts/cluster-parts.js';
import { generateDataset, type DatasetInfo } from './dataset.js';
import {
  AS_BROWSERS,
  cityAgeGroupPaths,
  jobRecordPaths,
  keywordPaths,
  LIST_PAGES,
  listPage1Paths,
  listPagesPaths,
  postingPagePaths,
  sampleLiveJobIds,
  searchPagePaths,
} from './keys.js';
import { CONNECTIONS, runLoad, writeLoadSpec } from './load-client.js';
import { addMixActors, type Actor, type MixActors, type MixCast } from './mix-dataset.js';
import { copyJobsToPostgres } from './postgres.js';
import {
  assertPortFree,
  assertRunning,
  hasTaskset,
  LOAD_CORE,
  pinned,
  root,
  SERVER_CORE,
  startProcess,
  stopProcess,
  timestamp,
  waitForHttp,
  waitUntilIdle,
} from './processes.js';
import { buildForServing, SERVER_ARGS, serverEnv } from './servers.js';

// ---------------------------------------------------------------- the mix

interface ReadContext {
  data: DatasetInfo;
  /** Live jobs: the job records and postings read, and the jobs the writes save, open and apply to. */
  jobIds: string[];
}

/** What the read connections ask for: each kind's share of the reads, and its keys. */
const READ_MIX = [
  { name: 'list-1', title: 'list page 1, every country', share: 0.15, keys: () => listPage1Paths() },
  { name: 'list-pages', title: `list pages 1–${LIST_PAGES}, japan`, share: 0.1, keys: listPages },
  {
    name: 'list-city',
    title: 'list city + age group, page 1',
    share: 0.1,
    keys: (c: ReadContext) => cityAgeGroupPaths(c.data),
  },
  { name: 'keywords', title: 'keyword search, two words', share: 0.1, keys: (c: ReadContext) => keywordPaths(c.data) },
  { name: 'job', title: 'job record /api/job/{uuid}', share: 0.25, keys: (c: ReadContext) => jobRecordPaths(c.jobIds) },
  {
    name: 'search-page',
    title: 'rendered search /jobs?country=C&page=1–50',
    share: 0.1,
    keys: searchPagePaths,
    headers: AS_BROWSERS,
  },
  {
    name: 'posting-page',
    title: 'rendered posting /posting/{uuid}',
    share: 0.2,
    keys: (c: ReadContext) => postingPagePaths(c.jobIds),
    headers: AS_BROWSERS,
  },
] as const satisfies readonly {
  name: string;
  title: string;
  share: number;
  keys: (c: ReadContext) => string[];
  /** Pages are asked for as browsers ask (bench/run.ts reads them so too). */
  headers?: Readonly<Record<string, string>>;
}[];

/** The paced writes: each kind's share of MIX_WRITES_PER_SECOND. */
const WRITE_MIX = [
  { kind: 'save', title: 'save a live job, by one of many users', share: 0.3 },
  { kind: 'unsave', title: 'unsave a job saved before', share: 0.15 },
  { kind: 'click', title: 'a posting opened (visit counted)', share: 0.25 },
  { kind: 'time', title: 'time spent on a posting', share: 0.15 },
  { kind: 'apply', title: 'an application, by a teacher with a published resume', share: 0.08 },
  { kind: 'alert', title: 'a job alert made by a logged-in user', share: 0.07 },
] as const;
type PacedKind = (typeof WRITE_MIX)[number]['kind'];

/**
 * Besides the paced writes, an employer edits a live posting or publishes a draft, in turn, this
 * often; twice a run in runs shorter than twice this, so that each run has one of each.
 */
const EMPLOYER_EVERY_SECONDS = 3;
const employerEveryMs = (seconds: number) => Math.min(EMPLOYER_EVERY_SECONDS, seconds / 2) * 1000;

/** The acceptance targets. */
const TARGETS = {
  minWritesPerSecond: 100,
  /** Read throughput with the writes, of the read-only mix's. */
  minReadRatio: 0.8,
  maxReadP99Ms: 50,
  maxSaveP99Ms: 50,
  /** A write's p99 with two instances, of its p99 with one (both on PostgreSQL). */
  maxWriteP99OfOne: 1.5,
};
/** A write kind with fewer answers than this in a phase has no p99 worth comparing. */
const MIN_ANSWERS_TO_JUDGE = 20;

// ---------------------------------------------------------------- settings

const startedAt = Date.now();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
/** How long a server just started is driven before anything of it is measured (bench/run.ts says why). */
const SETTLE_SECONDS = 3;
const WRITES_PER_SECOND = Number(process.env.MIX_WRITES_PER_SECOND ?? 100);
const JOBS = Number(process.env.MIX_JOBS ?? 100_000);
const RESUMES = Number(process.env.MIX_RESUMES ?? Math.round(JOBS / 5));
const PG_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
const ONLY = process.env.MIX_TOPOLOGIES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4100);
const PORTS = {
  sqlite: FIRST_PORT,
  pg: FIRST_PORT + 1,
  pgA: FIRST_PORT + 2,
  pgB: FIRST_PORT + 3,
  nginx: FIRST_PORT + 4,
};
const metricsPortOf = (port: number) => port + 10;
const origin = (port: number) => `http://127.0.0.1:${port}`;
/** Visitors arriving on a new connection, asking for a posting, while the writes go on: one every this. */
const ARRIVAL_EVERY_MS = 200;
/** Loopback addresses the anonymous visits (clicks, time) come from: a crowd, not one address. */
const VISITORS = 2000;
/** Savers in each topology's cast, at least: saves are spread over many users. */
const MIN_SAVERS = 1000;
/** Live postings of the employer's, edited in turn. */
const EMPLOYER_LIVE_JOBS = 5;
/** The tables the servers read and the writes need, copied to PostgreSQL in this order. */
const COPIED_TABLES: readonly (keyof Database)[] = [
  'users',
  'jobs',
  'job_images',
  'favorites',
  'job_metrics_daily',
  'resumes',
  'sessions',
  'subscriptions',
  'expiry_notices',
];

/** Deep list pages: keys.ts's, or as many as a smaller dataset (MIX_JOBS) has. */
function listPages(c: ReadContext): string[] {
  const pages = Math.floor(c.data.liveJobIds.japan.length / PAGE_SIZE);
  if (pages >= LIST_PAGES) return listPagesPaths(c.data);
  // A smaller dataset (MIX_JOBS) has fewer pages than keys.ts asks for: the ones it has, as keys.ts writes them.
  return Array.from({ length: pages }, (_, i) => `/api/filter-jobs?country=japan&page=${i + 1}`);
}

// ---------------------------------------------------------------- the writes

interface WriteRequest {
  kind: PacedKind | 'edit' | 'publish' | 'arrival';
  method: 'POST' | 'GET';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The loopback address it is sent from: the person's own. */
  from: string;
}

interface WriteScripts {
  paced: WriteRequest[];
  /** The employer's events, one list per run: each starts with an edit, then a publication, in turn. */
  timed: WriteRequest[][];
}

const bearer = (actor: Actor) => ({ authorization: `Bearer ${actor.token}` });
const jsonHeaders = (actor?: Actor) => ({ 'content-type': 'application/json', ...(actor ? bearer(actor) : {}) });

/** `count` kinds in their shares, spread evenly (smooth weighted round robin): any stretch keeps the shares. */
function kindSequence(count: number): PacedKind[] {
  const credit = WRITE_MIX.map(() => 0);
  const kinds: PacedKind[] = [];
  for (let n = 0; n < count; n++) {
    WRITE_MIX.forEach((w, i) => (credit[i]! += w.share));
    let best = 0;
    credit.forEach((c, i) => (best = c > credit[best]! ? i : best));
    credit[best]! -= 1;
    kinds.push(WRITE_MIX[best]!.kind);
  }
  return kinds;
}

/**
 * A topology's writes, made before its runs: `paced` requests in the shares of WRITE_MIX and the
 * employer's events for each run. Each person keeps one address; no application, save or unsave
 * repeats.
 */
function writeScripts(
  cast: MixActors,
  jobIds: readonly string[],
  visitors: readonly string[],
  counts: { paced: number; timed: readonly number[] },
  r: Random,
): WriteScripts {
  const address = new Map<string, string>();
  const from = (actor: Actor) => address.get(actor.id) ?? address.set(actor.id, nextSourceAddress()).get(actor.id)!;
  const taken = new Set<string>();
  const freshPair = (actor: Actor, exclude: readonly string[] = []) => {
    for (;;) {
      const jobId = r.pick(jobIds);
      const key = `${actor.id} ${jobId}`;
      if (!taken.has(key) && !exclude.includes(jobId)) {
        taken.add(key);
        return jobId;
      }
    }
  };
  const savedBefore = cast.savers.flatMap((saver) => saver.saved.map((jobId) => ({ saver, jobId })));
  const unsaves = r.some(savedBefore, savedBefore.length);
  let applications = 0;
  let alerts = 0;
  const make: Record<PacedKind, () => WriteRequest> = {
    save: () => {
      const saver = r.pick(cast.savers);
      const jobId = freshPair(saver, saver.saved);
      return {
        kind: 'save',
        method: 'POST',
        path: `/api/favorites/${saver.id}/${jobId}`,
        headers: bearer(saver),
        from: from(saver),
      };
    },
    unsave: () => {
      const next = unsaves.pop();
      if (!next) throw new Error('the cast has too few saved jobs for the unsaves');
      const { saver, jobId } = next;
      return {
        kind: 'unsave',
        method: 'POST',
        path: `/api/favorites/remove/${saver.id}/${jobId}`,
        headers: bearer(saver),
        from: from(saver),
      };
    },
    click: () => ({
      kind: 'click',
      method: 'POST',
      path: '/api/job/clicks',
      headers: jsonHeaders(),
      body: JSON.stringify({ uuid: r.pick(jobIds) } satisfies JobClick),
      from: r.pick(visitors),
    }),
    time: () => ({
      kind: 'time',
      method: 'POST',
      path: '/api/job/time',
      headers: jsonHeaders(),
      body: JSON.stringify({ uuid: r.pick(jobIds), timeSpent: r.int(5, 900) } satisfies JobTime),
      from: r.pick(visitors),
    }),
    apply: () => {
      const teacher = cast.teachers[applications++ % cast.teachers.length]!;
      return {
        kind: 'apply',
        method: 'POST',
        path: `/api/jobs/${freshPair(teacher)}/applications`,
        headers: jsonHeaders(teacher),
        body: JSON.stringify({
          coverLetter: 'I have taught English for three years and would love to join your school.',
        } satisfies ApplyInput),
        from: from(teacher),
      };
    },
    alert: () => {
      const user = cast.alertUsers[alerts++ % cast.alertUsers.length]!;
      const country = r.pick(COUNTRY_VALUES);
      const alert: JobAlertCreate = { country, frequency: r.pick(ALERT_FREQUENCIES) };
      if (r.next() < 0.5) alert.ageGroup = r.pick(AGE_GROUPS);
      if (r.next() < 0.3) alert.city = r.pick(CITIES[country]);
      return {
        kind: 'alert',
        method: 'POST',
        path: '/api/job-alerts',
        headers: jsonHeaders(user),
        body: JSON.stringify(alert),
        from: from(user),
      };
    },
  };
  const paced = kindSequence(counts.paced).map((kind) => make[kind]());

  const employer = cast.employer;
  const drafts = [...employer.drafts];
  const edits = new Map<string, number>();
  let edited = 0;
  const employerEvent = (n: number): WriteRequest => {
    const draft = n % 2 === 1 ? drafts.shift() : undefined;
    if (draft) {
      return {
        kind: 'publish',
        method: 'POST',
        path: `/api/job/publish/${draft}/${employer.id}`,
        headers: bearer(employer),
        from: from(employer),
      };
    }
    const job = employer.live[edited++ % employer.live.length]!;
    const times = (edits.get(job.id) ?? 0) + 1;
    edits.set(job.id, times);
    // The pay changes back and forth: a change every tile and posting of the job shows.
    const pay =
      times % 2 === 1
        ? (job.details.pay ? `${job.details.pay} + housing` : 'Competitive').slice(0, 80)
        : job.details.pay;
    return {
      kind: 'edit',
      method: 'POST',
      path: `/api/jobs/details/${job.id}/${employer.id}`,
      headers: jsonHeaders(employer),
      body: JSON.stringify({ ...job.details, pay } satisfies JobDetails),
      from: from(employer),
    };
  };
  const timed = counts.timed.map((count) => Array.from({ length: count }, (_, n) => employerEvent(n)));
  return { paced, timed };
}

/** Visitors who arrive during `seconds`, each from an address of their own: a posting, as a browser asks. */
function arrivals(jobIds: readonly string[], seconds: number, r: Random): WriteRequest[] {
  return Array.from({ length: Math.ceil((seconds * 1000) / ARRIVAL_EVERY_MS) + 1 }, () => ({
    kind: 'arrival',
    method: 'GET',
    path: `/posting/${r.pick(jobIds)}`,
    headers: { ...AS_BROWSERS },
    from: nextSourceAddress(),
  }));
}

/** How many writes a topology sends: its warm-up's and its measured phase's. */
function writeCounts(seconds: number) {
  return {
    paced: Math.ceil(WRITES_PER_SECOND * seconds) + 5,
    timed: Math.ceil((seconds * 1000) / employerEveryMs(seconds)) + 1,
  };
}

/** The people a topology's writes need, from the writes it sends. */
function castFor(): MixCast {
  const warm = writeCounts(WARM_UP_SECONDS);
  const measured = writeCounts(SECONDS);
  const paced = warm.paced + measured.paced;
  const timed = warm.timed + measured.timed;
  // Every other event publishes; each run's list starts over with an edit.
  const of = (kind: PacedKind) => Math.ceil(paced * WRITE_MIX.find((w) => w.kind === kind)!.share) + 2;
  return {
    savers: Math.max(MIN_SAVERS, of('save') + of('unsave')),
    // One application and one alert each: far inside their hourly and daily limits.
    teachers: of('apply'),
    alertUsers: of('alert'),
    liveJobs: EMPLOYER_LIVE_JOBS,
    drafts: Math.ceil(timed / 2) + 2,
  };
}

// ---------------------------------------------------------------- the generator

interface Figures {
  count: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  statusCodes: Record<string, number>;
  errors: number;
  problems?: string[];
}

interface MixResult {
  reads: {
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodes: Record<string, number>;
    groups: Record<string, Figures>;
  };
  writes: {
    seconds: number;
    sent: number;
    perSecond: number;
    unanswered: number;
    scriptLeft: number;
    heldBack: number;
    lateP99Ms: number | null;
    lateMaxMs: number | null;
    all: Figures;
    /** Visitors' first requests, each on a new connection. */
    arrivals: Figures;
    kinds: Record<string, Figures>;
  } | null;
  /** The cores the generator and the servers used while the reads ran. */
  cpu: { seconds: number; generator: number; servers: number };
}

interface MixSpec {
  connections: number;
  reads: { name: string; share: number; paths: string[]; headers?: Readonly<Record<string, string>> }[];
  writes: {
    perSecond: number;
    paced: WriteRequest[];
    everyMs: number;
    timed: WriteRequest[];
    arrivals: { everyMs: number; requests: WriteRequest[] };
  } | null;
  /** The server processes whose CPU the generator reports. */
  serverPids?: number[];
}

const generator = path.join(root, 'bench/mix-load.mjs');
const generators = new Set<ChildProcess>();

/** One run of the mixed load against `target` for `seconds`, in a process on the load core. */
function runMix(work: string, name: string, spec: MixSpec, target: string, seconds: number): Promise<MixResult> {
  const specFile = path.join(work, `mix-${name}.json`);
  fs.writeFileSync(specFile, JSON.stringify(spec));
  const [command, args] = pinned(LOAD_CORE, process.execPath, [generator, specFile, target, String(seconds)]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    generators.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      generators.delete(child);
      if (code !== 0) return reject(new Error(`the mix generator exited with ${code}: ${err.trim()}`));
      try {
        resolve(JSON.parse(out) as MixResult);
      } catch {
        reject(new Error(`the mix generator printed ${out.trim()}`));
      }
    });
  });
}

// ---------------------------------------------------------------- the caches

type CacheName = 'answers' | 'pages';
const CACHES: readonly CacheName[] = ['answers', 'pages'];
type Lookups = Record<CacheName, { hit: number; miss: number } | null>;

interface CacheFigures {
  lookups: number;
  hits: number;
  /** Hits of the lookups. */
  hitRatio: number | null;
  /** Hits of the reads answered: how often a read was answered from this cache. */
  hitsPerRead: number | null;
}

interface Scraped {
  lookups: Lookups;
  /**
   * http_request_duration_seconds by method and route ("POST /api/job/clicks"), added up over the
   * instances: the time requests spent in the servers.
   */
  answers: Map<string, Totals>;
  /** nodejs_gc_duration_seconds, added up over the kinds and the instances: the collectors' time. */
  gcSeconds: number;
  /** The major collections (mark-compact) the instances have made, and their time. */
  majors: { count: number; seconds: number };
  /**
   * The longest an instance's event loop was late since the last scrape (prom-client's
   * nodejs_eventloop_lag_max_seconds, whose histogram each scrape starts again), in ms.
   */
  loopLateMaxMs: number;
  /** db_query_duration_seconds by statement kind (select, insert, …), added up over the instances. */
  statements: Map<string, Totals>;
}

/** A histogram's time (its _sum) and count (its _count), added up over the instances. */
interface Totals {
  seconds: number;
  count: number;
}

/** Adds one of a histogram's samples, its _sum (`part` 'sum') or its _count, to `key`'s totals. */
function addTotal(totals: Map<string, Totals>, key: string, part: string, value: number): void {
  const total = totals.get(key) ?? totals.set(key, { seconds: 0, count: 0 }).get(key)!;
  total[part === 'sum' ? 'seconds' : 'count'] += value;
}

/** cache_lookups_total and the answers' times of every instance, added up; null for a cache no instance reports. */
async function scrapeMetrics(metricsPorts: readonly number[]): Promise<Scraped> {
  const lookups: Lookups = { answers: null, pages: null };
  const answers: Scraped['answers'] = new Map();
  let gcSeconds = 0;
  const majors = { count: 0, seconds: 0 };
  let loopLateMaxMs = 0;
  const statements: Scraped['statements'] = new Map();
  const labelsOf = (text: string) =>
    Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  for (const port of metricsPorts) {
    const text = await (await fetch(`${origin(port)}/metrics`)).text();
    for (const line of text.split('\n')) {
      const answered = /^http_request_duration_seconds_(sum|count)\{([^}]*)\}\s+(\S+)/.exec(line);
      if (answered) {
        const { method, route } = labelsOf(answered[2]!);
        addTotal(answers, `${method} ${route}`, answered[1]!, Number(answered[3]));
        continue;
      }
      const queried = /^db_query_duration_seconds_(sum|count)\{([^}]*)\}\s+(\S+)/.exec(line);
      if (queried) {
        addTotal(statements, labelsOf(queried[2]!).kind!, queried[1]!, Number(queried[3]));
        continue;
      }
      const collected = /^nodejs_gc_duration_seconds_(sum|count)\{([^}]*)\}\s+(\S+)/.exec(line);
      if (collected) {
        const major = labelsOf(collected[2]!).kind === 'major';
        if (collected[1] === 'sum') gcSeconds += Number(collected[3]);
        if (major) majors[collected[1] === 'sum' ? 'seconds' : 'count'] += Number(collected[3]);
        continue;
      }
      const late = /^nodejs_eventloop_lag_max_seconds\s+(\S+)/.exec(line);
      if (late) {
        loopLateMaxMs = Math.max(loopLateMaxMs, Number(late[1]) * 1000);
        continue;
      }
      const match = /^cache_lookups_total\{([^}]*)\}\s+(\S+)/.exec(line);
      if (!match) continue;
      const labels = labelsOf(match[1]!);
      const cache = labels.cache as CacheName;
      const outcome = labels.outcome;
      if (!CACHES.includes(cache) || (outcome !== 'hit' && outcome !== 'miss')) continue;
      const counts = (lookups[cache] ??= { hit: 0, miss: 0 });
      counts[outcome] += Number(match[2]);
    }
  }
  return { lookups, answers, gcSeconds, majors, loopLateMaxMs, statements };
}

/**
 * The time the answers of `method` spent in the servers, from each one's arrival to its answer,
 * between two scrapes: by route (count and mean), and their mean and sum over all routes.
 */
function serverTimes(before: Scraped, after: Scraped, method: 'GET' | 'POST'): ServerTimes {
  const routes: ServerTimes['routes'] = {};
  let seconds = 0;
  let count = 0;
  for (const [key, a] of after.answers) {
    if (!key.startsWith(`${method} `)) continue;
    const route = key.slice(method.length + 1);
    const b = before.answers.get(key) ?? { seconds: 0, count: 0 };
    if (a.count === b.count) continue;
    routes[route] = { count: a.count - b.count, meanMs: ((a.seconds - b.seconds) / (a.count - b.count)) * 1000 };
    seconds += a.seconds - b.seconds;
    count += a.count - b.count;
  }
  return { meanMs: count > 0 ? (seconds / count) * 1000 : null, seconds, routes };
}

/** The statements' times by kind between two scrapes. */
function statementTimes(before: Scraped, after: Scraped): Phase['statements'] {
  const kinds: Phase['statements'] = {};
  for (const [kind, a] of after.statements) {
    const b = before.statements.get(kind) ?? { seconds: 0, count: 0 };
    const count = a.count - b.count;
    if (count === 0) continue;
    const seconds = a.seconds - b.seconds;
    kinds[kind] = { count, meanMs: (seconds / count) * 1000, seconds };
  }
  return kinds;
}

interface ServerTimes {
  /** The mean over every answer, in ms. */
  meanMs: number | null;
  /** Their times added up, over the instances: the servers' time the answers took, waits included. */
  seconds: number;
  /** By route pattern: how many were answered, and their mean in ms. */
  routes: Record<string, { count: number; meanMs: number }>;
}

function cacheFigures(before: Lookups, after: Lookups, reads: number): Record<CacheName, CacheFigures | null> {
  const figures = {} as Record<CacheName, CacheFigures | null>;
  for (const cache of CACHES) {
    const [b, a] = [before[cache], after[cache]];
    if (!a) {
      figures[cache] = null;
      continue;
    }
    const hits = a.hit - (b?.hit ?? 0);
    const lookups = hits + a.miss - (b?.miss ?? 0);
    figures[cache] = {
      lookups,
      hits,
      hitRatio: lookups > 0 ? hits / lookups : null,
      hitsPerRead: reads > 0 ? hits / reads : null,
    };
  }
  return figures;
}

// ---------------------------------------------------------------- topologies

interface Topology {
  name: 'sqlite' | 'pg' | 'pg-two';
  title: string;
  instances: { name: string; port: number }[];
  databaseUrl: () => string;
  /** Where the load goes: the instance, or nginx in front of the two. */
  entry: number;
}

interface Phase {
  seconds: number;
  reads: MixResult['reads'];
  writes: MixResult['writes'];
  caches: Record<CacheName, CacheFigures | null>;
  /**
   * The time the answers spent in the servers (their times on /metrics), the writes' (POST) and the
   * reads' (GET): the rest of a request's time it waited to be read. `loopSeconds` is the servers'
   * time over the phase (its seconds times the instances), of which the answers' times are a share on
   * SQLite, where a request holds the event loop for all of its time (its statements and the commit's
   * sync run on it). On PostgreSQL requests wait for their round trips while others run and their
   * times overlap: `loopSeconds` is null, and the times are waits as much as work.
   */
  serverTimes: { writes: ServerTimes; reads: ServerTimes; loopSeconds: number | null };
  /**
   * The servers' statements by kind (select, insert, update, delete, other; db_query_duration_seconds
   * on /metrics): how many, their mean in ms and their time added up, reads' and writes' together.
   * On SQLite a statement's time is the event loop's, a commit's sync included; on PostgreSQL it runs
   * from the call to the answer read, so it holds the waits for a pooled connection and for a turn.
   */
  statements: Record<string, { count: number; meanMs: number; seconds: number }>;
  /**
   * CPU over the reads: the servers' (the instances', not nginx's or PostgreSQL's) in cores and in µs
   * per request answered (reads and writes), and the generator's in cores. A server that kept its core
   * busy with the writes shows the same cores and more µs a request; one that waited (the disk, another
   * process) shows fewer cores; a generator near a whole core measures itself.
   */
  cpu: { servers: number; usPerRequest: number; generator: number };
  /** The servers' garbage collections over the phase (from /metrics, so a little more than the reads' time): ms a second. */
  gcMsPerSecond: number;
  /** The major collections over the phase: how many, and their time in the loop (ms, added up). */
  majors: { count: number; ms: number };
  /**
   * The longest any instance's event loop was late over the phase, in ms: a major collection's marking
   * shares the server's core with the loop, so a request arriving then waits, which a write's p99
   * shows and the reads' hides.
   */
  loopLateMaxMs: number;
}

interface TopologyResult {
  name: Topology['name'];
  title: string;
  limiter: string;
  readOnly: Phase;
  withWrites: Phase;
  /** The reads alone again, after the writes: with the first, it brackets them (readsAlone). */
  readOnlyAfter: Phase;
  mailsReceived: number;
  problems: string[];
}

interface Bench {
  work: string;
  file: string;
  mediaDir: string;
  mailbox: Mailbox;
  ctx: ReadContext;
  visitors: string[];
  readSpec: MixSpec;
  /** Every read key, for the pass each instance gets before its measurements. */
  passSpecFile: string;
  settleSpecFile: string;
  signingSecret: string;
}

const isRendered = (body: string) => body.includes('<div id="root"><') && !body.includes('<div id="root"></div>');

/** A few random keys of each read group: a broken answer would otherwise be measured as a fast one. */
async function probeReads(bench: Bench, target: string): Promise<string[]> {
  const problems: string[] = [];
  for (const group of bench.readSpec.reads) {
    for (let i = 0; i < 3; i++) {
      const key = group.paths[Math.floor(Math.random() * group.paths.length)]!;
      const res = await fetch(target + key);
      const body = await res.text();
      if (res.status !== 200) problems.push(`probe ${key}: ${res.status}`);
      else if (key.startsWith('/api/') ? !body.startsWith('{') : !isRendered(body)) {
        problems.push(`probe ${key}: not the answer expected (${body.slice(0, 80)})`);
      }
    }
  }
  return problems;
}

/** The nginx processes are pinned beside the instances once started (startNginx starts them unpinned). */
function pinNginx(dir: string): void {
  if (!hasTaskset) return;
  const master = fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim();
  const workers = spawnSync('pgrep', ['-P', master], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  for (const pid of [master, ...workers])
    execFileSync('taskset', ['-pc', String(SERVER_CORE), pid], { stdio: 'ignore' });
}

/** nginx's master, stopped by its id if the run ends before its clean-up (SIGINT, an error). */
let nginxPidFile: string | null = null;
process.on('exit', () => {
  for (const child of generators) child.kill('SIGTERM');
  if (!nginxPidFile || !fs.existsSync(nginxPidFile)) return;
  try {
    process.kill(Number(fs.readFileSync(nginxPidFile, 'utf8').trim()), 'SIGTERM');
  } catch {
    /* already gone */
  }
});

async function startInstance(bench: Bench, topology: Topology, instance: Topology['instances'][number]) {
  const two = topology.instances.length > 1;
  const env: NodeJS.ProcessEnv = {
    ...serverEnv({
      port: instance.port,
      databaseUrl: topology.databaseUrl(),
      mediaDir: bench.mediaDir,
      cache: 'default',
    }),
    METRICS_PORT: String(metricsPortOf(instance.port)),
    // Applications mail the school: a real SMTP server takes them, as in production.
    SMTP_URL: `smtp://127.0.0.1:${bench.mailbox.port}`,
    // Several instances as deploy/nginx.conf describes them: nginx's X-Forwarded-For believed, one
    // signing secret, one set of rate-limit counters where Redis is given.
    ...(two
      ? {
          TRUST_PROXY: '1',
          PUBLIC_URL: origin(topology.entry),
          SIGNING_SECRET: bench.signingSecret,
          ...(REDIS_URL ? { REDIS_URL } : {}),
        }
      : {}),
  };
  const child = startProcess(`${topology.name}-${instance.name}`, SERVER_CORE, SERVER_ARGS, env);
  await waitForHttp(`${origin(instance.port)}/api/health`, child);
  await waitUntilIdle(child);
  return child;
}

async function measureTopology(bench: Bench, topology: Topology, cast: MixActors): Promise<TopologyResult> {
  console.log(`\n${topology.title}`);
  const two = topology.instances.length > 1;
  if (two && REDIS_URL) await flushRedisDatabase(REDIS_URL);
  const servers: ChildProcess[] = [];
  const target = origin(topology.entry);
  const metricsPorts = topology.instances.map((i) => metricsPortOf(i.port));
  try {
    // One after the other: each checks the migrations at start.
    for (const instance of topology.instances) servers.push(await startInstance(bench, topology, instance));
    if (two) {
      const dir = path.join(bench.work, 'nginx');
      nginxPidFile = path.join(dir, 'nginx.pid');
      await startNginx(
        dir,
        topology.entry,
        topology.instances.map((i) => i.port),
        { workers: hasTaskset ? 1 : undefined },
      );
      pinNginx(dir);
    }
    // Each instance as a server that has been up a while: settled, and asked every key once.
    for (const instance of topology.instances) {
      await runLoad(bench.settleSpecFile, origin(instance.port), SETTLE_SECONDS);
      await runLoad(bench.passSpecFile, origin(instance.port), 'pass');
    }
    const problems = await probeReads(bench, target);
    const warm = writeCounts(WARM_UP_SECONDS);
    const measured = writeCounts(SECONDS);
    const scripts = writeScripts(
      cast,
      bench.ctx.jobIds,
      bench.visitors,
      { paced: warm.paced + measured.paced, timed: [warm.timed, measured.timed] },
      createRandom(71),
    );
    const withWrites = (seconds: number, paced: WriteRequest[], timed: WriteRequest[]): MixSpec => ({
      ...bench.readSpec,
      writes: {
        perSecond: WRITES_PER_SECOND,
        paced,
        everyMs: employerEveryMs(seconds),
        timed,
        arrivals: { everyMs: ARRIVAL_EVERY_MS, requests: arrivals(bench.ctx.jobIds, seconds, createRandom(73)) },
      },
    });
    const mailsBefore = bench.mailbox.received.length;
    const phase = async (name: string, spec: MixSpec): Promise<Phase> => {
      const before = await scrapeMetrics(metricsPorts);
      const scraped = performance.now();
      const result = await runMix(
        bench.work,
        name,
        { ...spec, serverPids: servers.map((s) => s.pid!) },
        target,
        SECONDS,
      );
      const after = await scrapeMetrics(metricsPorts);
      assertRunning(...servers);
      const answered = Object.values(result.reads.groups).reduce((n, g) => n + g.count, 0);
      const requests = answered + (result.writes?.all.count ?? 0);
      return {
        seconds: SECONDS,
        ...result,
        caches: cacheFigures(before.lookups, after.lookups, answered),
        serverTimes: {
          writes: serverTimes(before, after, 'POST'),
          reads: serverTimes(before, after, 'GET'),
          loopSeconds: topology.name === 'sqlite' ? SECONDS * servers.length : null,
        },
        statements: statementTimes(before, after),
        gcMsPerSecond: ((after.gcSeconds - before.gcSeconds) * 1000) / ((performance.now() - scraped) / 1000),
        majors: {
          count: after.majors.count - before.majors.count,
          ms: (after.majors.seconds - before.majors.seconds) * 1000,
        },
        // The scrape before the phase started the servers' delay histograms again.
        loopLateMaxMs: after.loopLateMaxMs,
        cpu: {
          servers: result.cpu.servers,
          usPerRequest: (result.cpu.servers * result.cpu.seconds * 1e6) / requests,
          generator: result.cpu.generator,
        },
      };
    };

    await runMix(bench.work, 'read-warm-up', bench.readSpec, target, WARM_UP_SECONDS);
    const readOnly = await phase('read-only', bench.readSpec);
    printPhase('read-only', readOnly, null);
    await runMix(
      bench.work,
      'write-warm-up',
      withWrites(WARM_UP_SECONDS, scripts.paced.slice(0, warm.paced), scripts.timed[0]!),
      target,
      WARM_UP_SECONDS,
    );
    const written = await phase('with-writes', withWrites(SECONDS, scripts.paced.slice(warm.paced), scripts.timed[1]!));
    printPhase('with writes', written, readOnly);
    // The last mails of the applications go out just after their answers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const readOnlyAfter = await phase('read-only-after', bench.readSpec);
    printPhase('read-only again', readOnlyAfter, readOnly);
    const alone = readsAlone({ readOnly, readOnlyAfter });
    console.log(
      `  reads with writes: ${(written.reads.rps / alone).toFixed(2)} of the reads alone before and after them ` +
        `(${int(alone)} req/s, the mean of ${int(readOnly.reads.rps)} and ${int(readOnlyAfter.reads.rps)})`,
    );
    return {
      name: topology.name,
      title: topology.title,
      limiter: two && REDIS_URL ? 'Redis, shared' : two ? 'in memory, one per instance' : 'in memory',
      readOnly,
      withWrites: written,
      readOnlyAfter,
      mailsReceived: bench.mailbox.received.length - mailsBefore,
      problems,
    };
  } finally {
    if (two) {
      await cleanUp(); // nginx
      nginxPidFile = null;
    }
    for (const server of servers) await stopProcess(server);
    if (two && REDIS_URL) await flushRedisDatabase(REDIS_URL);
  }
}

// ---------------------------------------------------------------- the report

const ms = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${x.toFixed(1)} ms`);
const int = (x: number) => Math.round(x).toLocaleString('en');
const percent = (x: number) => `${(x * 100).toFixed(0)} %`;

/**
 * The reads alone that the reads with writes are set against: the mean of the phases before and after
 * them. This machine's speed drifts by a tenth or more within minutes; bracketing the writes cancels
 * a steady drift, which one phase before them would count against (or for) the writes.
 */
const readsAlone = (t: Pick<TopologyResult, 'readOnly' | 'readOnlyAfter'>) =>
  (t.readOnly.reads.rps + t.readOnlyAfter.reads.rps) / 2;

function printPhase(label: string, phase: Phase, readOnly: Phase | null): void {
  const reads = phase.reads;
  const ratio = readOnly ? ` (${(reads.rps / readOnly.reads.rps).toFixed(2)} of read-only)` : '';
  const caches = CACHES.map((c) => {
    const f = phase.caches[c];
    return `${c} ${!f || f.hitRatio === null ? 'n/a' : `${percent(f.hitRatio)} of ${int(f.lookups)}`}`;
  }).join(', ');
  console.log(
    `  ${label}: reads ${int(reads.rps)} req/s${ratio}, p50 ${ms(reads.p50)}, p99 ${ms(reads.p99)}, ` +
      `non-2xx ${reads.non2xx}; cache hits: ${caches}; CPU: servers ${phase.cpu.servers.toFixed(2)} cores, ` +
      `${phase.cpu.usPerRequest.toFixed(0)} µs a request, generator ${phase.cpu.generator.toFixed(2)} cores; ` +
      `collections ${phase.gcMsPerSecond.toFixed(0)} ms a second (${phase.majors.count} major, ` +
      `${phase.majors.ms.toFixed(0)} ms); the loop late by ${phase.loopLateMaxMs.toFixed(0)} ms at most`,
  );
  const groups = Object.entries(reads.groups)
    .map(([name, g]) => `${name} ${int(g.count)} p99 ${ms(g.p99)}`)
    .join(' · ');
  console.log(`    ${groups}`);
  const statements = Object.entries(phase.statements)
    .sort(([, a], [, b]) => b.seconds - a.seconds)
    .map(([kind, k]) => `${kind} ${int(k.count)} × ${k.meanMs.toFixed(3)} ms`)
    .join(' · ');
  console.log(`    statements: ${statements}`);
  const writes = phase.writes;
  if (!writes) return;
  console.log(
    `    writes: ${writes.sent} sent, ${writes.perSecond.toFixed(1)}/s, p50 ${ms(writes.all.p50)}, p99 ${ms(writes.all.p99)}, ` +
      `statuses ${JSON.stringify(writes.all.statusCodes)}, sent late by p99 ${ms(writes.lateP99Ms)}; ` +
      `in the server ${ms(phase.serverTimes.writes.meanMs)} a write on average`,
  );
  const { loopSeconds } = phase.serverTimes;
  const byRoute = Object.entries(phase.serverTimes.writes.routes)
    .sort(([, a], [, b]) => b.count * b.meanMs - a.count * a.meanMs)
    .map(([route, r]) => `${route.replace(/^\/api\//, '')} ${r.count} × ${ms(r.meanMs)}`)
    .join(' · ');
  console.log(
    loopSeconds === null
      ? `    writes in the servers, arrival to answer, waits for the database included: ${byRoute}`
      : `    writes in the servers, arrival to answer: ${percent(phase.serverTimes.writes.seconds / loopSeconds)} of their time (${byRoute})`,
  );
  if (readOnly) {
    // Each read route's time against its mean with the reads alone, over the reads of this phase.
    const dearer = Object.entries(phase.serverTimes.reads.routes)
      .map(([route, r]) => {
        const alone = readOnly.serverTimes.reads.routes[route];
        return { route, r, alone, addedMs: alone ? r.count * (r.meanMs - alone.meanMs) : 0 };
      })
      .filter((d) => d.alone && d.addedMs > 0)
      .sort((x, y) => y.addedMs - x.addedMs);
    const addedSeconds = dearer.reduce((sum, d) => sum + d.addedMs, 0) / 1000;
    const top = dearer
      .slice(0, 4)
      .map((d) => `${d.route} ${d.alone!.meanMs.toFixed(2)} → ${d.r.meanMs.toFixed(2)} ms`)
      .join(' · ');
    console.log(
      loopSeconds === null
        ? `    reads in the servers, against the reads alone, waits for the database included: ${top}`
        : `    reads in the servers, against the reads alone: ${percent(addedSeconds / loopSeconds)} of their time more (${top})`,
    );
  }
  const a = writes.arrivals;
  console.log(
    `    visitors arriving on a new connection (a posting, one every ${ARRIVAL_EVERY_MS} ms): ${a.count}, ` +
      `p50 ${ms(a.p50)}, p99 ${ms(a.p99)}, statuses ${JSON.stringify(a.statusCodes)}`,
  );
  const order: string[] = [...WRITE_MIX.map((w) => w.kind), 'edit', 'publish'];
  const kinds = Object.entries(writes.kinds).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  for (const [kind, k] of kinds) {
    console.log(
      `      ${kind.padEnd(8)} ${String(k.count).padStart(5)}  p50 ${ms(k.p50).padStart(8)}  p99 ${ms(k.p99).padStart(8)}  ` +
        `${JSON.stringify(k.statusCodes)}${k.errors ? `, ${k.errors} errors` : ''}${k.problems ? `  ${k.problems[0]}` : ''}`,
    );
  }
}

interface Check {
  target: string;
  topology: string;
  value: number | null;
  /** true or false; null when it could not be judged (the topology did not run). */
  pass: boolean | null;
  note?: string;
}

const notAnswered2xx = (f: Figures) =>
  Object.entries(f.statusCodes).reduce((n, [code, c]) => n + (code.startsWith('2') ? 0 : c), 0);

function judgeTopology(t: TopologyResult): Check[] {
  const { readOnly, withWrites, readOnlyAfter } = t;
  const writes = withWrites.writes!;
  const failures = (p: Phase) =>
    p.reads.non2xx +
    p.reads.errors +
    p.reads.timeouts +
    (p.writes ? p.writes.all.errors + p.writes.arrivals.errors + p.writes.unanswered : 0) +
    (p.writes ? notAnswered2xx(p.writes.all) + notAnswered2xx(p.writes.arrivals) : 0);
  const alone = readsAlone(t);
  const ratio = withWrites.reads.rps / alone;
  const save = writes.kinds.save;
  return [
    {
      target: `writes sent >= ${TARGETS.minWritesPerSecond}/s among the reads`,
      topology: t.name,
      value: writes.perSecond,
      pass: writes.perSecond >= TARGETS.minWritesPerSecond,
    },
    {
      target: `read throughput with writes >= ${TARGETS.minReadRatio} of the read-only mix`,
      topology: t.name,
      value: ratio,
      pass: ratio >= TARGETS.minReadRatio,
      note: `${int(withWrites.reads.rps)} of ${int(alone)} req/s, the mean of ${int(readOnly.reads.rps)} before and ${int(readOnlyAfter.reads.rps)} after`,
    },
    {
      target: `read p99 with writes <= ${TARGETS.maxReadP99Ms} ms`,
      topology: t.name,
      value: withWrites.reads.p99,
      pass: withWrites.reads.p99 <= TARGETS.maxReadP99Ms,
    },
    {
      target: `save p99 <= ${TARGETS.maxSaveP99Ms} ms`,
      topology: t.name,
      value: save?.p99 ?? null,
      pass: save?.p99 != null ? save.p99 <= TARGETS.maxSaveP99Ms : false,
    },
    {
      target: 'every read and write answered 2xx, the probes included',
      topology: t.name,
      value: failures(readOnly) + failures(withWrites) + failures(readOnlyAfter) + t.problems.length,
      pass: failures(readOnly) + failures(withWrites) + failures(readOnlyAfter) + t.problems.length === 0,
      ...(t.problems.length ? { note: t.problems.slice(0, 3).join('; ') } : {}),
    },
  ];
}

/** Why a topology's targets were not judged. */
const notRun = PG_URL ? 'not run: left out of MIX_TOPOLOGIES' : 'not run: set BENCH_DATABASE_URL';

/** Each write kind's p99 on two instances against one, both on PostgreSQL. */
function judgeScaling(one: TopologyResult | undefined, two: TopologyResult | undefined): Check[] {
  const target = `a write's p99 with two instances <= ${TARGETS.maxWriteP99OfOne} x with one`;
  if (!one || !two) {
    return [{ target, topology: 'pg-two / pg', value: null, pass: null, note: notRun }];
  }
  const a = one.withWrites.writes!;
  const b = two.withWrites.writes!;
  const checks: Check[] = [];
  for (const kind of ['all', ...Object.keys(a.kinds)]) {
    const [x, y] = kind === 'all' ? [a.all, b.all] : [a.kinds[kind], b.kinds[kind]];
    if (
      !x ||
      !y ||
      x.count < MIN_ANSWERS_TO_JUDGE ||
      y.count < MIN_ANSWERS_TO_JUDGE ||
      x.p99 === null ||
      y.p99 === null
    ) {
      continue; // too few answers for a p99: reported in the phases, not judged
    }
    const ratio = y.p99 / x.p99;
    checks.push({
      target: `${target} (${kind === 'all' ? 'every write' : kind})`,
      topology: 'pg-two / pg',
      value: ratio,
      pass: ratio <= TARGETS.maxWriteP99OfOne,
      note: `${ms(y.p99)} against ${ms(x.p99)}`,
    });
  }
  return checks;
}

// ---------------------------------------------------------------- the run

async function main() {
  const all: Topology[] = [
    {
      name: 'sqlite',
      title: 'One instance, SQLite',
      instances: [{ name: 'server', port: PORTS.sqlite }],
      databaseUrl: () => `sqlite:${file}`,
      entry: PORTS.sqlite,
    },
  ];
  if (PG_URL) {
    all.push(
      {
        name: 'pg',
        title: 'One instance, PostgreSQL',
        instances: [{ name: 'server', port: PORTS.pg }],
        databaseUrl: () => PG_URL,
        entry: PORTS.pg,
      },
      {
        name: 'pg-two',
        title: `Two instances behind nginx, PostgreSQL (rate limits ${REDIS_URL ? 'in Redis' : 'per instance'})`,
        instances: [
          { name: 'a', port: PORTS.pgA },
          { name: 'b', port: PORTS.pgB },
        ],
        databaseUrl: () => PG_URL,
        entry: PORTS.nginx,
      },
    );
  }
  const topologies = ONLY?.length ? all.filter((t) => ONLY.includes(t.name)) : all;
  const unknown = ONLY?.filter((name) => !all.some((t) => t.name === name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(
      `MIX_TOPOLOGIES names ${unknown.join(', ')}: the topologies are ${all.map((t) => t.name).join(', ')}` +
        (PG_URL ? '' : ' (pg and pg-two need BENCH_DATABASE_URL)'),
    );
  }
  if (REDIS_URL && !/\/([1-9]\d*)$/.test(new URL(REDIS_URL).pathname)) {
    throw new Error('BENCH_REDIS_URL must name a Redis database other than 0 (…/8): the run empties it');
  }
  const ports = topologies.flatMap((t) => [
    ...t.instances.flatMap((i) => [i.port, metricsPortOf(i.port)]),
    ...(t.instances.length > 1 ? [t.entry] : []),
  ]);
  for (const port of ports) await assertPortFree(port);
  console.log(
    `Mixed load: ${CONNECTIONS} read connections, ${WRITES_PER_SECOND} writes/s and an employer event every ` +
      `${EMPLOYER_EVERY_SECONDS} s; phases of ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up; ` +
      `topologies: ${topologies.map((t) => t.name).join(', ')}` +
      (PG_URL ? '' : ' (BENCH_DATABASE_URL adds PostgreSQL, one instance and two)'),
  );
  const shares = (mix: readonly { share: number }[], name: (i: number) => string) =>
    mix.map((m, i) => `${name(i)} ${percent(m.share)}`).join(', ');
  console.log(`  reads: ${shares(READ_MIX, (i) => READ_MIX[i]!.name)}`);
  console.log(`  writes: ${shares(WRITE_MIX, (i) => WRITE_MIX[i]!.kind)}`);
  console.log(
    hasTaskset
      ? `  load generator on core ${LOAD_CORE}; every server process (both instances and nginx too) on core ${SERVER_CORE}`
      : '  taskset or a second core is missing: servers and load share the CPU',
  );
  buildForServing();

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-mix-'));
  // nginx's workers (not root) reach their temporary folder through this one.
  fs.chmodSync(work, 0o711);
  process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
  const file = path.join(work, 'bench.db');
  let t0 = Date.now();
  console.log(`Generating the dataset (${int(JOBS)} jobs, ${int(RESUMES)} resumes)…`);
  const data = await generateDataset(file, JOBS, RESUMES);
  const jobIds = sampleLiveJobIds(data);
  const casts = addMixActors(file, jobIds, topologies.length, castFor());
  const datasetSeconds = (Date.now() - t0) / 1000;
  console.log(`  done in ${datasetSeconds.toFixed(1)} s`);
  if (PG_URL) {
    t0 = Date.now();
    console.log('Copying the dataset to PostgreSQL…');
    await copyJobsToPostgres(file, PG_URL, COPIED_TABLES);
    console.log(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }

  const ctx: ReadContext = { data, jobIds };
  const readSpec: MixSpec = {
    connections: CONNECTIONS,
    reads: READ_MIX.map((group) => ({
      name: group.name,
      share: group.share,
      paths: group.keys(ctx),
      headers: 'headers' in group ? group.headers : undefined,
    })),
    writes: null,
  };
  const mailbox = await startMailbox();
  const bench: Bench = {
    work,
    file,
    mediaDir: path.join(work, 'media'),
    mailbox,
    ctx,
    visitors: Array.from({ length: VISITORS }, () => nextSourceAddress()),
    readSpec,
    passSpecFile: writeLoadSpec(work, 'pass', { paths: readSpec.reads.flatMap((g) => g.paths) }),
    settleSpecFile: writeLoadSpec(work, 'settle', {
      paths: [...listPages(ctx), ...jobRecordPaths(jobIds)],
    }),
    signingSecret: randomBytes(32).toString('hex'),
  };
  const results: TopologyResult[] = [];
  try {
    for (const [i, topology] of topologies.entries()) results.push(await measureTopology(bench, topology, casts[i]!));
  } finally {
    await mailbox.close();
  }

  const checks = [
    ...results.flatMap(judgeTopology),
    ...judgeScaling(
      results.find((r) => r.name === 'pg'),
      results.find((r) => r.name === 'pg-two'),
    ),
  ];
  if (!results.some((r) => r.name === 'pg-two')) {
    checks.push({
      target: 'the targets above, on two instances behind nginx',
      topology: 'pg-two',
      value: null,
      pass: null,
      note: notRun,
    });
  }
  console.log('\nTargets');
  for (const c of checks) {
    const verdict = c.pass === null ? 'NOT RUN' : c.pass ? 'PASS' : 'FAIL';
    const value = c.value === null ? '' : ` ${Number.isInteger(c.value) ? c.value : c.value.toFixed(2)}`;
    console.log(`  ${verdict.padEnd(7)} ${c.topology.padEnd(11)} ${c.target}:${value}${c.note ? ` (${c.note})` : ''}`);
  }
  const pass = checks.every((c) => c.pass === true);

  const wallSeconds = (Date.now() - startedAt) / 1000;
  const out = path.join(root, 'bench/results', `mix-${timestamp()}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: {
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model ?? '',
          memoryGiB: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
          pinned: hasTaskset,
        },
        settings: {
          seconds: SECONDS,
          warmUpSeconds: WARM_UP_SECONDS,
          connections: CONNECTIONS,
          writesPerSecond: WRITES_PER_SECOND,
          employerEverySeconds: EMPLOYER_EVERY_SECONDS,
          jobs: JOBS,
          resumes: RESUMES,
          readMix: READ_MIX.map(({ name, title, share }, i) => ({
            name,
            title,
            share,
            keys: readSpec.reads[i]!.paths.length,
          })),
          writeMix: WRITE_MIX,
          pinning: hasTaskset
            ? `load generator on core ${LOAD_CORE}; servers, both instances and nginx on core ${SERVER_CORE}`
            : 'none',
          targets: TARGETS,
        },
        datasetSeconds,
        wallSeconds,
        pass,
        checks,
        topologies: results,
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${path.relative(root, out)}`);
  console.log(`Total wall time: ${Math.floor(wallSeconds / 60)} min ${Math.floor(wallSeconds % 60)} s`);
  process.exit(pass ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
