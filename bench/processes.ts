// The processes a benchmark starts: pinned to a core with taskset where the machine has one to spare,
// watched so that one which dies (a port already taken) stops the run instead of letting another
// program answer in its place, and all stopped when the benchmark ends, however it ends.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './process-cpu.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Servers on core 0, the load generator on core 1: they never take CPU time from each other. */
export const SERVER_CORE = 0;
export const LOAD_CORE = 1;

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return os.cpus().length > 1;
  } catch {
    return false;
  }
})();

/** The command line that runs `command` on `core` (null: wherever the kernel puts it). */
export function pinned(core: number | null, command: string, args: string[]): [string, string[]] {
  return hasTaskset && core !== null ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
}

const started = new Set<ChildProcess>();
const stopping = new WeakSet<ChildProcess>();
const names = new WeakMap<ChildProcess, string>();
let cleanupInstalled = false;

function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
}

/** Starts a long-running child (a server); its stderr is passed on with its name in front. */
export function startProcess(
  name: string,
  core: number | null,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): ChildProcess {
  installCleanup();
  const [command, argv] = pinned(core, process.execPath, args);
  const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${name}] ${d.toString()}`));
  started.add(child);
  names.set(child, name);
  child.once('exit', (code, signal) => {
    started.delete(child);
    if (!stopping.has(child)) process.stderr.write(`[${name}] exited unexpectedly (${signal ?? code})\n`);
  });
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stopping.add(child);
  child.kill('SIGTERM');
  await exited;
}

/** Throws when one of `children` has exited: whatever was measured since did not measure it. */
export function assertRunning(...children: ChildProcess[]): void {
  const gone = children.filter((c) => c.exitCode !== null || c.signalCode !== null);
  if (gone.length > 0) {
    const which = gone.map((c) => `${names.get(c) ?? c.pid} (${c.signalCode ?? c.exitCode})`).join(', ');
    throw new Error(`exited during the benchmark: ${which}`);
  }
}

/** Waits until `url` answers 200, failing as soon as `child` (the process that should answer) exits. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process for ${url} exited (${child.exitCode ?? child.signalCode}) before it answered`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up within ${timeoutMs / 1000} s`);
}

/**
 * Waits until a server that answers has finished what it does once started (the keyword index is
 * built after it listens; a server that keeps pages renders every live posting ahead, two minutes at
 * 100,000 jobs here): until it spends under a tenth of a core over a second. A server that has been
 * up a while is what the benchmarks measure.
 */
export async function waitUntilIdle(child: ChildProcess, timeoutMs = 900_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    assertRunning(child);
    const before = processCpuMs(child.pid!);
    await new Promise((r) => setTimeout(r, 1000));
    if (processCpuMs(child.pid!) - before < 100) return;
  }
  throw new Error(`the server was still busy ${timeoutMs / 1000} s after it answered`);
}

/** Refuses to start on a port something else listens on: its answers would be measured as ours. */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use: stop what listens there, or set BENCH_PORT to another range`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * Resident memory of a process in MB (Linux): all of it (VmRSS), and the part the process allocated
 * itself (RssAnon: heap, buffers), without the pages of files it maps, such as a database file
 * SQLite reads through mmap, which the kernel can drop whenever it needs the memory.
 */
export function memoryMb(pid: number): { rss: number; anon: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024 };
}

/** A file name part for the moment: 2026-11-22T14-07-35. */
export function timestamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/:/g, '-');
}
