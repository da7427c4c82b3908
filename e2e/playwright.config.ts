import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's Chromium against the real server, which each worker starts
// itself (see fixtures.ts). The web app must be built first: `npm run build`.
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  workers: 2,
  fullyParallel: false,
  retries: 0,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  // A journey's budget, not a speed check: on a machine a third as fast, the longest journeys that
  // keep the default (several axe scans each) took 46–55 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      // Playwright's own browser downloads are not reachable from our machines: Debian's Chromium instead.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
