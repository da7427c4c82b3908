// The scale benchmark: TeachEast's server at 10,000, 100,000 and 1,000,000 jobs (and a fifth as many
// resumes), one size after another, each on a server of its own with its caches off (CACHE_OFF_ENV), so
// every read does its work. For each size it measures the time from the spawn to the first answer; the
// memory the server allocated (RssAnon) and the file pages it maps (RssFile, the database) when idle and
// under load; each read's req/s and uncached p99 (the read scenarios of bench/run.ts); the whole sitemap
// file by file; what one anonymous request of each kind costs an idle server; and how long an edit
// takes to reach the keyword search. It judges the acceptance of bench/scale-targets.ts and writes
// bench/results/scale-<time>.json.
//
//   node --import tsx bench/scale.ts
//
// BENCH_SCALE_SIZES (default 10000,100000,1000000) the sizes in jobs; BENCH_SECONDS (default 3) the
// length of each read's measured run; BENCH_DATA_DIR where the datasets are kept between runs (default
// teacheast-scale-data under the system's temporary folder; 40,000 jobs made 220 MB in 18 s here, so a
// million take about 5.5 GB and several minutes); BENCH_SCALE_COLD=1 drops each database from the page
// cache before its server starts, as after a reboot (the default starts it as after a restart, with
// whatever the kernel kept); BENCH_PORT (default 4400) the server's port.
//
// A million jobs' p99 is judged against 100,000 jobs' from the same run, or, when this run has no
// 100,000, from the newest bench/results/scale-*.json that has (its file is named in the output).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_SIZE } from '@teacheast/shared';
import type { DatasetInfo } from './dataset.js';
import {
  boardPaths,
  cityAgeGroupPaths,
  feedPaths,
  jobRecordPaths,
  keywordPaths,
  LIST_PAGES,
  listPage1Paths,
  listPagesPaths,
  postingPagePaths,
  sampleLiveJobIds,
  searchPagePaths,
} from './keys.js';
import { CONNECTIONS, runLoad, writeLoadSpec, type LoadSpec } from './load-client.js';
import {
  assertPortFree,
  assertRunning,
  hasTaskset,
  root,
  SERVER_CORE,
  stopProcess,
  timestamp,
  waitUntilIdle,
} from './processes.js';
import { EMPLOYER_TOKEN, keptDataset, prepareForRun, type KeptDataset } from './scale-dataset.js';
import {
  fetchWholeSitemap,
  sampleSitemapParts,
  SERVER_TIME_LIMIT_MS,
  timeEditToSearch,
  timeServerRequests,
  type EditToSearch,
  type RequestKind,
  type ServerTime,
  type SitemapFile,
  type SitemapPass,
} from './scale-requests.js';
import { dropFromPageCache, residentMb, startTimedServer, watchMemory, type Resident } from './scale-server.js';
import { judgeSize, REFERENCE_JOBS, type Reference, type TargetResult } from './scale-targets.js';
import { buildForServing, CACHE_OFF_ENV } from './servers.js';

const startedAt = Date.now();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARM_UP_SECONDS = 1;
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const BASE = `http://127.0.0.1:${PORT}`;
const COLD = process.env.BENCH_SCALE_COLD === '1';
/** How long a server just started is left alone before its idle memory is read. */
const IDLE_SECONDS = 5;
/** The pause between the load and the requests timed one at a time, for the collections to finish. */
const QUIET_SECONDS = 2;
/** The first real read, "answers" in the targets. */
const FIRST_READ = listPage1Paths()[0]!;

