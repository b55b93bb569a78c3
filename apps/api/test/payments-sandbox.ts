import { afterAll, beforeAll } from 'vitest';
import { registerSandboxHooks } from '../src/features/payments/hooks.ts';
import { type Payments, startPayments } from '../src/platform/payments/create-provider.ts';
import type { SandboxProvider } from '../src/platform/payments/sandbox/server.ts';
import { member } from './fixtures/pitches.ts';
import { createTestApp, type TestApp } from './harness.ts';

// PAYMENTS=sandbox for a test file: the sandbox provider on loopback, the real Mangopay adapter
// and SDK talking HTTP to it, and its webhooks delivered back into the test app. Only the
// provider is fake.

export interface SandboxApp {
  t: TestApp;
  payments: Payments;
  sandbox: SandboxProvider;
  /** An admin (second factor proven), for the back office's side. */
  admin: Awaited<ReturnType<typeof member>>;
}

/** Starts the sandbox and an app in sandbox mode before the file's tests; `use` keeps them. */
export function useSandboxApp(use: (env: SandboxApp) => void | Promise<void>): void {
  let t: TestApp | undefined;
  let payments: Payments | undefined;
  beforeAll(async () => {
    let deliverTo: TestApp | undefined;
    payments = await startPayments(
      { mode: 'sandbox', sandboxPort: 0, timeoutMs: 1_000, attempts: 3, recheckMs: 0 },
      // The app's logger does not exist yet; the sandbox logs nothing worth reading here.
      { warn: () => {}, info: () => {}, error: () => {} } as never,
      {
        retryDelayMs: 5,
        deliver: async (url) => {
          const u = new URL(url);
          await deliverTo?.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
        },
      },
    );
    // Differences are reported at once: the tests decide when notices arrive.
    t = await createTestApp({ env: { PAYMENTS: 'sandbox', PAYMENTS_RECHECK_MS: '0' }, payments });
    deliverTo = t;
    await registerSandboxHooks(t.app.ctx);
    await use({ t, payments, sandbox: payments.sandbox!, admin: await member(t, 'admin') });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await payments?.close();
  });
}
