// `npm run bench`: TeachEast's API against a bare Node server in the same run, as ratios, so a noisy
// machine moves both numbers together. Interleaves baseline and target runs (B, T, B, T, B).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset, type DatasetInfo } from './dataset.js';
import { copyJobsToPostgres } from './postgres.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return os.cpus().length > 1;
  } catch {
    return false;
  }
})();

function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

function start(name: string, core: number, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [cmd, argv] = pinned(core, command, args);
  const child = spawn(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d}`));
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

interface Load {
  url: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

interface Result {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const autocannonBin = fileURLToPath(import.meta.resolve('autocannon/autocannon.js'));

function cannon(load: Load, seconds: number, connections = CONNECTIONS): Promise<Result> {
  const args = [autocannonBin, '-c', String(connections), '-d', String(seconds), '-j', '-m', load.method ?? 'GET'];
  for (const [k, v] of Object.entries(load.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (load.body) args.push('-b', load.body, '-H', 'content-type=application/json');
  args.push(load.url);
  const [cmd, argv] = pinned(1, process.execPath, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const j = JSON.parse(out) as {
        requests: { average: number };
        latency: { p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({ rps: j.requests.average, p99: j.latency.p99, non2xx: j.non2xx, errors: j.errors });
    });
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};

/** Sends logins one after another for `forMs`, each on a new connection as a refused client must. */
async function timeRefusedLogins(url: string, forMs: number): Promise<{ ms: number[]; statuses: number[] }> {
  const ms: number[] = [];
  const statuses: number[] = [];
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const start = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'victim@bench.example', password: 'wrong-password' }),
    });
    await res.arrayBuffer();
    ms.push(performance.now() - start);
    statuses.push(res.status);
  }
  return { ms, statuses };
}

const KEYWORD_VOCABULARY = [
  'english',
  'teacher',
  'kindergarten',
  'kinder',
  'primary',
  'school',
  'business',
  'trainer',
  'university',
  'lecturer',
  'ielts',
  'phonics',
  'conversation',
  'academic',
  'writing',
  'housing',
  'visa',
  'flight',
  'bonus',
  'weekends',
  'small',
  'classes',
  'contract',
  'salary',
  'hanoi',
  'tokyo',
  'seoul',
  'bangkok',
  'taipei',
  'shanghai',
  'jakarta',
  'osaka',
  'busan',
  'da',
  'nang',
  'young',
  'learners',
  'adults',
  'corporate',
  'coach',
  'prep',
  'centre',
];

/** `count` queries of one to three words, some quoted, some excluding, some with a half-typed last word. */
function keywordQueries(count: number): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const word = () => KEYWORD_VOCABULARY[Math.floor(next() * KEYWORD_VOCABULARY.length)]!;
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, word);
    const roll = next();
    if (roll < 0.15) return `"${words.join(' ')}"`;
    if (roll < 0.25) return `${words.join(' ')} -${word()}`;
    if (roll < 0.5) return `${words.join(' ')}`.slice(0, -2);
    return words.join(' ');
  });
}

/** 50 clients, each sending the next random query as soon as its answer is read. */
async function keywordLoad(api: string, country: string, queries: string[], seconds: number) {
  const latencies: number[] = [];
  let non2xx = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const q = queries[Math.floor(Math.random() * queries.length)]!;
        const start = performance.now();
        const res = await fetch(`${api}/api/filter-jobs?country=${country}&q=${encodeURIComponent(q)}&page=1`);
        await res.arrayBuffer();
        latencies.push(performance.now() - start);
        if (res.status !== 200) non2xx++;
      }
    }),
  );
  return {
    rps: latencies.length / seconds,
    baselineRps: 0,
    ratio: 0,
    p99: Math.round(percentile(latencies, 0.99)),
    non2xx,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Row {
  scenario: string;
  rps: number;
  baselineRps: number;
  ratio: number;
  p99: number;
  non2xx: number;
  target: string;
  pass: boolean;
}

const BASE = 'http://127.0.0.1:4101/';

/** B, T, B, T, B, T, B: each T is compared with the mean of the B runs either side of it; the median wins. */
async function measure(
  target: Load,
): Promise<{ rps: number; baselineRps: number; ratio: number; p99: number; non2xx: number }> {
  await cannon(target, 2); // warm-up: JIT, caches, connections
  const b = [await cannon({ url: BASE }, DURATION)];
  const t: Result[] = [];
  for (let i = 0; i < 3; i++) {
    t.push(await cannon(target, DURATION));
    b.push(await cannon({ url: BASE }, DURATION));
  }
  const ratios = t.map((r, i) => r.rps / ((b[i]!.rps + b[i + 1]!.rps) / 2));
  return {
    rps: median(t.map((r) => r.rps)),
    baselineRps: median(b.map((r) => r.rps)),
    ratio: median(ratios),
    p99: median(t.map((r) => r.p99)),
    non2xx: t.reduce((n, r) => n + r.non2xx, 0),
  };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-bench-'));
  const file = path.join(work, 'bench.db');
  let t0 = Date.now();
  console.log('Generating the dataset (100,000 jobs, 20,000 resumes)…');
  const data: DatasetInfo = await generateDataset(file);
  console.log(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const serverEnv = {
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: '1',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MEDIA_DIR: path.join(work, 'media'),
  };
  const baseline = start('baseline', 0, process.execPath, ['bench/baseline.mjs'], { PORT: '4101' });
  let server = start('server', 0, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    ...serverEnv,
    PORT: '4100',
    DATABASE_URL: `sqlite:${file}`,
  });
  const children = [baseline, server];
  const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  process.on('exit', stopAll);
  await waitFor(BASE);
  await waitFor('http://127.0.0.1:4100/api/health');

  const api = 'http://127.0.0.1:4100';
  const { country, city, ageGroup } = data.sampleCity;
  const jobId = data.jobIds[data.jobIds.length - 7]!;
  const subscriber = { authorization: `Bearer ${data.subscriberToken}` };
  const rows: Row[] = [];
  const add = (scenario: string, m: Awaited<ReturnType<typeof measure>>, target: string, pass: boolean) => {
    rows.push({ scenario, ...m, target, pass });
    console.log(
      `  ${scenario}: ${m.rps.toFixed(0)} req/s, ratio ${m.ratio.toFixed(2)}, p99 ${m.p99} ms ${pass ? 'PASS' : 'FAIL'} (${target})`,
    );
  };

  // BENCH_ONLY=health,attack runs a subset while working on one number; the full run measures everything.
  const only = process.env.BENCH_ONLY?.split(',');
  const want = (name: string) => !only || only.includes(name);
  t0 = Date.now();
  console.log('Measuring…');
  const health = await measure({ url: `${api}/api/health` });
  add('GET /api/health', health, 'ratio >= 0.75', health.ratio >= 0.75);
  let list = health;
  if (want('list')) {
    list = await measure({ url: `${api}/api/filter-jobs?country=${country}&page=1` });
    add('filter-jobs page 1', list, 'ratio >= 0.25, p99 <= 30 ms', list.ratio >= 0.25 && list.p99 <= 30);
    const deep = await measure({ url: `${api}/api/filter-jobs?country=${country}&page=500` });
    add('filter-jobs page 500', deep, '>= 0.5 of page 1', deep.rps >= 0.5 * list.rps);
    const filtered = await measure({
      url: `${api}/api/filter-jobs?country=${country}&city=${encodeURIComponent(city)}&ageGroup=${ageGroup}&page=1`,
    });
    add('filter-jobs city + age group', filtered, 'ratio >= 0.25', filtered.ratio >= 0.25);
  }
  if (want('keywords')) {
    // Keyword search with words drawn at random from thousands of queries, so no answer is reused.
    const kw = await keywordLoad(api, country, keywordQueries(2000), DURATION);
    rows.push({
      scenario: 'filter-jobs with q (random words)',
      ...kw,
      target: 'p99 <= 100 ms, no errors',
      pass: kw.p99 <= 100 && kw.non2xx === 0,
    });
    console.log(`  filter-jobs with q: ${kw.rps.toFixed(0)} req/s, p99 ${kw.p99} ms, ${kw.non2xx} non-2xx`);
  }
  if (want('posting')) {
    const posting = await measure({ url: `${api}/api/job/${jobId}` });
    add('GET /api/job/{uuid}', posting, 'ratio >= 0.35, p99 <= 15 ms', posting.ratio >= 0.35 && posting.p99 <= 15);
  }
  if (want('board')) {
    const board = await measure({
      url: `${api}/api/resume-board/filter/${data.subscriberId}?page=1`,
      headers: subscriber,
    });
    add('resume board (subscriber)', board, 'ratio >= 0.2', board.ratio >= 0.2);
  }

  // Health while 50 connections hammer the login route: the surplus logins must be refused cheaply.
  if (want('attack')) {
    const hammer = cannon(
      {
        url: `${api}/api/login`,
        method: 'POST',
        body: JSON.stringify({ email: 'victim@bench.example', password: 'wrong-password' }),
      },
      DURATION + 2,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const underAttack = await cannon({ url: `${api}/api/health` }, DURATION);
    // In the flood's last second, one more client from the locked-out address: how fast is it refused?
    const refused = await timeRefusedLogins(`${api}/api/login`, 800);
    const login = await hammer;
    const attackRatio = underAttack.rps / health.rps;
    rows.push({
      scenario: 'health while login is hammered',
      rps: underAttack.rps,
      baselineRps: health.rps,
      ratio: attackRatio,
      p99: underAttack.p99,
      non2xx: login.non2xx,
      target: '>= 0.5 of health alone',
      pass: attackRatio >= 0.5,
    });
    console.log(
      `  health under login attack: ${attackRatio.toFixed(2)} of health alone; logins: ${login.rps.toFixed(0)} req/s, ${login.non2xx} refused (429), p99 ${login.p99} ms`,
    );
    const refusedP99 = percentile(refused.ms, 0.99);
    rows.push({
      scenario: 'a further login during the flood',
      rps: refused.ms.length / 0.8,
      baselineRps: 0,
      ratio: refused.statuses.filter((s) => s === 429).length / refused.statuses.length,
      p99: Math.round(refusedP99),
      non2xx: refused.statuses.filter((s) => s !== 200).length,
      target: 'all 429 (ratio 1), p99 <= 50 ms',
      pass: refused.statuses.every((s) => s === 429) && refusedP99 <= 50,
    });
    console.log(
      `  a further login during the flood: ${refused.ms.length} sent one after another, statuses ${[...new Set(refused.statuses)].join(', ')}, median ${percentile(refused.ms, 0.5).toFixed(1)} ms, p99 ${refusedP99.toFixed(1)} ms`,
    );
  }

  if (process.env.BENCH_DATABASE_URL && want('list')) {
    console.log('Copying the jobs to PostgreSQL…');
    await copyJobsToPostgres(file, process.env.BENCH_DATABASE_URL);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    server = start('server-pg', 0, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      ...serverEnv,
      PORT: '4100',
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
    });
    children.push(server);
    await waitFor('http://127.0.0.1:4100/api/health');
    const pgList = await measure({ url: `${api}/api/filter-jobs?country=${country}&page=1` });
    add(
      'PostgreSQL filter-jobs page 1',
      { ...pgList, ratio: pgList.rps / list.rps },
      '>= 0.5 of the SQLite list',
      pgList.rps >= 0.5 * list.rps,
    );
  }
  console.log(`  measured in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  console.log('\n| scenario | req/s | baseline req/s | ratio | p99 ms | target | result |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.rps.toFixed(0)} | ${r.baselineRps.toFixed(0)} | ${r.ratio.toFixed(2)} | ${r.p99} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`,
    );
  }
  const out = path.join(root, 'bench/results', `${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        cpus: os.cpus().length,
        pinned: hasTaskset,
        seconds: DURATION,
        connections: CONNECTIONS,
        rows,
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${path.relative(root, out)}`);
  stopAll();
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(rows.every((r) => r.pass) ? 0 : 1);
}

void main();
