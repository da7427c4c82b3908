// `npm run bench`: TeachEast's reads against a bare Node server started in the same run, as ratios, so
// a noisy machine moves both numbers together. Every read scenario draws its keys at random from the
// dataset (thousands where it has thousands) and is measured twice, on two servers over the same
// SQLite file: one with its caches as configured, one with CACHE_OFF_ENV, so the table shows the work a
// request does and what the cache makes of it. docs/PERFORMANCE.md describes the method.
//
// BENCH_SECONDS (default 3) is the length of each measured run, BENCH_ONLY=<names> runs a subset
// (SCENARIOS below), BENCH_DATABASE_URL=postgres://… adds PostgreSQL, BENCH_PORT (default 4100) moves
// the servers' ports when another benchmark holds them.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COUNTRY_VALUES } from '@teacheast/shared';
import { generateDataset, type DatasetInfo } from './dataset.js';
import {
  AS_BROWSERS,
  boardPaths,
  cityAgeGroupPaths,
  eligibleOnlyPaths,
  feedPaths,
  jobRecordPaths,
  keywordPaths,
  LIST_PAGES,
  listPage1Paths,
  listPagesPaths,
  postingPagePaths,
  sampleLiveJobIds,
  searchPagePaths,
  termsKeywordPaths,
  termsListPaths,
} from './keys.js';
import { CONNECTIONS, runLoad, writeLoadSpec, type LoadSpec } from './load-client.js';
import { copyJobsToPostgres } from './postgres.js';
import { baselineRuns, measureBeside, measurePair, median, type Baseline, type Pair, type Timing } from './protocol.js';
import {
  assertPortFree,
  assertRunning,
  hasTaskset,
  root,
  SERVER_CORE,
  startProcess,
  stopProcess,
  timestamp,
  waitForHttp,
} from './processes.js';
import {
  describeTarget,
  judgeRead,
  printProblems,
  printReadTable,
  printSingleTable,
  unexpectedAnswers,
  type ReadRow,
  type ReadTarget,
  type SingleRow,
} from './report.js';
import { buildForServing, CACHE_OFF_ENV, startServer, type CacheMode } from './servers.js';
import { makeEveryJobLive, measureSitemap, printSitemapTable, sitemapRows, type SitemapPass } from './sitemap-bench.js';

const startedAt = Date.now();
const TIMING: Timing = { seconds: Number(process.env.BENCH_SECONDS ?? 3), warmUpSeconds: 1 };
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4100);
const PORTS = {
  cached: FIRST_PORT,
  baseline: FIRST_PORT + 1,
  uncached: FIRST_PORT + 2,
  pgCached: FIRST_PORT + 3,
  pgUncached: FIRST_PORT + 4,
  sitemap: FIRST_PORT + 5,
  fastify: FIRST_PORT + 6,
};
const origin = (port: number) => `http://127.0.0.1:${port}`;
const PG_URL = process.env.BENCH_DATABASE_URL;
const JOBS = 100_000;
const RESUMES = 20_000;

/** The names BENCH_ONLY takes, in the order the full run measures them. */
const SCENARIOS = [
  'health',
  'list',
  'list-pages',
  'list-city',
  'list-terms',
  'list-eligible',
  'job',
  'keywords',
  'keywords-terms',
  'board',
  'home',
  'search-page',
  'posting-page',
  'posting-first',
  'feed',
  'pg',
  'attack',
  'sitemap',
] as const;
type ScenarioName = (typeof SCENARIOS)[number];

interface Context {
  data: DatasetInfo;
  /** The live jobs the job record and posting page scenarios ask for. */
  jobIds: string[];
}

interface ReadScenario {
  name: Exclude<ScenarioName, 'health' | 'pg' | 'attack' | 'sitemap'>;
  title: string;
  load: (ctx: Context) => LoadSpec;
  target: ReadTarget;
  /** What a right answer looks like, checked on a few keys before the runs. */
  looksRight?: (body: string) => boolean;
  /** How many of the probed answers must look right (some keys rightly find nothing). */
  rightAtLeast?: number;
}

