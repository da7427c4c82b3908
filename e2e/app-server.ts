// Starts the real TeachEast server for one Playwright worker: its own port, SQLite file and media
// folder, mail going to the worker's SMTP server, and the built web app.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');

// Settings from the developer's shell that would change what the tests see.
const INHERITED_SETTINGS_TO_DROP = [
  'REDIS_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_RESUME_BOARD_PRICE',
  'PAYMENT_PROVIDER',
  'ALLOW_TEST_PAYMENTS',
  'BLOB_STORE',
  'CONTACT_TO',
  'MAIL_FROM',
  'SESSION_TTL_DAYS',
  'TRUST_PROXY',
];

export interface AppServer {
  url: string;
  /** Runs `npm run admin -- …args` against this server's database and mail; answers what it printed. */
  admin(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startAppServer({ smtpPort }: { smtpPort: number }): Promise<AppServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST} has no index.html). Run \`npm run build\` first.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teacheast-e2e-'));

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_TO_DROP) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
    MEDIA_DIR: path.join(dataDir, 'media'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: url,
    WEB_DIST,
    LOG_LEVEL: 'warn',
    // One proxy hop is trusted, so the fixtures' accounts can each come from an address of their own
    // (fixtures.ts): a worker makes more accounts than one address may make in an hour.
    TRUST_PROXY: '1',
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Warnings and errors of the server belong in the test output; keep them for a failed start too.
  const output: string[] = [];
  const relay = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    process.stderr.write(text.replace(/^(?=.)/gm, `[server :${port}] `));
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode}):\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health within 45 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const admin = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/admin.ts', ...args],
        { cwd: REPO_ROOT, env },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
      );
    });
  return { url, admin, stop };
}
