// Runs the load generator (bench/load.mjs) as its own process on the load core and reads its result.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOAD_CORE, pinned, root } from './processes.js';

export const CONNECTIONS = 50;

/** What one scenario sends: every request goes to one of `paths`, drawn at random. */
export interface LoadSpec {
  paths: readonly string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
}

export interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answers by status code. */
  statusCodes: Record<string, number>;
  /** Keys drawn: the requests sent, answered or not. */
  requestsDrawn: number;
}

const generator = path.join(root, 'bench/load.mjs');

/** Writes the spec where the generator reads it; returns the file. */
export function writeLoadSpec(dir: string, name: string, spec: LoadSpec): string {
  const file = path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ connections: CONNECTIONS, ...spec }));
  return file;
}

function isLoadResult(value: unknown): value is LoadResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['rps', 'p99', 'non2xx', 'errors', 'timeouts', 'requestsDrawn'].every((key) => typeof v[key] === 'number') &&
    typeof v.statusCodes === 'object' &&
    v.statusCodes !== null
  );
}

/** One run of `seconds` against `origin` with the spec in `specFile`; 'pass': every key once, in a random order. */
export function runLoad(specFile: string, origin: string, seconds: number | 'pass'): Promise<LoadResult> {
  const [command, args] = pinned(LOAD_CORE, process.execPath, [generator, specFile, origin, String(seconds)]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}: ${err.trim()}`));
      const result: unknown = JSON.parse(out);
      if (!isLoadResult(result)) return reject(new Error(`the load generator printed ${out.trim()}`));
      resolve(result);
    });
  });
}