/** A page rendered on the server has the page inside #root; the empty shell means nothing was rendered. */
const isRendered = (body: string) => body.includes('<div id="root"><') && !body.includes('<div id="root"></div>');
const hasResults = (body: string) => !body.includes('"results":[]');

const READS: ReadScenario[] = [
  {
    name: 'list',
    title: 'list page 1, every country',
    load: () => ({ paths: listPage1Paths() }),
    target: { judgedOn: 'uncached', minRatio: 0.2, maxP99Ms: 20 },
    looksRight: hasResults,
  },
  {
    name: 'list-pages',
    title: `list pages 1–${LIST_PAGES}, japan`,
    load: ({ data }) => ({ paths: listPagesPaths(data) }),
    target: { judgedOn: 'uncached', minRatio: 0.1 },
    looksRight: hasResults,
  },
  {
    name: 'list-city',
    title: 'list city + age group, page 1',
    load: ({ data }) => ({ paths: cityAgeGroupPaths(data) }),
    target: { judgedOn: 'uncached', minRatio: 0.1 },
    looksRight: hasResults,
  },
  {
    name: 'list-terms',
    title: 'list page 1, 1–3 contract-sheet filters',
    load: ({ data }) => ({ paths: termsListPaths(data) }),
    target: { judgedOn: 'uncached', minRatio: 0.15 },
    // Each key's filters are met by the posting it was drawn from.
    looksRight: hasResults,
  },
  {
    name: 'list-eligible',
    title: 'list pages 1–5, only jobs a teacher can take (eligibleOnly with four facts)',
    load: () => ({ paths: eligibleOnlyPaths() }),
    target: { judgedOn: 'uncached', minRatio: 0.15 },
    looksRight: hasResults,
  },
  {
    name: 'job',
    title: 'job record /api/job/{uuid}',
    load: ({ jobIds }) => ({ paths: jobRecordPaths(jobIds) }),
    target: { judgedOn: 'uncached', minRatio: 0.2, maxP99Ms: 15 },
  },
  {
    name: 'keywords',
    title: 'keyword search, two words',
    load: ({ data }) => ({ paths: keywordPaths(data) }),
    target: { judgedOn: 'uncached', minRatio: 0.08 },
    // Each query finds its own posting in that posting's country; other countries may find nothing.
    looksRight: hasResults,
    rightAtLeast: 1,
  },
  {
    name: 'keywords-terms',
    title: 'keyword search, two words + 1–3 contract-sheet filters',
    load: ({ data }) => ({ paths: termsKeywordPaths(data) }),
    target: { judgedOn: 'uncached', minRatio: 0.15 },
    // Each key's words and filters come from one posting, asked in its country.
    looksRight: hasResults,
  },
  {
    name: 'board',
    title: 'resume board (subscriber), pages 1–100, filters',
    load: ({ data }) => ({
      paths: boardPaths(data),
      headers: { authorization: `Bearer ${data.subscriberToken}` },
    }),
    target: { judgedOn: 'cached', minRatio: 0.2 },
    looksRight: hasResults,
    rightAtLeast: 1,
  },
  {
    name: 'home',
    title: 'rendered home /',
    load: () => ({ paths: ['/'], headers: AS_BROWSERS }),
    target: { judgedOn: 'cached', minRatio: 0.15 },
    looksRight: isRendered,
  },
  {
    name: 'search-page',
    title: 'rendered search /jobs?country=C&page=1–50',
    load: () => ({ paths: searchPagePaths(), headers: AS_BROWSERS }),
    target: { judgedOn: 'cached', minRatio: 0.15 },
    looksRight: isRendered,
  },
  {
    name: 'posting-page',
    title: 'rendered posting /posting/{uuid}',
    load: ({ jobIds }) => ({ paths: postingPagePaths(jobIds), headers: AS_BROWSERS }),
    target: { judgedOn: 'cached', minRatio: 0.15, maxP99Ms: 30 },
    looksRight: isRendered,
  },
  {
    name: 'feed',
    title: 'feed /feed.xml, all and by country',
    load: () => ({ paths: feedPaths() }),
    target: { judgedOn: null },
    looksRight: (body) => body.includes('<entry>'),
  },
];