function sizesWanted(): number[] {
  const text = process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000';
  const sizes = text
    .split(',')
    .map((s) => s.trim().replace(/_/g, ''))
    .filter(Boolean)
    .map(Number);
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1000)) {
    throw new Error(`BENCH_SCALE_SIZES: whole numbers of jobs of 1000 or more, comma-separated; got ${text}`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

// ---- the reads ----

interface Keys {
  data: DatasetInfo;
  /** The live jobs the job record and posting page reads ask for. */
  jobIds: string[];
  /** Deep list pages: LIST_PAGES of them, or as many as one country fills below 100,000 jobs. */
  listPages: string[];
}

interface Read {
  /** bench/run.ts's name of the scenario. */
  name: string;
  title: string;
  load: (keys: Keys) => LoadSpec;
  /** What a right answer looks like, checked on a few keys before the runs. */
  looksRight?: (body: string) => boolean;
  /** How many of the probed answers must look right (some keys rightly find nothing). */
  rightAtLeast?: number;
}

const isRendered = (body: string) => body.includes('<div id="root"><') && !body.includes('<div id="root"></div>');
const hasResults = (body: string) => !body.includes('"results":[]');

/** bench/run.ts's read scenarios (its rendered home aside), each measured here on the uncached server alone. */
const READS: Read[] = [
  {
    name: 'list',
    title: 'list page 1, every country',
    load: () => ({ paths: listPage1Paths() }),
    looksRight: hasResults,
  },
  {
    name: 'list-pages',
    title: `list pages 1–${LIST_PAGES} (or all there are), one country`,
    load: ({ listPages }) => ({ paths: listPages }),
    looksRight: hasResults,
  },
  {
    name: 'list-city',
    title: 'list city + age group, page 1',
    load: ({ data }) => ({ paths: cityAgeGroupPaths(data) }),
    looksRight: hasResults,
  },
  { name: 'job', title: 'job record /api/job/{uuid}', load: ({ jobIds }) => ({ paths: jobRecordPaths(jobIds) }) },
  {
    name: 'keywords',
    title: 'keyword search, two words',
    load: ({ data }) => ({ paths: keywordPaths(data) }),
    looksRight: hasResults,
    rightAtLeast: 1,
  },
  {
    name: 'board',
    title: 'resume board (subscriber), pages 1–100, filters',
    load: ({ data }) => ({ paths: boardPaths(data), headers: { authorization: `Bearer ${data.subscriberToken}` } }),
    // A board answer, found or not: below 100,000 jobs (20,000 resumes) most of these filtered deep
    // pages are rightly empty; a session refused is a 401 the probe sees.
    looksRight: (body) => body.includes('"results":['),
  },
  {
    name: 'search-page',
    title: 'rendered search /jobs?country=C&page=1–50',
    load: () => ({ paths: searchPagePaths() }),
    looksRight: isRendered,
  },
  {
    name: 'posting-page',
    title: 'rendered posting /posting/{uuid}',
    load: ({ jobIds }) => ({ paths: postingPagePaths(jobIds) }),
    looksRight: isRendered,
  },
  {
    name: 'feed',
    title: 'feed /feed.xml, all and by country',
    load: () => ({ paths: feedPaths() }),
    looksRight: (body) => body.includes('<entry>'),
  },
];

/**
 * bench/keys.ts's deep list pages where the country has LIST_PAGES pages of live jobs (from about
 * 100,000 jobs, so the sizes judged against each other ask the same keys); below, the same pages up
 * to the last that country fills.
 */
function deepListPages(data: DatasetInfo): string[] {
  try {
    return listPagesPaths(data);
  } catch {
    const country = 'japan';
    const pages = Math.max(1, Math.min(LIST_PAGES, Math.floor(data.liveJobIds[country].length / PAGE_SIZE)));
    return Array.from({ length: pages }, (_, i) => `/api/filter-jobs?country=${country}&page=${i + 1}`);
  }
}

const PROBES = 12;

/** A few random keys asked first: a broken answer (an empty page shell) would be measured as a fast one. */
async function probe(read: Read, spec: LoadSpec): Promise<string[]> {
  let right = 0;
  for (let i = 0; i < PROBES; i++) {
    const key = spec.paths[Math.floor(Math.random() * spec.paths.length)]!;
    const res = await fetch(BASE + key, { headers: spec.headers });
    const body = await res.text();
    if (res.status !== 200) return [`probe ${key}: ${res.status}`];
    if (!read.looksRight || read.looksRight(body)) right++;
  }
  const wanted = read.rightAtLeast ?? PROBES;
  return right < wanted ? [`${PROBES - right} of ${PROBES} random keys answered something unexpected`] : [];
}

interface ReadRow {
  name: string;
  title: string;
  keys: number;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  problems: string[];
}

async function measureReads(work: string, keys: Keys, server: ChildProcess): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for (const read of READS) {
    const spec = read.load(keys);
    const specFile = writeLoadSpec(work, read.name, spec);
    const problems = await probe(read, spec);
    await runLoad(specFile, BASE, WARM_UP_SECONDS);
    const run = await runLoad(specFile, BASE, SECONDS);
    assertRunning(server);
    if (run.non2xx > 0 || run.errors > 0) {
      problems.push(`${run.non2xx} non-2xx (${JSON.stringify(run.statusCodes)}), ${run.errors} connection errors`);
    }
    const row: ReadRow = {
      name: read.name,
      title: read.title,
      keys: spec.paths.length,
      rps: run.rps,
      p99: run.p99,
      non2xx: run.non2xx,
      errors: run.errors,
      problems,
    };
    rows.push(row);
    console.log(
      `  ${read.title} (${row.keys} keys): ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms` +
        (problems.length > 0 ? ` — ${problems.join('; ')}` : ''),
    );
  }
  return rows;
}

// ---- one size ----

/** At most five keys spread over the list, so each sample of a kind asks something else. */
function spread(paths: readonly string[], n = 5): string[] {
  const step = paths.length / Math.min(n, paths.length);
  return Array.from({ length: Math.min(n, paths.length) }, (_, i) => paths[Math.floor(i * step)]!);
}

/** Every kind of request an anonymous visitor or crawler sends, with the keys each is asked with. */
function anonymousKinds(keys: Keys, sitemap: SitemapPass): RequestKind[] {
  return [
    { kind: sitemap.isIndex ? 'sitemap.xml (index)' : 'sitemap.xml (whole)', paths: ['/sitemap.xml'] },
    ...sampleSitemapParts(sitemap).map(({ label, path }) => ({ kind: label, paths: [path] })),
    { kind: 'feed.xml', paths: spread(feedPaths()) },
    { kind: 'robots.txt', paths: ['/robots.txt'] },
    { kind: 'list page 1', paths: spread(listPage1Paths()) },
    { kind: 'list page, deepest measured', paths: keys.listPages.slice(-5) },
    { kind: 'list city + age group', paths: spread(cityAgeGroupPaths(keys.data)) },
    { kind: 'keyword search', paths: spread(keywordPaths(keys.data)) },
    { kind: 'job record', paths: spread(jobRecordPaths(keys.jobIds)) },
    { kind: 'rendered home /', paths: ['/'] },
    { kind: 'rendered search page', paths: spread(searchPagePaths()) },
    { kind: 'rendered posting', paths: spread(postingPagePaths(keys.jobIds)) },
  ];
}

interface SizeResult {
  jobs: number;
  resumes: number;
  dataset: Omit<KeptDataset, 'info' | 'file'> & { liveJobs: number };
  start: { healthMs: number; firstReadMs: number; coldPageCache: boolean };
  memory: {
    /** Peaks while starting. */
    starting: Resident;
    atFirstAnswer: Resident;
    /** IDLE_SECONDS after the first answer. */
    idle: Resident;
    /** Peaks while the reads ran. */
    underLoad: Resident;
    /** Peaks while the whole sitemap was read. */
    sitemap: Resident;
    /** Peaks over everything, start to stop. */
    peak: Resident;
  };
  reads: ReadRow[];
  sitemap: SitemapPass & { slowest: SitemapFile };
  serverTimes: ServerTime[];
  editToSearch: EditToSearch;
  problems: string[];
  seconds: number;
}

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));
const maxOf = (...all: Resident[]): Resident => ({
  rss: Math.max(...all.map((m) => m.rss)),
  anon: Math.max(...all.map((m) => m.anon)),
  file: Math.max(...all.map((m) => m.file)),
});

