// `npm run bench:sitemap`: 100,000 live jobs, the whole sitemap fetched over HTTP from a running
// server, timing each pass and the server's extra memory (bench/sitemap-bench.ts, which `npm run bench`
// runs too). Targets: 2 s and 50 MB. Set BENCH_DATABASE_URL to a PostgreSQL database the bench may
// empty to measure PostgreSQL as well.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDataset } from './dataset.js';
import { copyJobsToPostgres } from './postgres.js';
import { root, timestamp } from './processes.js';
import { buildForServing } from './servers.js';
import { makeEveryJobLive, measureSitemap, printSitemapTable, sitemapRows, type SitemapPass } from './sitemap-bench.js';

const PORT = 4300;
const JOBS = 100_000;

async function main() {
  buildForServing();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-sitemap-bench-'));
  const file = path.join(work, 'bench.db');
  console.log(`Generating ${JOBS.toLocaleString('en')} jobs…`);
  await generateDataset(file, JOBS, 0);
  makeEveryJobLive(file);

  const mediaDir = path.join(work, 'media');
  const passes: SitemapPass[] = [];
  for (const cache of ['off', 'default'] as const) {
    passes.push(
      ...(await measureSitemap({
        database: 'sqlite',
        databaseUrl: `sqlite:${file}`,
        mediaDir,
        cache,
        port: PORT,
        jobs: JOBS,
      })),
    );
  }
  if (process.env.BENCH_DATABASE_URL) {
    console.log('Copying the jobs to PostgreSQL…');
    await copyJobsToPostgres(file, process.env.BENCH_DATABASE_URL);
    passes.push(
      ...(await measureSitemap({
        database: 'postgres',
        databaseUrl: process.env.BENCH_DATABASE_URL,
        mediaDir,
        cache: 'off',
        port: PORT,
        jobs: JOBS,
      })),
    );
  }
  fs.rmSync(work, { recursive: true, force: true });

  const rows = sitemapRows(passes);
  printSitemapTable(rows);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results', `sitemap-${timestamp()}.json`),
    JSON.stringify({ date: new Date().toISOString(), jobs: JOBS, cpus: os.cpus().length, passes, rows }, null, 2),
  );
  process.exit(rows.every((r) => r.pass) ? 0 : 1);
}

void main();