const PROBES = 12;

/**
 * Asks a few random keys of the scenario of both servers before it is measured: a broken answer
 * (an empty page shell, a search that finds nothing anywhere) would otherwise be measured as a fast one.
 */
async function probe(scenario: ReadScenario, spec: LoadSpec, origins: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const base of origins) {
    let right = 0;
    for (let i = 0; i < PROBES; i++) {
      const key = spec.paths[Math.floor(Math.random() * spec.paths.length)]!;
      const res = await fetch(base + key, { headers: spec.headers });
      const body = await res.text();
      if (res.status !== 200) {
        problems.push(`probe ${key} on ${base}: ${res.status}`);
        break;
      }
      if (!scenario.looksRight || scenario.looksRight(body)) right++;
    }
    const wanted = scenario.rightAtLeast ?? PROBES;
    if (problems.length === 0 && right < wanted) {
      problems.push(`probe on ${base}: ${PROBES - right} of ${PROBES} random keys answered something unexpected`);
    }
  }
  return problems;
}

/** Sends logins one after another for `forMs`, each on a new connection as a refused client must. */
async function timeRefusedLogins(url: string, forMs: number): Promise<{ ms: number[]; statuses: number[] }> {
  const ms: number[] = [];
  const statuses: number[] = [];
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'victim@bench.example', password: 'wrong-password' }),
    });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    statuses.push(res.status);
  }
  return { ms, statuses };
}

const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};

function selectedScenarios(): Set<ScenarioName> {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only) return new Set(SCENARIOS.filter((s) => s !== 'pg' || PG_URL));
  const unknown = only.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')}; known: ${SCENARIOS.join(', ')}`);
  const chosen = new Set(only as ScenarioName[]);
  if (chosen.has('pg') && !PG_URL) throw new Error('BENCH_ONLY=pg needs BENCH_DATABASE_URL=postgres://…');
  // The PostgreSQL list is judged against SQLite's.
  if (chosen.has('pg')) chosen.add('list');
  return chosen;
}

/**
 * A rough forecast, to plan a run by: each load run costs about 0.3 s more than its length (starting
 * the generator, closing its connections); generating the dataset takes 10–30 s, copying it to
 * PostgreSQL about 30 s.
 */
function forecastSeconds(chosen: Set<ScenarioName>): number {
  const run = (seconds: number) => seconds + 0.3;
  // + the probes and the cached server's pass over every key (0.1 s to 8 s: the rendered postings)
  const pair = 2 * run(TIMING.warmUpSeconds) + 10 * run(TIMING.seconds) + 2;
  const pairs = READS.filter((s) => chosen.has(s.name)).length + (chosen.has('pg') ? 1 : 0);
  return (
    30 + // dataset, build check, three servers
    150 + // the server with its caches renders the live postings ahead before it is idle
    2 * run(SETTLE_SECONDS) +
    pairs * pair +
    (chosen.has('health') ? 2 * run(TIMING.warmUpSeconds) + 10 * run(TIMING.seconds) : 0) +
    (chosen.has('posting-first') ? run(TIMING.warmUpSeconds) + 7 * run(TIMING.seconds) : 0) +
    (chosen.has('attack') ? 3 * run(TIMING.seconds) + 3 : 0) +
    (chosen.has('pg') ? 35 + 2 * run(SETTLE_SECONDS) : 0) + // the copy and two servers
    (chosen.has('sitemap') ? (PG_URL ? 30 : 20) : 0)
  );
}