async function measureSize(work: string, jobs: number): Promise<SizeResult> {
  const sizeStarted = Date.now();
  const resumes = Math.round(jobs / 5);
  const kept = await keptDataset(jobs, resumes);
  const { info: data, file } = kept;
  const liveJobs = Object.values(data.liveJobIds).reduce((n, ids) => n + ids.length, 0);
  const keys: Keys = { data, jobIds: sampleLiveJobIds(data), listPages: deepListPages(data) };
  const edited = prepareForRun(file);
  if (COLD) dropFromPageCache([file, `${file}-wal`]);

  await assertPortFree(PORT);
  console.log(
    `Starting the server on ${jobs.toLocaleString('en')} jobs${COLD ? ' (database not in the page cache)' : ''}…`,
  );
  const mediaDir = path.join(work, 'media');
  const started = await startTimedServer(
    { name: `scale-${jobs}`, port: PORT, databaseUrl: `sqlite:${file}`, mediaDir, cache: 'off', core: SERVER_CORE },
    FIRST_READ,
  );
  const server = started.child;
  const whole = watchMemory(server.pid!);
  try {
    const atFirstAnswer = residentMb(server.pid!);
    console.log(
      `  health in ${started.healthMs.toFixed(0)} ms, first read in ${started.firstReadMs.toFixed(0)} ms; ` +
        `${atFirstAnswer.anon.toFixed(0)} MB allocated, ${atFirstAnswer.file.toFixed(0)} MB of files mapped`,
    );
    await sleep(IDLE_SECONDS);
    const idle = residentMb(server.pid!);
    console.log(
      `  idle after ${IDLE_SECONDS} s: ${idle.anon.toFixed(0)} MB allocated, ${idle.file.toFixed(0)} MB mapped`,
    );

    // What it does once started (the keyword index is built after it listens) is timed, not measured
    // as the reads' cost: the reads are of a server that has been up a while.
    const busySince = performance.now();
    await waitUntilIdle(server);
    console.log(
      `  busy starting for ${((performance.now() - busySince) / 1000 + IDLE_SECONDS).toFixed(0)} s after its first answer`,
    );
    console.log(`  reads, caches off, ${WARM_UP_SECONDS} s warm-up and ${SECONDS} s each:`);
    const loadMemory = watchMemory(server.pid!);
    const reads = await measureReads(work, keys, server);
    const underLoad = loadMemory.stop();
    console.log(`  under load: peak ${underLoad.anon.toFixed(0)} MB allocated, ${underLoad.file.toFixed(0)} MB mapped`);
    await sleep(QUIET_SECONDS);

    const sitemapMemory = watchMemory(server.pid!);
    const pass = await fetchWholeSitemap(BASE);
    const sitemapPeak = sitemapMemory.stop();
    assertRunning(server);
    const slowest = [...pass.files].sort((a, b) => b.ms - a.ms)[0]!;
    console.log(
      `  sitemap: ${pass.files.length} files, ${pass.urls} URLs in ${pass.totalMs.toFixed(0)} ms; ` +
        `slowest ${slowest.path} ${slowest.ms.toFixed(0)} ms`,
    );
    const problems = reads.flatMap((r) => r.problems.map((p) => `${r.title}: ${p}`));
    const failedFiles = pass.files.filter((f) => f.status !== 200);
    if (failedFiles.length > 0) problems.push(`sitemap: ${failedFiles.map((f) => `${f.path} ${f.status}`).join(', ')}`);
    if (pass.urls < liveJobs) problems.push(`sitemap: ${pass.urls} URLs, fewer than the ${liveJobs} live jobs`);

    await sleep(QUIET_SECONDS);
    const serverTimes = await timeServerRequests(BASE, anonymousKinds(keys, pass));
    assertRunning(server);
    for (const t of serverTimes) {
      if (t.statuses.some((s) => s !== 200)) problems.push(`${t.kind}: answered ${t.statuses.join(', ')}`);
    }
    const over = serverTimes.filter((t) => t.over);
    console.log(
      `  one request at a time: slowest ${[...serverTimes].sort((a, b) => b.medianMs - a.medianMs)[0]!.kind}` +
        `; over ${SERVER_TIME_LIMIT_MS} ms: ${over.length > 0 ? over.map((t) => `${t.kind} ${t.medianMs.toFixed(0)} ms`).join(', ') : 'none'}`,
    );

    const editToSearch = await timeEditToSearch(BASE, edited, EMPLOYER_TOKEN);
    assertRunning(server);
    problems.push(...editToSearch.problems.map((p) => `edit to search: ${p}`));
    console.log(
      `  edit to search: saved in ${editToSearch.editMs.toFixed(0)} ms, found after ` +
        `${editToSearch.searchMs === null ? '(never)' : `${editToSearch.searchMs.toFixed(0)} ms`} (${editToSearch.searches} searches)`,
    );

    const peak = maxOf(started.peak, whole.stop());
    return {
      jobs,
      resumes,
      dataset: {
        dir: kept.dir,
        reused: kept.reused,
        generateSeconds: kept.generateSeconds,
        fileMb: kept.fileMb,
        liveJobs,
      },
      start: { healthMs: started.healthMs, firstReadMs: started.firstReadMs, coldPageCache: COLD },
      memory: { starting: started.peak, atFirstAnswer, idle, underLoad, sitemap: sitemapPeak, peak },
      reads,
      sitemap: { ...pass, slowest },
      serverTimes,
      editToSearch,
      problems,
      seconds: (Date.now() - sizeStarted) / 1000,
    };
  } finally {
    whole.stop();
    await stopProcess(server);
  }
}

