import { defineConfig } from '@playwright/test';

// Browser tests: Debian's Chromium drives the built app served by the real API server on the
// embedded database (started once by global-setup.ts). Each test makes its own members, pitches
// and campaigns, so tests need no order; they run one at a time all the same, as the server and
// the browser already share the two cores.
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
  workers: 1,
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
