import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Web test files that use vi.mock on the app's own modules (see the 'web-mocked' project).
const webModuleMocks = ['src/features/home/home-page.test.tsx'];

export default defineConfig({
  test: {
    // Two cores: more workers only contend (each API test file runs its own database).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      // The repository's own scripts (the boundary check).
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.mjs'] } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file still gets a database of its own (harness.ts); the modules are imported once
          // per worker instead of once per file, which was most of the suite's time.
          isolate: false,
          setupFiles: ['./test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webModuleMocks,
          setupFiles: ['./src/test/setup.ts', './src/test/shared-worker.ts'],
          // A screen test takes well under a second alone; on two busy cores beside the API suite
          // a long form test has taken over five.
          testTimeout: 15_000,
          // One jsdom and one evaluation of the app's modules per worker instead of per file (a
          // jsdom and the app's imports cost about a second of CPU each time); shared-worker.ts
          // puts back after each file what a fresh page would have.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          // Files that replace app modules with vi.mock: a module another file already evaluated
          // in a shared worker would keep the real one, so these keep a fresh module graph each.
          name: 'web-mocked',
          root: './apps/web',
          environment: 'jsdom',
          include: webModuleMocks,
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
