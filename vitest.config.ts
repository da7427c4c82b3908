import { defineConfig } from 'vitest/config';

// Server tests run twice: on SQLite, and on PostgreSQL over a real connection.
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const serverTests = ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'server:sqlite',
          root: 'apps/server',
          include: serverTests,
          exclude: ['test/postgres/**', 'test/timing/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        test: {
          name: 'server:postgres',
          root: 'apps/server',
          include: serverTests,
          exclude: ['test/timing/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: postgresUrl },
        },
      },
      // Timing comparisons run alone (npm run test:timing), so other test files don't add noise.
      ...(['sqlite', 'postgres'] as const).map((d) => ({
        test: {
          name: `timing:${d}`,
          root: 'apps/server',
          include: ['test/timing/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: d === 'postgres' ? postgresUrl : '' },
        },
      })),
      'apps/web/vitest.config.ts',
      // The build script runs real Vite builds: allow it time.
      { test: { name: 'scripts', root: 'scripts', environment: 'node', testTimeout: 120_000 } },
    ],
  },
});
