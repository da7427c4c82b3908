import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: 'sqlite:./data/teacheast.db',
      blobStore: 'fs',
      paymentProvider: 'test',
      sessionTtlDays: 30,
    });
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT must be a whole number from 1 to 65535/);
      expect((err as Error).message).toMatch(/DATABASE_URL must be sqlite:<path>/);
    }
  });

  it('refuses test payments in production unless allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER test is refused in production/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1' }).paymentProvider).toBe('test');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).paymentProvider).toBe('stripe');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 1 to 65535\n$/],
    [{ DATABASE_URL: 'mysql://db' }, /^Invalid configuration: DATABASE_URL must be sqlite:<path>/],
    [{ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, /^Cannot open the database at DATABASE_URL/],
  ])('the server stops with one clear line for %j', (env, line) => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(line);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
  });
});
