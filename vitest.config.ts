import { defineConfig } from 'vitest/config';
import { textParts } from './apps/web/text-parts.ts';

// One runner for the whole repo. Server tests run against SQLite always and PostgreSQL too when
// DATABASE_URL is set; browser tests (apps/e2e) drive Debian's Chromium against a real server.
export default defineConfig({
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    projects: [
      { test: { name: 'shared', include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // chat viewer counts are throttled to 1 s, as long as the 1 s default: give a loaded CI slack
          expect: { poll: { timeout: 10_000 } },
        },
      },
      // the web app's texts load in two parts per language, as in the build (apps/web/text-parts.ts)
      { plugins: [textParts()], test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          include: ['apps/e2e/specs/**/*.spec.ts'],
          globalSetup: ['apps/e2e/support/build-server.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // the browser waits on a real server; a loaded CI machine needs more than the 1 s default
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
