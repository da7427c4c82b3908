import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The root vitest run includes this file as a project; it can also run alone from apps/web.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Tests that type whole forms with user-event take 1-2 s on a quiet two-core machine, and over
    // Vitest's 5 s default when the machine is shared with other work.
    testTimeout: 20_000,
  },
});
