import { defineConfig } from '@playwright/test';

// Browser tests: Debian's Chromium drives the built app served by the real API server on the
// embedded database (started once by global-setup.ts). Each test makes its own members, pitches
// and campaigns, so tests need no order and E2E_WORKERS=2 runs files side by side; the default is
// one worker, as the server and a second browser on two cores made the suite slower, not faster.
// One file changes what every other test sees: legal.e2e.ts publishes new terms, which every
// member signed up before must then accept at login. It runs in a project of its own, after the rest.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  timeout: 180_000,
  // No retries: a test that fails once has failed, and says so with its first trace.
  retries: 0,
  failOnFlakyTests: true,
  forbidOnly: Boolean(process.env.CI),
  workers: Number(process.env.E2E_WORKERS ?? 1),
  projects: [
    { name: 'browser', testIgnore: /legal\.e2e\.ts$/ },
    { name: 'new terms', testMatch: /legal\.e2e\.ts$/, dependencies: ['browser'] },
  ],
  reporter: [['list'], ['html', { outputFolder: './playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      // Never a downloaded browser: the system's Chromium.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
    // A failed test keeps its trace (steps, network, console, DOM snapshots) in test-results/.
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    // axe-core is injected as a script; the app's strict CSP would (rightly) refuse it.
    bypassCSP: true,
    reducedMotion: 'reduce',
  },
});