/** What the measuring steps share. */
interface Bench {
  work: string;
  file: string;
  mediaDir: string;
  ctx: Context;
  baseline: Baseline;
  processes: { baseline: ChildProcess; cached: ChildProcess; uncached: ChildProcess; fastify: ChildProcess | null };
  sqlite: { cached: string; uncached: string };
  healthSpec: string;
  reads: ReadRow[];
  singles: SingleRow[];
  postgresCopied: boolean;
}

const startBenchServer = (bench: Pick<Bench, 'mediaDir'>, name: string, port: number, url: string, cache: CacheMode) =>
  startServer({ name, port, databaseUrl: url, mediaDir: bench.mediaDir, cache, core: SERVER_CORE });

/** How long a server just started is driven before anything of it is measured. */
const SETTLE_SECONDS = 3;

/**
 * Drives servers just started with list pages and job records for a few seconds each, so no
 * scenario measures the first seconds of a process: V8 compiling the read paths and the first
 * collections after the start-up's indexing. On the AMD machine a server's first 3 s of list page 1
 * answered 2,446 req/s with a p99 of 90 ms, the next 3 s 3,849 req/s (28 ms), then 4,478-5,161
 * (22-25 ms). A site's server has been up far longer than that when visitors and crawlers come.
 */
async function settle(bench: Pick<Bench, 'work' | 'ctx'>, origins: string[]): Promise<void> {
  const spec = { paths: [...listPagesPaths(bench.ctx.data), ...jobRecordPaths(bench.ctx.jobIds)] };
  const specFile = writeLoadSpec(bench.work, 'settle', spec);
  for (const server of origins) await runLoad(specFile, server, SETTLE_SECONDS);
}

function addRead(
  bench: Bench,
  row: Pick<ReadRow, 'name' | 'scenario' | 'keys'>,
  pair: Pair,
  target: ReadTarget,
  more: { problems: string[]; targetText?: string; judgedOn?: ReadTarget['judgedOn'] },
): void {
  const problems = [...more.problems, ...judgeRead(target, pair)];
  const pass = problems.length === 0;
  bench.reads.push({
    ...row,
    ...pair,
    target: more.targetText ?? describeTarget(target),
    judgedOn: more.judgedOn ?? target.judgedOn,
    problems,
    pass,
  });
  const side = (label: string, s: Pair['cached']) =>
    `${label} ${s.rps.toFixed(0)} req/s (${s.ratio.toFixed(2)}, p99 ${s.p99} ms)`;
  console.log(
    `  ${row.scenario} (${row.keys} keys): ${side('uncached', pair.uncached)} · ${side('cached', pair.cached)} · ` +
      `${pass ? 'pass' : `FAIL: ${problems.join('; ')}`}`,
  );
}

/**
 * Health, routed by Fastify like every other request, beside a bare Fastify route answering the same
 * JSON (bench/fastify-baseline.mjs), both against bare Node in the same minute: the Fastify row is the
 * framework's own cost, and health is judged on what our server adds to it (hooks, headers, its heap).
 */
async function measureHealth(bench: Bench): Promise<void> {
  const fastifyProcess = bench.processes.fastify!;
  const fastifyOrigin = origin(PORTS.fastify);
  const [health, fastify] = await measureBeside(
    bench.healthSpec,
    [bench.sqlite.cached, fastifyOrigin],
    bench.baseline,
    TIMING,
  );
  assertRunning(bench.processes.baseline, bench.processes.cached, fastifyProcess);
  const ofFastify = health!.ratio / fastify!.ratio;
  const problems = unexpectedAnswers('health', health!);
  if (!(ofFastify >= HEALTH_OF_FASTIFY)) {
    problems.push(`${ofFastify.toFixed(2)} of bare Fastify < ${HEALTH_OF_FASTIFY}`);
  }
  bench.singles.push({
    name: 'health',
    scenario: 'bare Fastify, GET /api/health (the framework alone)',
    rps: fastify!.rps,
    ratio: fastify!.ratio,
    ratioOf: 'bare Node',
    p99: fastify!.p99,
    baselineRps: fastify!.baselineRps,
    non2xx: fastify!.non2xx,
    target: 'report only',
    problems: unexpectedAnswers('bare Fastify', fastify!),
    pass: fastify!.non2xx === 0 && fastify!.errors === 0,
  });
  bench.singles.push({
    name: 'health',
    scenario: 'GET /api/health',
    rps: health!.rps,
    ratio: ofFastify,
    ratioOf: 'bare Fastify',
    p99: health!.p99,
    baselineRps: health!.baselineRps,
    non2xx: health!.non2xx,
    target: `ratio >= ${HEALTH_OF_FASTIFY} of bare Fastify`,
    note: `${health!.ratio.toFixed(2)} of bare Node`,
    problems,
    pass: problems.length === 0,
  });
  console.log(
    `  bare Fastify: ${fastify!.rps.toFixed(0)} req/s, ${fastify!.ratio.toFixed(2)} of bare Node; ` +
      `health: ${health!.rps.toFixed(0)} req/s, ${health!.ratio.toFixed(2)} of bare Node, ` +
      `${ofFastify.toFixed(2)} of bare Fastify, p99 ${health!.p99} ms`,
  );
}

