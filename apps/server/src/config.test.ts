import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_RESUME_BOARD_PRICE: 'price_x',
};

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

  it('serves metrics only when METRICS_PORT is set, and never on the public port', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
    });
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(
      /^Invalid configuration: METRICS_PORT must be a whole number from 1 to 65535$/,
    );
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ from PORT/);
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
    expect(loadConfig({ ...STRIPE }).paymentProvider).toBe('stripe');
  });

  it('refuses Stripe mode without all four Stripe variables, naming the missing ones', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'Invalid configuration: Stripe mode needs STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, STRIPE_RESUME_BOARD_PRICE (missing)',
    );
    for (const name of Object.keys(STRIPE)) {
      const env: Record<string, string> = { ...STRIPE, [name]: '' };
      expect(() => loadConfig(env), name).toThrow(
        new RegExp(`^Invalid configuration: Stripe mode needs ${name} \\(missing\\)$`),
      );
    }
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/Stripe mode needs STRIPE_SECRET_KEY, /);
    expect(loadConfig({ ...STRIPE }).stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      publishableKey: 'pk_live_x',
      resumeBoardPrice: 'price_x',
    });
  });

  it('takes test payments at a public address only when PAYMENT_PROVIDER=test says so', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://teacheast.com' })).toThrow(
      /^Invalid configuration: PAYMENT_PROVIDER must be set for a public address \(PUBLIC_URL https:\/\/teacheast.com\)/,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://teacheast.com', PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(loadConfig({ PUBLIC_URL: local }).paymentProvider, local).toBe('test');
    }
    expect(loadConfig({ PUBLIC_URL: 'https://teacheast.com', ...STRIPE }).paymentProvider).toBe('stripe');
  });

  it('takes TRUST_PROXY as a hop count or the proxies\' addresses, never "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0/8', '1.2.3.4/8/9', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid configuration: TRUST_PROXY must be the number of proxies/,
      );
    }
  });

  it('reads BLOB_STORE=s3 with its bucket, region, endpoint (path-style) and optional keys', () => {
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'teacheast-media' };
    expect(loadConfig(s3)).toMatchObject({
      blobStore: 's3',
      s3: { bucket: 'teacheast-media', region: 'us-east-1', endpoint: undefined, credentials: undefined },
    });
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'teacheast-media',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it.each([
    [{ BLOB_STORE: 'gcs' }, 'BLOB_STORE must be fs, db or s3'],
    [{ BLOB_STORE: 's3' }, 'BLOB_STORE s3 needs S3_BUCKET (the bucket uploads are kept in)'],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'Media_Files' }, 'S3_BUCKET must be a bucket name: 3 to 63 lower-case'],
    [
      { BLOB_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 's3.example.com' },
      "S3_ENDPOINT must be the store's address",
    ],
    [{ BLOB_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'https://s3.example.com/media' }, 'S3_ENDPOINT must be'],
    [
      { BLOB_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither',
    ],
    [
      { S3_BUCKET: 'media', S3_REGION: 'eu-west-1' },
      'S3_BUCKET, S3_REGION are set but BLOB_STORE is fs: set BLOB_STORE=s3 to keep uploads in the bucket, or unset them',
    ],
    [{ MIGRATE_ON_START: 'yes' }, 'MIGRATE_ON_START must be 1 (migrate at start) or 0'],
  ])('refuses %j with one line naming the problem', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration: [^\n]+$/);
    expect(() => loadConfig(env)).toThrow(problem);
  });

  it('migrates at start unless MIGRATE_ON_START=0', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '1' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
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
