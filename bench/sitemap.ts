// `npm run bench:sitemap`: 100,000 live jobs, the whole sitemap (the index and every part) fetched over
// HTTP from a running server, timing each pass and the server's extra memory (its resident set
// sampled every few milliseconds, peak minus what it held before). Targets: 2 s and 50 MB.
// The response cache keeps only whole string answers and sitemaps are streamed, so it never holds
// one; each pass runs with it off and on all the same, to show it. Set BENCH_DATABASE_URL to a
// PostgreSQL database the bench may empty to measure PostgreSQL as well.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { generateDataset } from './dataset.js';
import { copyJobsToPostgres } from './postgres.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4300;
const BASE = `http://127.0.0.1:${PORT}`;
const JOBS = 100_000;
const PASSES = 3;
const TARGET_SECONDS = 2;
const TARGET_MB = 50;
const DAY_MS = 86_400_000;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitForServer(server: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not come up');
}

/** Every URL of the sitemap, following the index to its parts; answers the URLs and the bytes read. */
async function fetchWholeSitemap(): Promise<{ urls: number; parts: number; bytes: number }> {
  const read = async (url: string) => {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return res.text();
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  const top = await read(`${BASE}/sitemap.xml`);
  let bytes = top.length;
  if (!top.includes('<sitemapindex')) return { urls: locs(top).length, parts: 1, bytes };
  let urls = 0;
  const parts = locs(top);
  for (const part of parts) {
    // The index names parts under PUBLIC_URL; the bench server answers them on its own port.
    const xml = await read(`${BASE}${new URL(part).pathname}`);
    bytes += xml.length;
    urls += locs(xml).length;
  }
  return { urls, parts: parts.length + 1, bytes };
}

interface Pass {
  database: string;
  responseCache: 'off' | 'on';
  seconds: number;
  extraMb: number;
  rssBeforeMb: number;
  urls: number;
  parts: number;
  megabytes: number;
  feedMs: number;
}

async function measure(database: string, databaseUrl: string, work: string, cacheMs: number): Promise<Pass[]> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: path.join(work, 'media'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: '1',
      RESPONSE_CACHE_MS: String(cacheMs),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(server);
    // One warm-up fetch of the feed (code paths compiled, statements prepared) before anything is timed.
    await (await fetch(`${BASE}/feed.xml`)).text();
    const passes: Pass[] = [];
    for (let i = 0; i < PASSES; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const rssBeforeMb = rssMb(server.pid!);
      let peakMb = rssBeforeMb;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid!))), 5);
      const started = performance.now();
      const whole = await fetchWholeSitemap();
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peakMb = Math.max(peakMb, rssMb(server.pid!));
      if (whole.urls !== JOBS + 11) throw new Error(`expected ${JOBS + 11} URLs, read ${whole.urls}`);
      const feedStarted = performance.now();
      await (await fetch(`${BASE}/feed.xml`)).text();
      const feedMs = performance.now() - feedStarted;
      const pass: Pass = {
        database,
        responseCache: cacheMs > 0 ? 'on' : 'off',
        seconds,
        extraMb: peakMb - rssBeforeMb,
        rssBeforeMb,
        urls: whole.urls,
        parts: whole.parts,
        megabytes: whole.bytes / 1_048_576,
        feedMs,
      };
      console.log(
        `  ${database}, cache ${pass.responseCache}, pass ${i + 1}: ${seconds.toFixed(2)} s, +${pass.extraMb.toFixed(1)} MB ` +
          `(RSS ${rssBeforeMb.toFixed(0)} MB before), ${whole.urls} URLs in ${whole.parts} files, ` +
          `${pass.megabytes.toFixed(1)} MB of XML; feed ${feedMs.toFixed(0)} ms`,
      );
      passes.push(pass);
    }
    return passes;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-sitemap-bench-'));
  const file = path.join(work, 'bench.db');
  console.log(`Generating ${JOBS.toLocaleString('en')} jobs…`);
  await generateDataset(file, JOBS, 0);
  // The dataset lets about one job in ten expire; here every one of them is live.
  const now = Date.now();
  const sqlite = new SQLite(file);
  sqlite.prepare('update jobs set published_at = ? where published_at <= ?').run(now - DAY_MS, now - 44 * DAY_MS);
  sqlite.close();

  const passes: Pass[] = [];
  for (const cacheMs of [0, 1000]) passes.push(...(await measure('sqlite', `sqlite:${file}`, work, cacheMs)));
  if (process.env.BENCH_DATABASE_URL) {
    console.log('Copying the jobs to PostgreSQL…');
    await copyJobsToPostgres(file, process.env.BENCH_DATABASE_URL);
    passes.push(...(await measure('postgres', process.env.BENCH_DATABASE_URL, work, 0)));
  }
  fs.rmSync(work, { recursive: true, force: true });

  console.log(`\n| database | response cache | worst time | target | worst extra memory | target | result |`);
  console.log('|---|---|---:|---|---:|---|---|');
  let allPass = true;
  for (const key of [...new Set(passes.map((p) => `${p.database} ${p.responseCache}`))]) {
    const group = passes.filter((p) => `${p.database} ${p.responseCache}` === key);
    const seconds = Math.max(...group.map((p) => p.seconds));
    const extraMb = Math.max(...group.map((p) => p.extraMb));
    const pass = seconds <= TARGET_SECONDS && extraMb <= TARGET_MB;
    allPass &&= pass;
    const [database, cache] = key.split(' ');
    console.log(
      `| ${database} | ${cache} | ${seconds.toFixed(2)} s | <= ${TARGET_SECONDS} s | ${extraMb.toFixed(1)} MB | <= ${TARGET_MB} MB | ${pass ? 'pass' : 'FAIL'} |`,
    );
  }
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results', `sitemap-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`),
    JSON.stringify({ date: new Date().toISOString(), jobs: JOBS, cpus: os.cpus().length, passes }, null, 2),
  );
  process.exit(allPass ? 0 : 1);
}

void main();
