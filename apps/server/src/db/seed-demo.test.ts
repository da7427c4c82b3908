// `npm run demo` seeds accounts that share a published password: it must refuse a production environment.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('demo seed', () => {
  it('refuses to run with NODE_ENV=production, with one line and nothing written', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/seed-demo.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', ALLOW_TEST_PAYMENTS: '1' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'npm run demo refuses to run with NODE_ENV=production: its accounts share a published password',
    ]);
    expect(result.stdout).not.toMatch(/Demo data added/);
  });

  it('npm run demo refuses NODE_ENV=production before it builds, seeds or serves anything', () => {
    const result = spawnSync('npm', ['run', '--silent', 'demo'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', ALLOW_TEST_PAYMENTS: '1' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'npm run demo refuses to run with NODE_ENV=production: its accounts share a published password',
    ]);
    // Not even the web build's check has run.
    expect(result.stdout).toBe('');
  });
});
