import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Web test files that use vi.mock on the app's own modules (see the 'web-mocked' project).
const webModuleMocks = ['src/features/home/home-page.test.tsx'];

/**
 * The order of the run, so that both workers stay busy to the end.
 *
 * Projects: Vitest queues them by name. The API suite goes first: it is most of the run, and its
 * files wait on processes and timers the other worker can use. Then the projects of one file or a
 * few that each need a worker of their own (the isolated web file, the shared package, the
 * scripts): queued last, each ran alone at the very end with one core idle. The web suite last: its
 * eighty short files end both workers together.
 *
 * Files: Vitest runs the longest first when an earlier run's times are known, and otherwise the
 * largest first. A file that starts processes or a database of its own, or runs a property test,
 * takes seconds whatever its size; without times (a fresh clone) such files ran last and one of them
 * ended the suite alone. They now go first in their project until times are known.
 */
const PROJECT_ORDER = ['api', 'web-mocked', 'web-server', 'shared', 'scripts', 'web'];
const SLOW_SOURCE =
  /node:child_process|test\/server-process|openMigratedEmbedded|writeMigratedDataDir|'fast-check'/;
class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(file.project.name);
      return i === -1 ? PROJECT_ORDER.length : i;
    };
    const slow = new Set(
      files.filter(
        (file) =>
          !this.ctx.cache.getTestSpecificationResult(file) &&
          SLOW_SOURCE.test(readFileSync(file.moduleId, 'utf8')),
      ),
    );
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((file, i) => [file, i]));
    return sorted.sort(
      (a, b) =>
        rank(a) - rank(b) || Number(slow.has(b)) - Number(slow.has(a)) || position.get(a)! - position.get(b)!,
    );
  }
}

export default defineConfig({
  test: {
    // Two cores: more workers only contend (each API test file runs its own database).
    maxWorkers: 2,
    sequence: { sequencer: RunOrder },
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
          exclude: [...webModuleMocks, 'src/**/*.server.test.{ts,tsx}'],
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
          // The server's render of the first screen (entry-server.tsx) runs in Node, as in the API
          // server's worker: no document, no storage.
          name: 'web-server',
          root: './apps/web',
          environment: 'node',
          include: ['src/**/*.server.test.{ts,tsx}'],
          testTimeout: 15_000,
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
