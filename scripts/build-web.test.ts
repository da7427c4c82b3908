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

/** A name found only in React's development build (its production build has none of it). */
const DEVELOPMENT_REACT = 'react_stack_bottom_frame';

/** The built scripts that carry React's development build. */
function developmentScripts(): string[] {
  const scripts = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  return scripts.filter(
    (f) =>
      f.startsWith('jsx-dev-runtime') ||
      fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes(DEVELOPMENT_REACT),
  );
}

describe('web build', () => {
  it('is a production build even when the shell says NODE_ENV=test', () => {
    run([], { NODE_ENV: 'test' });
    expect(developmentScripts()).toEqual([]);
  }, 120_000);

  it('is a production build when Vite is run directly too (npm run build -w apps/web), whatever NODE_ENV says', () => {
    // `npm start` serves such a build as it is when the sources have not changed since the last stamp.
    const vite = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: path.join(root, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(vite.status, vite.stderr).toBe(0);
    expect(developmentScripts()).toEqual([]);
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