/** Health's target, as a share of the bare Fastify route measured beside it. */
const HEALTH_OF_FASTIFY = 0.75;

async function measureRead(bench: Bench, scenario: ReadScenario): Promise<void> {
  const spec = scenario.load(bench.ctx);
  const specFile = writeLoadSpec(bench.work, scenario.name, spec);
  const problems = await probe(scenario, spec, [bench.sqlite.uncached, bench.sqlite.cached]);
  const pair = await measurePair(specFile, bench.sqlite, bench.baseline, TIMING);
  assertRunning(bench.processes.baseline, bench.processes.cached, bench.processes.uncached);
  addRead(bench, { name: scenario.name, scenario: scenario.title, keys: spec.paths.length }, pair, scenario.target, {
    problems,
  });
}

/** A posting's first visit must cost at most a tenth of what bare Node's answer does. */
const POSTING_FIRST_VISIT_RATIO = 0.1;

/**
 * A posting's first visit, as a crawler meets every posting: every live posting, drawn at random, of
 * the server with its caches as it stands once started (it has rendered the live postings ahead,
 * render-ahead.ts), with no pass over the keys first. A posting's page is not kept in memory, so every
 * visit, first or not, reads the page stored in the database. What a visit costs when nothing is
 * stored for the posting (a change the walk has not reached yet) is the posting-page row's uncached
 * column: the render itself.
 */
async function measurePostingFirstVisits(bench: Bench): Promise<void> {
  const posting = READS.find((s) => s.name === 'posting-page')!;
  const every = COUNTRY_VALUES.flatMap((country) => bench.ctx.data.liveJobIds[country]);
  const spec: LoadSpec = { paths: postingPagePaths(every), headers: AS_BROWSERS };
  const specFile = writeLoadSpec(bench.work, 'posting-first', spec);
  const problems = await probe(posting, spec, [bench.sqlite.cached]);
  const [first] = await measureBeside(specFile, [bench.sqlite.cached], bench.baseline, TIMING);
  assertRunning(bench.processes.baseline, bench.processes.cached);
  problems.push(...unexpectedAnswers('posting-first', first!));
  if (!(first!.ratio >= POSTING_FIRST_VISIT_RATIO)) {
    problems.push(`${first!.ratio.toFixed(2)} of bare Node < ${POSTING_FIRST_VISIT_RATIO}`);
  }
  bench.singles.push({
    name: 'posting-first',
    scenario: `rendered posting, first visit (${every.length.toLocaleString('en')} live postings, rendered ahead)`,
    rps: first!.rps,
    ratio: first!.ratio,
    ratioOf: 'bare Node',
    p99: first!.p99,
    baselineRps: first!.baselineRps,
    non2xx: first!.non2xx,
    target: `ratio >= ${POSTING_FIRST_VISIT_RATIO} of bare Node`,
    problems,
    pass: problems.length === 0,
  });
  console.log(
    `  rendered posting, first visit: ${first!.rps.toFixed(0)} req/s, ${first!.ratio.toFixed(2)} of bare Node, ` +
      `p99 ${first!.p99} ms`,
  );
}

