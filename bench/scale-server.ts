// The server of the scale benchmark (bench/scale.ts): started and timed from its spawn, and its
// resident memory read as the kernel counts it.
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { startProcess, stopProcess, waitForHttp } from './processes.js';
import { SERVER_ARGS, serverEnv, type ServerOptions } from './servers.js';

/** A million jobs index for a while before the server listens; past this it is not coming up. */
const START_TIMEOUT_MS = 10 * 60_000;
const SAMPLE_EVERY_MS = 200;

export interface Resident {
  rss: number;
  anon: number;
  file: number;
}

/**
 * The resident memory of a process in MB (Linux): all of it (VmRSS); what it allocated itself
 * (RssAnon: heaps, buffers), which is what the targets hold; and the pages of files it maps (RssFile),
 * above all the database SQLite reads through mmap, which the kernel takes back whenever it needs.
 */
export function residentMb(pid: number): Resident {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

/** Samples a process's memory every SAMPLE_EVERY_MS until stopped; answers the peak of each figure. */
export function watchMemory(pid: number): { stop: () => Resident } {
  const peak: Resident = { rss: 0, anon: 0, file: 0 };
  const sample = () => {
    let now: Resident;
    try {
      now = residentMb(pid);
    } catch {
      return; // exited: the caller's assertRunning says so
    }
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
    peak.file = Math.max(peak.file, now.file);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { ...peak };
    },
  };
}

/**
 * Asks the kernel to drop the files' pages from its cache (GNU dd's documented `iflag=nocache
 * count=0`), so the server starts as after a reboot, reading its database from the disk.
 */
export function dropFromPageCache(files: string[]): void {
  for (const file of files.filter((f) => fs.existsSync(f))) {
    const dd = spawnSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (dd.status !== 0) throw new Error(`dd could not drop ${file} from the page cache: ${dd.stderr.toString()}`);
  }
}

export interface TimedStart {
  child: ChildProcess;
  /** From the spawn to /api/health answering 200. */
  healthMs: number;
  /** From the spawn to the first real read answering 200: "answers" in the targets. */
  firstReadMs: number;
  /** The peak while it started. */
  peak: Resident;
}

/** Starts a server as bench/servers.ts does, timing it from the spawn to its health and first read. */
export async function startTimedServer(options: ServerOptions, firstRead: string): Promise<TimedStart> {
  const started = performance.now();
  const child = startProcess(options.name, options.core, SERVER_ARGS, serverEnv(options));
  const memory = watchMemory(child.pid!);
  try {
    const base = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${base}/api/health`, child, START_TIMEOUT_MS);
    const healthMs = performance.now() - started;
    await waitForHttp(base + firstRead, child, START_TIMEOUT_MS);
    const firstReadMs = performance.now() - started;
    return { child, healthMs, firstReadMs, peak: memory.stop() };
  } catch (err) {
    memory.stop();
    await stopProcess(child);
    throw err;
  }
}
