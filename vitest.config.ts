import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Server tests run twice: on SQLite, and on PostgreSQL over a real connection.
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const serverTests = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const serverRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/server');
/** Server test files that replace a module (vi.mock), found by reading them: they run isolated. */
const mockingTests = ['src', 'test'].flatMap((dir) =>
  fs
    .readdirSync(path.join(serverRoot, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter(
      (file) =>
        file.endsWith('.test.ts') &&
        /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')),
    ),
);

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a two-core machine); test files wait on the
    // databases, SMTP and password hashing much of the time, so every core runs one.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      ...(['sqlite', 'postgres'] as const).flatMap((d) => {
        const server = {
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          env: { TEST_DATABASE_URL: d === 'postgres' ? postgresUrl : '' },
        } as const;
        const excluded = ['test/timing/**', '**/node_modules/**', ...(d === 'sqlite' ? ['test/postgres/**'] : [])];
        return [
          // Each file makes its own app and database, so one process runs many files without
          // re-importing the server for each (a third of the suite's time went to imports).
          {
            test: {
              ...server,
              name: `server:${d}`,
              include: serverTests,
              exclude: [...excluded, ...mockingTests],
              isolate: false,
            },
          },
          // Files that replace a module (vi.mock) get a fresh module graph of their own.
          { test: { ...server, name: `server:${d}:mocks`, include: mockingTests, exclude: excluded } },
        ];
      }),
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