async function copyToPostgres(bench: Bench, url: string): Promise<void> {
  if (bench.postgresCopied) return;
  console.log('Copying the users and jobs to PostgreSQL…');
  const started = Date.now();
  await copyJobsToPostgres(bench.file, url);
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  bench.postgresCopied = true;
}

/** The list page 1 on PostgreSQL, judged against SQLite's uncached list page 1 measured before. */
async function measurePostgresList(bench: Bench, url: string): Promise<void> {
  await copyToPostgres(bench, url);
  const cached = await startBenchServer(bench, 'server-pg', PORTS.pgCached, url, 'default');
  const uncached = await startBenchServer(bench, 'server-pg-uncached', PORTS.pgUncached, url, 'off');
  const list = READS.find((s) => s.name === 'list')!;
  const spec = list.load(bench.ctx);
  const specFile = writeLoadSpec(bench.work, 'pg-list', spec);
  const origins = { cached: origin(PORTS.pgCached), uncached: origin(PORTS.pgUncached) };
  await settle(bench, [origins.cached, origins.uncached]);
  const problems = await probe(list, spec, [origins.uncached, origins.cached]);
  const pair = await measurePair(specFile, origins, bench.baseline, TIMING);
  assertRunning(bench.processes.baseline, cached, uncached);
  await stopProcess(cached);
  await stopProcess(uncached);
  const sqliteRps = bench.reads.find((r) => r.name === 'list')?.uncached.rps ?? NaN;
  if (!(pair.uncached.rps >= 0.5 * sqliteRps)) {
    problems.push(`uncached ${pair.uncached.rps.toFixed(0)} req/s < half of SQLite's ${sqliteRps.toFixed(0)}`);
  }
  addRead(
    bench,
    { name: 'pg', scenario: 'PostgreSQL list page 1, every country', keys: spec.paths.length },
    pair,
    { judgedOn: null },
    {
      problems,
      targetText: `uncached: >= 0.5 of SQLite's uncached list page 1 (${sqliteRps.toFixed(0)} req/s)`,
      judgedOn: 'uncached',
    },
  );
}

/**
 * Health while 50 connections hammer the login route: the surplus logins must be refused cheaply.
 * Last of the load runs: the refused connections leave the load core's ports in TIME_WAIT.
 */
/**
 * Health while one address floods the log-in, against health alone in the runs just before and just
 * after the flood: the machine's speed drifts within a run (bare Node's figure moved by half within
 * one here), so health measured minutes earlier is no yardstick.
 */
