// The parts `npm run test:cluster` (cluster-test.ts) runs TeachEast on: a fresh PostgreSQL database, a
// Redis database of its own, server processes, nginx with deploy/nginx.conf, and an HTTP client that
// can speak from any loopback address (so each simulated client has an address of its own). Every
// part is started on 127.0.0.1 and a free port, and registers how to take it down again.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/create-db.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------- taking things down

/** Steps that undo what was started, run last-first by `cleanUp`, each whatever the others did. */
const cleanups: { name: string; run: () => Promise<void> }[] = [];

export function atCleanUp(name: string, run: () => Promise<void>): void {
  cleanups.push({ name, run });
}

export async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await withTimeout(step.run(), 20_000, step.name);
    } catch (err) {
      console.error(`clean-up: ${step.name} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- HTTP from many addresses

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** X-Served-By as nginx wrote it: each instance tried, the one that answered last. */
  servedBy: string[];
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** The loopback address the request comes from (a client of its own); 127.0.0.1 unless given. */
  from?: string;
  /** A keep-alive agent to reuse connections; without one each request has its own connection. */
  agent?: http.Agent;
  timeoutMs?: number;
}

/** One request to 127.0.0.1:port; rejects on a network error or after `timeoutMs` (10 s). */
export function call(port: number, urlPath: string, options: CallOptions = {}): Promise<Answer> {
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  const headers: Record<string, string> = { ...options.headers };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers,
        localAddress: options.from,
        agent: options.agent ?? false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          // nginx separates the instances it tried with ", " (and internal redirects with " : ").
          const servedBy = String(response.headers['x-served-by'] ?? '')
            .split(/,\s*| : /)
            .filter(Boolean);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            servedBy,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${urlPath}: no answer within the time limit`)));
    request.on('error', reject);
    request.end(body);
  });
}

export function jsonOf<T>(answer: Answer): T {
  return JSON.parse(answer.body.toString('utf8')) as T;
}

/** 127.0.0.1 is the test's own; each further client gets the next loopback address (127.0.1.1, …). */
let sourceCount = 0;
export function nextSourceAddress(): string {
  const n = sourceCount++;
  return `127.${1 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}

// ---------------------------------------------------------------- PostgreSQL and Redis

/** A new, empty PostgreSQL database next to `adminUrl`'s; dropped at clean-up, connections and all. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `teacheast_cluster_${randomBytes(6).toString('hex')}`;
  const admin = createDb(adminUrl);
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  atCleanUp(`dropping database ${name}`, async () => {
    const again = createDb(adminUrl);
    try {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(again);
    } finally {
      await again.destroy();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Empties one Redis database (FLUSHDB) over the wire: the URL must name a database other than 0. */
export async function flushRedisDatabase(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  const database = Number(url.pathname.slice(1) || '0');
  if (!Number.isInteger(database) || database < 1) {
    throw new Error(`${redisUrl}: name a Redis database of the test's own (e.g. /7), never the default 0`);
  }
  const command = (...args: string[]) =>
    `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  const commands = [
    ...(url.password
      ? [command('AUTH', ...(url.username ? [url.username] : []), decodeURIComponent(url.password))]
      : []),
    command('SELECT', String(database)),
    command('FLUSHDB'),
  ];
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        let replies = '';
        socket.on('error', reject);
        socket.on('data', (chunk: Buffer) => {
          replies += chunk.toString('utf8');
          const lines = replies.split('\r\n').filter(Boolean);
          const failure = lines.find((line) => line.startsWith('-'));
          if (failure) reject(new Error(`Redis: ${failure.slice(1)}`));
          else if (lines.length >= commands.length) resolve();
        });
        socket.write(commands.join(''));
      }),
      5_000,
      'Redis FLUSHDB',
    );
  } finally {
    socket.destroy();
  }
}

// ---------------------------------------------------------------- processes

/** Runs a command to its end; rejects with its output when it fails or takes longer than `timeoutMs`. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: ROOT, env, timeout: timeoutMs }, (err, stdout, stderr) => {
      // The error keeps its code: ENOENT when the command is not installed.
      if (err)
        reject(
          Object.assign(new Error(`${command} ${args.join(' ')}: ${err.message}\n${stdout}${stderr}`), {
            code: err.code,
          }),
        );
      else resolve(stdout + stderr);
    });
  });
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGTERM, and SIGKILL when the process has not gone within `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (hasExited(child)) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, graceMs)) return;
  child.kill('SIGKILL');
  await waitForExit(child, 5_000);
}

