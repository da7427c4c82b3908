// `npm run demo` makes its accounts as sign-up does (createAccount) with a shared, published password,
// so it must refuse a production environment. Its jobs carry contract sheets stored as the server
// stores them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRY_VALUES, JobTermsSchema, termsIssues } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, dialect } from '../../test/harness.js';
import { termsColumns } from '../db/job-terms.js';
import { DEMO_PASSWORD, seedDemo } from './seed-demo.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('demo seed', () => {
  it('refuses to run with NODE_ENV=production, with one line and nothing written', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/seed-demo.ts'], {
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

  it(`makes accounts that log in with the demo password, once (${dialect})`, async () => {
    const t = await createTestApp();
    try {
      const { skipped, emails } = await seedDemo(t.db, t.deps.blobs, t.clock.now());
      expect(skipped).toBe(false);
      expect(emails).toHaveLength(12);
      for (const email of [emails[0]!, emails.at(-1)!]) {
        const login = await t.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: DEMO_PASSWORD },
        });
        expect(login.statusCode, email).toBe(200);
        expect(login.json()).toMatchObject({ currentUser: { email } });
      }
      expect(await seedDemo(t.db, t.deps.blobs, t.clock.now())).toEqual({ skipped: true, emails: [] });
    } finally {
      await t.close();
    }
  });

  it(`gives most jobs a contract sheet a school could have saved, and leaves some without (${dialect})`, async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.db, t.deps.blobs, t.clock.now());
      const jobs = await t.db
        .selectFrom('jobs')
        .select([
          'country',
          'duration',
          'terms',
          'tile_salary',
          'tile_badges',
          'terms_flags',
          'terms_month_pay',
          'terms_teaching_hours',
          'terms_permit',
        ])
        .execute();
      const withSheet = jobs.filter((job) => job.terms !== null);
      expect(withSheet.length).toBeGreaterThan(jobs.length * 0.7);
      expect(withSheet.length).toBeLessThan(jobs.length);
      for (const { country, duration, ...columns } of jobs) {
        const terms = columns.terms === null ? null : JobTermsSchema.parse(JSON.parse(columns.terms));
        if (terms) expect(termsIssues(terms, { country, duration }), columns.terms!).toEqual([]);
        // Stored as the server stores a sheet; PostgreSQL answers the double column as a number too.
        expect({
          ...columns,
          terms_month_pay: columns.terms_month_pay === null ? null : Number(columns.terms_month_pay),
        }).toEqual(termsColumns(terms, country));
      }
      // Every country has jobs with a sheet.
      expect(new Set(withSheet.map((job) => job.country)).size).toBe(COUNTRY_VALUES.length);
    } finally {
      await t.close();
    }
  });
});
