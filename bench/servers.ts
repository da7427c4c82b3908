// TeachEast servers as the benchmarks start them: production mode, quiet logs, and either the cache
// configuration the server has by default or every read cache turned off.
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, startProcess, waitForHttp, waitUntilIdle } from './processes.js';

/**
 * How `npm run serve` runs the server (the bundle scripts/build-server.ts makes, with Node's flags),
 * read from package.json so that what is measured is what is served.
 */
export const SERVER_ARGS = serveArgs();

function serveArgs(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = (scripts.serve ?? '').split(/\s+/);
  if (command !== 'node' || args.length === 0) throw new Error(`npm run serve is not "node …": ${scripts.serve}`);
  return args;
}

/** Builds what a served server runs: the web app (when its sources changed) and the server's bundle. */
export function buildForServing(): void {
  for (const args of [['scripts/build-web.ts', '--if-changed'], ['scripts/build-server.ts']]) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`${args[0]} exited with ${built.status}`);
  }
}

/**
 * What turns off every cache that lets a read skip its work: the response cache and, with it, the
 * server's rendered-page cache. The one place to add a variable when another cache appears.
 */
export const CACHE_OFF_ENV: Readonly<Record<string, string>> = { RESPONSE_CACHE_MS: '0' };

/** 'default': the caches as the server configures them in production; 'off': CACHE_OFF_ENV. */
export type CacheMode = 'default' | 'off';

export interface ServerOptions {
  name: string;
  port: number;
  databaseUrl: string;
  mediaDir: string;
  cache: CacheMode;
  /** The core to pin it to, or null to leave it to the kernel. */
  core: number | null;
}

export function serverEnv(options: Omit<ServerOptions, 'name' | 'core'>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The default server gets the server's own defaults, whatever the shell running the bench has set.
  for (const name of Object.keys(CACHE_OFF_ENV)) delete env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: '1',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    MEDIA_DIR: options.mediaDir,
    ...(options.cache === 'off' ? CACHE_OFF_ENV : {}),
  };
}

/** Starts a server and waits until it answers its health check and has finished starting. */
export async function startServer(options: ServerOptions): Promise<ChildProcess> {
  const child = startProcess(options.name, options.core, SERVER_ARGS, serverEnv(options));
  await waitForHttp(`http://127.0.0.1:${options.port}/api/health`, child);
  await waitUntilIdle(child);
  return child;
}
