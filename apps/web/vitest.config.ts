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
  },
});