async function measureLoginFlood(bench: Bench): Promise<void> {
  const server = bench.sqlite.cached;
  const aloneBefore = await runLoad(bench.healthSpec, server, TIMING.seconds);
  const loginSpec = writeLoadSpec(bench.work, 'login-flood', {
    paths: ['/api/login'],
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'victim@bench.example', password: 'wrong-password' }),
  });
  const hammer = runLoad(loginSpec, server, TIMING.seconds + 2);
  await new Promise((r) => setTimeout(r, 1000));
  const underAttack = await runLoad(bench.healthSpec, server, TIMING.seconds);
  // In the flood's last second, one more client from the locked-out address: how fast is it refused?
  const refused = await timeRefusedLogins(`${server}/api/login`, 800);
  const login = await hammer;
  const aloneAfter = await runLoad(bench.healthSpec, server, TIMING.seconds);
  assertRunning(bench.processes.cached);

  const attackRatio = underAttack.rps / ((aloneBefore.rps + aloneAfter.rps) / 2);
  const problems: string[] = [];
  if (underAttack.non2xx > 0 || underAttack.errors > 0) {
    problems.push(`health answered ${underAttack.non2xx} non-2xx, ${underAttack.errors} connection errors`);
  }
  if (!(attackRatio >= 0.5)) problems.push(`${attackRatio.toFixed(2)} of health alone < 0.5`);
  const note = `logins: ${login.rps.toFixed(0)} req/s, statuses ${JSON.stringify(login.statusCodes)}, p99 ${login.p99} ms`;
  bench.singles.push({
    name: 'attack',
    scenario: 'health while login is hammered',
    rps: underAttack.rps,
    ratio: attackRatio,
    ratioOf: 'health alone',
    p99: underAttack.p99,
    baselineRps: null,
    non2xx: underAttack.non2xx,
    target: '>= 0.5 of health alone',
    note,
    problems,
    pass: problems.length === 0,
  });
  console.log(`  health under login attack: ${attackRatio.toFixed(2)} of health alone; ${note}`);

  const p99 = percentile(refused.ms, 0.99);
  const statuses = [...new Set(refused.statuses)].join(', ');
  const refusedProblems: string[] = [];
  if (!refused.statuses.every((s) => s === 429)) refusedProblems.push(`statuses ${statuses}, not all 429`);
  if (!(p99 <= 50)) refusedProblems.push(`p99 ${p99.toFixed(0)} ms > 50 ms`);
  const refusedNote = `${refused.ms.length} sent one after another, statuses ${statuses}, median ${percentile(refused.ms, 0.5).toFixed(1)} ms`;
  bench.singles.push({
    name: 'attack',
    scenario: 'a further login during the flood',
    rps: refused.ms.length / 0.8,
    ratio: refused.statuses.filter((s) => s === 429).length / refused.statuses.length,
    ratioOf: 'answered 429',
    p99: Math.round(p99),
    baselineRps: null,
    non2xx: refused.statuses.filter((s) => s < 200 || s > 299).length,
    target: 'all 429 (ratio 1), p99 <= 50 ms',
    note: refusedNote,
    problems: refusedProblems,
    pass: refusedProblems.length === 0,
  });
  console.log(`  a further login during the flood: ${refusedNote}, p99 ${p99.toFixed(1)} ms`);
}

/** The whole sitemap on servers started for it (bench/sitemap-bench.ts), as `npm run bench:sitemap` does. */
async function measureSitemaps(bench: Bench): Promise<SitemapPass[]> {
  console.log(`The whole sitemap of ${bench.ctx.data.jobs.toLocaleString('en')} live jobs…`);
  const run = { mediaDir: bench.mediaDir, port: PORTS.sitemap, jobs: bench.ctx.data.jobs };
  const passes: SitemapPass[] = [];
  for (const cache of ['off', 'default'] as const) {
    passes.push(...(await measureSitemap({ ...run, database: 'sqlite', databaseUrl: `sqlite:${bench.file}`, cache })));
  }
  if (PG_URL) {
    await copyToPostgres(bench, PG_URL);
    passes.push(...(await measureSitemap({ ...run, database: 'postgres', databaseUrl: PG_URL, cache: 'off' })));
  }
  return passes;
}

