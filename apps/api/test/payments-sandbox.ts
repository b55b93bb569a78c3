import { afterAll, beforeAll } from 'vitest';
import { registerSandboxHooks } from '../src/features/payments/hooks.ts';
import { confirmWithdrawalAccount } from '../src/features/payments/payouts.ts';
import { findAccount } from '../src/features/payments/repo.ts';
import { startIdentityCheck } from '../src/features/payments/service.ts';
import type { AppContext } from '../src/platform/context.ts';
import { type Payments, startPayments } from '../src/platform/payments/create-provider.ts';
import type { SandboxProvider } from '../src/platform/payments/sandbox/server.ts';
import { member } from './fixtures/pitches.ts';
import { newMember } from './fixtures/settlement.ts';
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

/**
 * Starts the sandbox and an app in sandbox mode before the file's tests; `use` keeps them.
 * `payoutDelayMs`: how long the sandbox bank waits before settling a payout on its own (a second
 * unless given; a file that settles every payout itself, with payouts left on their way between
 * steps, makes it longer than the file runs).
 */
export function useSandboxApp(
  use: (env: SandboxApp) => void | Promise<void>,
  options: { payoutDelayMs?: number } = {},
): void {
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
        ...(options.payoutDelayMs !== undefined ? { payoutDelayMs: options.payoutDelayMs } : {}),
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

/**
 * A new member (Ada Investor) who completed the sandbox's identity check, with their provider
 * wallet and personal IBAN, to which `cents` were wired from their own account (credited: the payer
 * is them). Nothing is wired when `cents` is 0.
 */
export async function verifiedInvestor(ctx: AppContext, sandbox: SandboxProvider, cents: number) {
  const m = await newMember(ctx.db);
  const { hosted_url } = await startIdentityCheck(ctx, m.id);
  await fetch(hosted_url, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'approve' }),
    redirect: 'manual',
  });
  await sandbox.flushHooks();
  const account = await findAccount(ctx.db, m.id);
  if (!account) throw new Error('no provider account after a verified check');
  if (cents > 0) sandbox.receiveWire({ iban: account.iban, amount: cents, payerName: 'Ada Investor' });
  await sandbox.flushHooks();
  return { ...m, walletId: account.walletId, iban: account.iban };
}

/**
 * The member confirms the bank account of their waiting withdrawal on the sandbox's page, as the
 * wallet page leads them to (an account confirmed before needs nothing): from the next round of
 * the payout job, the withdrawal is paid.
 */
export async function confirmedWithdrawalAccount(
  ctx: AppContext,
  sandbox: SandboxProvider,
  userId: string,
  withdrawalId: string,
): Promise<void> {
  const { status, confirm_url } = await confirmWithdrawalAccount(ctx, userId, withdrawalId);
  if (status === 'PENDING' && confirm_url) {
    const page = await fetch(confirm_url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'confirm' }),
      redirect: 'manual',
    });
    if (page.status !== 303) throw new Error(`the confirmation page answered ${page.status}`);
  } else if (status !== 'ACTIVE') {
    throw new Error(`the withdrawal's account is ${status}`);
  }
  await sandbox.flushHooks();
}