// ---- the reference, the tables, the file ----

const referenceOf = (size: SizeResult, source: string): Reference => ({
  p99: new Map(size.reads.map((r) => [r.name, r.p99])),
  source,
});

/** 100,000 jobs' p99 from the newest earlier result that has them. */
function earlierReference(): Reference | null {
  const dir = path.join(root, 'bench/results');
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^scale-.*\.json$/.test(f))
    .sort()
    .reverse();
  for (const name of files) {
    const earlier = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { sizes?: SizeResult[] };
    const size = earlier.sizes?.find((s) => s.jobs === REFERENCE_JOBS);
    if (size) return referenceOf(size, `bench/results/${name}`);
  }
  return null;
}

const n = (value: number) => value.toLocaleString('en');
const mb = (m: Resident) => `${m.anon.toFixed(0)} / ${m.file.toFixed(0)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printTables(
  sizes: readonly SizeResult[],
  targets: readonly TargetResult[],
  reference: Reference | null,
): void {
  console.log('\nMemory in MB as anonymous (RssAnon) / file-backed (RssFile).\n');
  console.log(
    '| jobs | dataset | health | first read | at first answer | idle | peak under load | peak anonymous | sitemap | edit → search |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const s of sizes) {
    const dataset = `${s.dataset.fileMb.toFixed(0)} MB, ${s.dataset.reused ? 'kept' : `made in ${s.dataset.generateSeconds.toFixed(0)} s`}`;
    const sitemap = `${s.sitemap.files.length} files, ${seconds(s.sitemap.totalMs)}; slowest ${s.sitemap.slowest.path} ${s.sitemap.slowest.ms.toFixed(0)} ms`;
    const edit = s.editToSearch.searchMs === null ? 'never' : `${s.editToSearch.searchMs.toFixed(0)} ms`;
    console.log(
      `| ${n(s.jobs)} | ${dataset} | ${seconds(s.start.healthMs)} | ${seconds(s.start.firstReadMs)} | ` +
        `${mb(s.memory.atFirstAnswer)} | ${mb(s.memory.idle)} | ${mb(s.memory.underLoad)} | ` +
        `${s.memory.peak.anon.toFixed(0)} | ${sitemap} | ${edit} |`,
    );
  }

  const refNote = reference ? ` (×: p99 against ${n(REFERENCE_JOBS)} jobs, ${reference.source})` : '';
  console.log(`\nReads, caches off: req/s and p99${refNote}.\n`);
  console.log(`| read | ${sizes.map((s) => `${n(s.jobs)} jobs`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---:').join('|')}|`);
  for (const read of READS) {
    const cells = sizes.map((s) => {
      const row = s.reads.find((r) => r.name === read.name);
      if (!row) return '–';
      const base = s.jobs > REFERENCE_JOBS ? reference?.p99.get(read.name) : undefined;
      const ratio = base ? ` (×${(row.p99 / base).toFixed(2)})` : '';
      return `${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms${ratio}`;
    });
    console.log(`| ${read.title} | ${cells.join(' | ')} |`);
  }

  console.log(`\nOne anonymous request at a time on an idle server: median / max of 5, ms.\n`);
  const kinds = [...new Set(sizes.flatMap((s) => s.serverTimes.map((t) => t.kind)))];
  console.log(`| request | ${sizes.map((s) => `${n(s.jobs)} jobs`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---:').join('|')}|`);
  for (const kind of kinds) {
    const cells = sizes.map((s) => {
      const t = s.serverTimes.find((x) => x.kind === kind);
      if (!t) return '–';
      return `${t.medianMs.toFixed(1)} / ${t.maxMs.toFixed(1)}${t.over ? ` OVER ${SERVER_TIME_LIMIT_MS}` : ''}`;
    });
    console.log(`| ${kind} | ${cells.join(' | ')} |`);
  }

  console.log('\nTargets.\n');
  if (targets.length === 0) {
    console.log(`(none at these sizes: the targets are at ${n(REFERENCE_JOBS)} and 1,000,000 jobs)`);
  } else {
    console.log('| jobs | target | measured | result |');
    console.log('|---:|---|---|---|');
    for (const t of targets) {
      const result = t.pass === null ? 'not judged' : t.pass ? 'pass' : 'FAIL';
      console.log(`| ${n(t.jobs)} | ${t.target} | ${t.measured} | ${result} |`);
    }
  }
  const problems = sizes.flatMap((s) => s.problems.map((p) => `${n(s.jobs)} jobs: ${p}`));
  if (problems.length > 0) console.log(`\nProblems:\n${problems.map((p) => `- ${p}`).join('\n')}`);
}

async function main() {
  const wanted = sizesWanted();
  console.log(
    `Sizes: ${wanted.map(n).join(', ')} jobs; reads of ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up, ` +
      `${CONNECTIONS} connections, caches off with ${JSON.stringify(CACHE_OFF_ENV)}`,
  );
  if (!hasTaskset) console.log('  taskset or a second core is missing: the server and the load share the CPU');
  buildForServing();

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-scale-'));
  process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
  const sizes: SizeResult[] = [];
  // A size that cannot be measured (a server that never answers) fails; the others are still reported.
  const failed: TargetResult[] = [];
  let reference: Reference | null = null;
  for (const jobs of wanted) {
    if (jobs > REFERENCE_JOBS && !reference) reference = earlierReference();
    try {
      const size = await measureSize(work, jobs);
      sizes.push(size);
      if (jobs === REFERENCE_JOBS) reference = referenceOf(size, 'this run');
    } catch (err) {
      console.error(err);
      const measured = err instanceof Error ? err.message : String(err);
      failed.push({ jobs, target: 'the size is measured', measured, pass: false });
    }
  }

  const targets = failed.concat(
    ...sizes.map((s) =>
      judgeSize(
        {
          jobs: s.jobs,
          firstReadMs: s.start.firstReadMs,
          anonUnderLoadMb: s.memory.underLoad.anon,
          anonPeakMb: s.memory.peak.anon,
          reads: s.reads,
          serverTimes: s.serverTimes,
        },
        reference,
      ),
    ),
  );
  printTables(sizes, targets, reference);

  const pass = targets.every((t) => t.pass !== false) && sizes.every((s) => s.problems.length === 0);
  const wallSeconds = (Date.now() - startedAt) / 1000;
  const out = path.join(root, 'bench/results', `scale-${timestamp()}.json`);
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
        seconds: SECONDS,
        warmUpSeconds: WARM_UP_SECONDS,
        connections: CONNECTIONS,
        cacheOffEnv: CACHE_OFF_ENV,
        coldPageCache: COLD,
        reference: reference ? { source: reference.source, p99: Object.fromEntries(reference.p99) } : null,
        wallSeconds,
        pass,
        targets,
        sizes,
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${path.relative(root, out)}`);
  console.log(`Total wall time: ${Math.floor(wallSeconds / 60)} min ${Math.floor(wallSeconds % 60)} s`);
  process.exit(pass ? 0 : 1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