async function main() {
  const chosen = selectedScenarios();
  const want = (name: ScenarioName) => chosen.has(name);
  console.log(
    `Scenarios: ${[...chosen].join(', ')}; runs of ${TIMING.seconds} s, ${CONNECTIONS} connections; ` +
      `caches off with ${JSON.stringify(CACHE_OFF_ENV)}; expect about ${Math.ceil(forecastSeconds(chosen) / 60)} min`,
  );
  if (!hasTaskset) console.log('  taskset or a second core is missing: servers and load share the CPU');
  for (const port of Object.values(PORTS)) await assertPortFree(port);
  buildForServing();

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-bench-'));
  const file = path.join(work, 'bench.db');
  const mediaDir = path.join(work, 'media');
  let t0 = Date.now();
  console.log(`Generating the dataset (${JOBS.toLocaleString('en')} jobs, ${RESUMES.toLocaleString('en')} resumes)…`);
  const data = await generateDataset(file, JOBS, RESUMES);
  const datasetSeconds = (Date.now() - t0) / 1000;
  console.log(`  done in ${datasetSeconds.toFixed(1)} s`);

  const baselineProcess = startProcess('baseline', SERVER_CORE, ['bench/baseline.mjs'], {
    ...process.env,
    PORT: String(PORTS.baseline),
  });
  await waitForHttp(`${origin(PORTS.baseline)}/`, baselineProcess);
  const fastifyProcess = want('health')
    ? startProcess('bare-fastify', SERVER_CORE, ['bench/fastify-baseline.mjs'], {
        ...process.env,
        PORT: String(PORTS.fastify),
      })
    : null;
  if (fastifyProcess) await waitForHttp(`${origin(PORTS.fastify)}/api/health`, fastifyProcess);
  // One after the other: each checks the migrations at start.
  const cached = await startBenchServer({ mediaDir }, 'server', PORTS.cached, `sqlite:${file}`, 'default');
  const uncached = await startBenchServer({ mediaDir }, 'server-uncached', PORTS.uncached, `sqlite:${file}`, 'off');
  const bench: Bench = {
    work,
    file,
    mediaDir,
    ctx: { data, jobIds: sampleLiveJobIds(data) },
    baseline: { origin: origin(PORTS.baseline), specFile: writeLoadSpec(work, 'baseline', { paths: ['/'] }) },
    processes: { baseline: baselineProcess, cached, uncached, fastify: fastifyProcess },
    sqlite: { cached: origin(PORTS.cached), uncached: origin(PORTS.uncached) },
    healthSpec: writeLoadSpec(work, 'health', { paths: ['/api/health'] }),
    reads: [],
    singles: [],
    postgresCopied: false,
  };
  await settle(bench, [bench.sqlite.cached, bench.sqlite.uncached]);
  await runLoad(bench.baseline.specFile, bench.baseline.origin, TIMING.warmUpSeconds);

  t0 = Date.now();
  console.log('Measuring…');
  if (want('health')) await measureHealth(bench);
  for (const scenario of READS.filter((s) => want(s.name))) {
    await measureRead(bench, scenario);
    if (scenario.name === 'posting-page' && want('posting-first')) await measurePostingFirstVisits(bench);
  }
  if (want('posting-first') && !want('posting-page')) await measurePostingFirstVisits(bench);
  // Every job live, before PostgreSQL gets its copy, so both sitemaps list 100,000 postings. The
  // SQLite reads are done; what is measured from here on (health, logins) reads no job.
  if (want('sitemap')) makeEveryJobLive(file);
  if (want('pg') && PG_URL) await measurePostgresList(bench, PG_URL);
  if (want('attack')) await measureLoginFlood(bench);
  for (const child of [cached, uncached, baselineProcess, fastifyProcess]) if (child) await stopProcess(child);
  const sitemapPasses = want('sitemap') ? await measureSitemaps(bench) : [];
  const measuredSeconds = (Date.now() - t0) / 1000;
  fs.rmSync(work, { recursive: true, force: true });

  const sitemap = sitemapRows(sitemapPasses);
  printReadTable(bench.reads);
  printSingleTable(bench.singles);
  printSitemapTable(sitemap);
  printProblems([...bench.reads, ...bench.singles]);

  const pass = [...bench.reads, ...bench.singles, ...sitemap].every((r) => r.pass);
  const wallSeconds = (Date.now() - startedAt) / 1000;
  const out = path.join(root, 'bench/results', `${timestamp()}.json`);
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
          bareNodeRps: median(baselineRuns.map((r) => r.rps)),
        },
        seconds: TIMING.seconds,
        warmUpSeconds: TIMING.warmUpSeconds,
        connections: CONNECTIONS,
        cacheOffEnv: CACHE_OFF_ENV,
        scenarios: [...chosen],
        datasetSeconds,
        measuredSeconds,
        wallSeconds,
        pass,
        reads: bench.reads,
        singles: bench.singles,
        sitemap: { rows: sitemap, passes: sitemapPasses },
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
