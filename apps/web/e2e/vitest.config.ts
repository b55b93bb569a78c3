import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: Chromium drives the built app served by the real API server (started once by
// global-setup.ts). One file at a time, generous timeouts: a real browser and a real database.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
    // One retry for a real browser against a real server on a shared two-core machine. A test that
    // passes only on its retry is still reported as flaky in the output, to be looked into.
    retry: 1,
  },
});