/** The end of a log file, for a failure's report. */
export function tailOf(file: string, lines = 15): string {
  if (!fs.existsSync(file)) return '(no log)';
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') || '(empty log)';
}

/** Polls GET /api/ready until it answers 200; fails at once if `child` exits. */
export async function waitReady(port: number, child: ChildProcess, logFile: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited(child)) throw new Error(`the process on :${port} exited before it was ready:\n${tailOf(logFile)}`);
    try {
      if ((await call(port, '/api/ready', { timeoutMs: 2_000 })).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`:${port} was not ready within ${timeoutMs} ms:\n${tailOf(logFile)}`);
    await sleep(200);
  }
}

export interface Instance {
  name: string;
  port: number;
  logFile: string;
  child: ChildProcess;
}

/** Starts `node --import tsx apps/server/src/main.ts` with exactly `env`; its output goes to `logFile`. */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
): Promise<Instance> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  atCleanUp(`stopping instance ${name}`, () => stop(child));
  await waitReady(port, child, logFile);
  return { name, port, logFile, child };
}

export interface Nginx {
  port: number;
  errorLog: string;
}

/**
 * deploy/nginx.conf with its placeholders filled in, in `dir`, run by nginx in the foreground as a
 * child of this process (`nginx -p dir -c dir/nginx.conf -g 'daemon off; pid …;'`). Ready once it
 * passes GET /api/ready to an instance; with `instancesDown` (instance ports nothing listens on, as
 * while every instance restarts) once it answers at all. `workers` replaces the file's
 * `worker_processes auto`, by which nginx 1.22 counts the machine's cores, not those it is pinned to.
 */
export async function startNginx(
  dir: string,
  port: number,
  instancePorts: number[],
  { instancesDown = false, workers }: { instancesDown?: boolean; workers?: number } = {},
): Promise<Nginx> {
  const logs = path.join(dir, 'logs');
  const temp = path.join(dir, 'temp');
  fs.mkdirSync(logs, { recursive: true });
  fs.mkdirSync(temp, { recursive: true });
  const values: Record<string, string> = {
    LISTEN: `127.0.0.1:${port}`,
    INSTANCE_A: `127.0.0.1:${instancePorts[0]}`,
    INSTANCE_B: `127.0.0.1:${instancePorts[1]}`,
    LOG_DIR: logs,
    TEMP_DIR: temp,
  };
  const template = fs.readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const rendered = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    // Only the placeholders in use (not the ones the comments name) must be known.
    return values[name] ?? whole;
  });
  const AUTO = /^worker_processes auto;$/m;
  if (workers !== undefined && !AUTO.test(rendered))
    throw new Error('deploy/nginx.conf has no "worker_processes auto;"');
  const configured = workers === undefined ? rendered : rendered.replace(AUTO, `worker_processes ${workers};`);
  const unfilled = configured
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#') && /\{\{[A-Z_]+\}\}/.test(line));
  if (unfilled.length > 0)
    throw new Error(`deploy/nginx.conf has placeholders this test does not fill: ${unfilled.join('; ')}`);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, configured);
  const errorLog = path.join(logs, 'error.log');
  const args = ['-p', `${dir}/`, '-e', errorLog, '-c', conf, '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`];
  // Debian installs nginx in /usr/sbin, which a user's PATH may lack.
  const env = { PATH: `${process.env.PATH ?? '/usr/bin:/bin'}:/usr/sbin:/sbin` };
  try {
    await run('nginx', ['-t', '-q', ...args], env, 15_000);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    throw missing ? new Error('nginx is not installed (Debian: apt-get install nginx)') : err;
  }
  const child = spawn('nginx', args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // SIGTERM is nginx's fast shutdown: the master stops its workers and exits.
  atCleanUp('stopping nginx', () => stop(child, 5_000));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`nginx exited: ${stderr}\n${tailOf(errorLog)}`);
    try {
      const ready = await call(port, '/api/ready', { timeoutMs: 2_000 });
      if (ready.status === 200 || instancesDown) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 15 s:\n${tailOf(errorLog)}`);
    await sleep(100);
  }
  return { port, errorLog };
}
