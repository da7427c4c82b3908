// The datasets of the scale benchmark (bench/scale.ts), generated once per size and kept between runs:
// a million jobs take minutes to write. Each lives in a folder named by its size and by a hash of what
// shapes it (the generator, the factories it draws from, the migrations), so a changed generator or a
// new migration makes a new one instead of a server migrating an old one while its start is timed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { COUNTRY_VALUES, EXPIRY_WARNING_DAYS, POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import { hashToken } from '../apps/server/src/features/accounts/tokens.js';
import type { DatasetInfo } from './dataset.js';
import { root } from './processes.js';

const DAY_MS = 86_400_000;
const LIFETIME_MS = POSTING_LIFETIME_DAYS * DAY_MS;
/**
 * A kept dataset is used only while every job live in it stays live this much longer, the length of a
 * run at a million jobs with room to spare: a job that expires during a run would turn its keys into
 * 404s. The generator publishes its live jobs within 44 of the 45 days, so a dataset lasts a day.
 */
const RUN_MARGIN_MS = 2 * 3_600_000;
/** What the generated data depends on, files or folders of files. */
const SOURCES = [
  'bench/dataset.ts',
  'apps/server/src/demo/factories.ts',
  'apps/server/src/demo/terms-factory.ts',
  'apps/server/src/db/job-terms.ts',
  'apps/server/src/db/migrations',
];
const PROGRESS_EVERY_MS = 15_000;

/** The session token of the employer whose job the edit scenario changes, written by prepareForRun. */
export const EMPLOYER_TOKEN = 'bench-scale-employer-token-0123456789abcdefghijklmnop';

export interface KeptDataset {
  dir: string;
  file: string;
  info: DatasetInfo;
  reused: boolean;
  /** How long generating it took, when it was generated (in this run or the one that kept it). */
  generateSeconds: number;
  /** The database file with its write-ahead log. */
  fileMb: number;
}

interface InfoFile {
  info: DatasetInfo;
  generatedAt: number;
  generateSeconds: number;
}

function sourceHash(): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap((source) => {
    const full = path.join(root, source);
    if (!fs.statSync(full).isDirectory()) return [source];
    return fs
      .readdirSync(full)
      .sort()
      .map((name) => path.join(source, name));
  });
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 12);
}

const megabytesOf = (files: string[]) =>
  files.reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0) / 1_048_576;
const databaseFiles = (file: string) => [file, `${file}-wal`];

const liveCount = (info: DatasetInfo) => COUNTRY_VALUES.reduce((n, c) => n + info.liveJobIds[c].length, 0);

/** How many jobs will still be live at `moment`. */
function jobsLiveAt(file: string, moment: number): number {
  const sqlite = new SQLite(file);
  try {
    const row = sqlite.prepare('select count(*) as n from jobs where published_at > ?').get(moment - LIFETIME_MS);
    return (row as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

/** Why a kept dataset cannot serve this run, or null when it can. */
function unusable(file: string, infoFile: string): string | null {
  if (!fs.existsSync(infoFile) || !fs.existsSync(file)) return 'not generated yet';
  const kept = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as InfoFile;
  const live = liveCount(kept.info);
  const stillLive = jobsLiveAt(file, Date.now() + RUN_MARGIN_MS);
  if (stillLive !== live) {
    const hours = ((Date.now() - kept.generatedAt) / 3_600_000).toFixed(0);
    return `generated ${hours} h ago, ${live - stillLive} of its ${live} live jobs would expire before the run ends`;
  }
  return null;
}

let generator: ChildProcess | null = null;
process.on('exit', () => generator?.kill('SIGTERM'));

/** Runs bench/scale-generate.ts, printing how far it has written every few seconds. */
async function generate(file: string, infoFile: string, jobs: number, resumes: number): Promise<void> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/scale-generate.ts', file, infoFile, String(jobs), String(resumes)],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  generator = child;
  const progress = setInterval(() => {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`  … ${seconds} s, ${megabytesOf(databaseFiles(file)).toFixed(0)} MB written`);
  }, PROGRESS_EVERY_MS);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
    });
    if (code !== 0) throw new Error(`bench/scale-generate.ts exited with ${code ?? 'a signal'}`);
  } finally {
    clearInterval(progress);
    generator = null;
  }
}

/** The kept dataset of this size, generated first when there is none still usable. */
export async function keptDataset(jobs: number, resumes: number): Promise<KeptDataset> {
  const base = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'teacheast-scale-data');
  const dir = path.join(base, `jobs-${jobs}-resumes-${resumes}-${sourceHash()}`);
  const file = path.join(dir, 'bench.db');
  const infoFile = path.join(dir, 'info.json');
  const why = unusable(file, infoFile);
  const reused = why === null;
  if (!reused) {
    console.log(`Generating ${jobs.toLocaleString('en')} jobs and ${resumes.toLocaleString('en')} resumes (${why})…`);
    console.log(`  into ${dir}`);
    // Written beside the final folder and renamed when whole: an interrupted run leaves no half dataset.
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    try {
      await generate(path.join(partial, 'bench.db'), path.join(partial, 'info.json'), jobs, resumes);
    } catch (err) {
      fs.rmSync(partial, { recursive: true, force: true });
      throw err;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(partial, dir);
  }
  const kept = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as InfoFile;
  const fileMb = megabytesOf(databaseFiles(file));
  console.log(
    reused
      ? `Using the kept dataset of ${jobs.toLocaleString('en')} jobs (${fileMb.toFixed(0)} MB) in ${dir}`
      : `  done in ${kept.generateSeconds.toFixed(1)} s (${fileMb.toFixed(0)} MB)`,
  );
  return { dir, file, info: kept.info, reused, generateSeconds: kept.generateSeconds, fileMb };
}

export interface EditedJob {
  id: string;
  ownerId: string;
  country: string;
}

/**
 * Writes what a run needs into the dataset before its server starts, and answers the job the edit
 * scenario changes: the newest live job of the first country, so it stays live however long the run.
 *
 * - The expiry notices of the jobs that have come within their warning since the dataset was made
 *   (a server running all along would have sent them): without them the server would mail them in
 *   the middle of the first measurements, as dataset.ts explains for the ones it writes.
 * - A session of that job's owner, under EMPLOYER_TOKEN.
 */
export function prepareForRun(file: string): EditedJob {
  const now = Date.now();
  const sqlite = new SQLite(file);
  try {
    sqlite
      .prepare(
        `insert or ignore into expiry_notices (job_id, published_at, sent_at)
         select id, published_at, ? from jobs where published_at > ? and published_at <= ?`,
      )
      .run(now, now - LIFETIME_MS, now - LIFETIME_MS + EXPIRY_WARNING_DAYS * DAY_MS + RUN_MARGIN_MS);
    const job = sqlite
      .prepare(
        `select id, user_id as ownerId, country from jobs where country = ? and published_at > ?
         order by published_at desc limit 1`,
      )
      .get(COUNTRY_VALUES[0], now - LIFETIME_MS) as EditedJob | undefined;
    if (!job) throw new Error(`the dataset has no live job in ${COUNTRY_VALUES[0]}`);
    sqlite
      .prepare('insert or replace into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)')
      .run(hashToken(EMPLOYER_TOKEN), job.ownerId, now, now + DAY_MS);
    return job;
  } finally {
    sqlite.close();
  }
}
