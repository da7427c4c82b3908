// The served build is always a production build, and `npm start` does not rebuild an up-to-date one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(root, 'apps/web/dist-ssr/.source-stamp');

function run(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-web.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** Text found only in React's development build. */
const DEVELOPMENT_REACT = 'react-stack-bottom-frame';

describe('web build', () => {
  it('is a production build even when the shell says NODE_ENV=test', () => {
    run([], { NODE_ENV: 'test' });
    const scripts = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((f) => f.startsWith('jsx-dev-runtime'))).toEqual([]);
    const development = scripts.filter((f) =>
      fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes(DEVELOPMENT_REACT),
    );
    expect(development).toEqual([]);
  }, 120_000);

  it('--if-changed keeps a build made from the same sources and rebuilds a stale one', () => {
    run([], { NODE_ENV: 'development' });
    const index = path.join(dist, 'index.html');
    const builtAt = fs.statSync(index).mtimeMs;
    expect(run(['--if-changed'], {})).toMatch(/up to date/);
    expect(fs.statSync(index).mtimeMs).toBe(builtAt);
    fs.writeFileSync(stampFile, 'made from other sources');
    expect(run(['--if-changed'], {})).not.toMatch(/up to date/);
    expect(fs.statSync(index).mtimeMs).toBeGreaterThan(builtAt);
    expect(run(['--if-changed'], {})).toMatch(/up to date/);
  }, 120_000);
});
