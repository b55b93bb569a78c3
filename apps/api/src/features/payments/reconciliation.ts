import type {
  ReconciliationDifferenceDto,
  ReconciliationDto,
  ReconciliationEntryDto,
} from '@indiesplit/shared/payments';
import pMap from 'p-map';
import { recordEvent } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { claimLease, type Job, leaseOwner, releaseLease, renewLease } from '../../platform/jobs.ts';
import type { PaymentProvider, WalletTransaction } from '../../platform/payments/provider.ts';
import { accountCodeOf } from '../ledger/account-code.ts';
import * as ledger from '../ledger/service.ts';
import * as repo from './repo.ts';
import * as revenueRepo from './revenue-pool-repo.ts';
import { providerOf } from './service.ts';

// Reconciliation with the payment provider (ADR 0039). For every provider wallet the platform
// maps to a ledger account — each member's wallet, each campaign's escrow and revenue pool — the
// provider's balance must be what the ledger says it holds, once the money still on its way is
// counted (repo.inFlight, revenueRepo.revenueInFlight). The window's provider transactions must
// each be on record here, and what we recorded in the window must exist at the provider. Every
// difference is kept with the entries behind it; the back office shows the last result and can ask
// for a run at any time.

const DAY_MS = 86_400_000;
/** The nightly run starts at or after this hour (UTC) and covers the day before. */
export const NIGHTLY_HOUR_UTC = 2;
/** How long one run holds the lease that keeps two runs from overlapping, renewed as it reads. */
const LEASE_SECONDS = 900;
/** Wallets read from the provider at once (each read is two calls). */
const READ_CONCURRENCY = 8;
const LEASE_KEY = 'provider-reconciliation';
/** Ledger transfers shown behind a balance difference. */
const LEDGER_ENTRIES = 10;

export interface CompareOptions {
  /** The wait before differences are read again (the configuration's, PAYMENTS_RECHECK_MS, unless given). */
  recheckMs?: number;
  /** Runs during that wait (tests: a notice that arrives in the meantime). */
  duringRecheck?: () => Promise<void>;
  /** Called after each wallet is read (the run renews its lease). */
  onWalletRead?: () => Promise<void>;
}

interface Mapped {
  account: string;
  walletId: string;
  /** The client's fees wallet: read as such, with no transactions listed. */
  fees?: true;
  /** What the provider's wallet should hold, by the ledger. */
  expected: number;
  ledgerAccountId: string | null;
}

const iso = (d: Date) => d.toISOString();
/** The client's fees wallet's id at the provider (Mangopay names it by funds type and currency). */
const FEES_WALLET = 'FEES_EUR';

function providerEntry(t: WalletTransaction): ReconciliationEntryDto {
  return {
    source: 'provider',
    id: t.id,
    kind: t.nature === 'REGULAR' ? t.type : `${t.type} ${t.nature}`,
    amount_cents: t.amount.amount,
    status: t.status,
    at: iso(t.createdAt),
  };
}

/**
 * Every wallet the platform maps (or only `only`'s), with the balance the ledger says it should
 * hold at the provider.
 */
async function mappedWallets(ctx: AppContext, only: Set<string> | null): Promise<Mapped[]> {
  const wanted = (walletId: string) => !only || only.has(walletId);
  const flight = await repo.inFlight(ctx.db);
  const revenueFlight = await revenueRepo.revenueInFlight(ctx.db);
  const out: Mapped[] = [];
  for (const a of await repo.listAccounts(ctx.db)) {
    if (!wanted(a.walletId)) continue;
    const account = await ledger.findWallet(ctx.db, a.userId, 'EUR');
    const posted = account ? ledger.balanceOf(account).posted : 0;
    out.push({
      account: `wallet:${a.userId}:EUR`,
      walletId: a.walletId,
      // Posted in the ledger; plus pay-ins parked in suspense and investments not moved to escrow
      // yet (both still in the member's provider wallet); minus payouts already on their way (a
      // withdrawal's, or one sending a parked pay-in back, still in suspense until it succeeds),
      // and revenue payouts not transferred from the campaign's revenue wallet yet.
      expected:
        posted +
        (flight.parked.get(a.userId) ?? 0) -
        (flight.returning.get(a.userId) ?? 0) +
        (flight.toEscrowByMember.get(a.userId) ?? 0) -
        (flight.payouts.get(a.userId) ?? 0) -
        (revenueFlight.toMember.get(a.userId) ?? 0),
      ledgerAccountId: account?.id ?? null,
    });
  }
  for (const e of await repo.listEscrowWallets(ctx.db)) {
    if (!wanted(e.walletId)) continue;
    const code = ledger.escrowAccountCode(e.campaignId, 'EUR');
    const account = await ledger.findAccountByCode(ctx.db, code);
    const posted = account ? ledger.balanceOf(account).posted : 0;
    out.push({
      account: code,
      walletId: e.walletId,
      expected: posted - (flight.toEscrowByCampaign.get(e.campaignId) ?? 0),
      ledgerAccountId: account?.id ?? null,
    });
  }
  if (wanted(FEES_WALLET)) {
    const code = accountCodeOf.platform('EUR');
    const account = await ledger.findAccountByCode(ctx.db, code);
    const posted = account ? ledger.balanceOf(account).posted : 0;
    out.push({
      account: code,
      walletId: FEES_WALLET,
      fees: true,
      // The platform's income in the ledger, less what never passed through the provider (the part
      // of pools paid in by bank transfer before it) and what is still on its way there (the part
      // of a distribution whose transfer carrying it as fees has not succeeded).
      expected: posted - (await repo.platformIncomeNotAtProvider(ctx.db)),
      ledgerAccountId: account?.id ?? null,
    });
  }
  for (const r of await revenueRepo.listRevenueWallets(ctx.db)) {
    if (!wanted(r.walletId)) continue;
    const code = accountCodeOf.revenue(r.campaignId, 'EUR');
    const account = await ledger.findAccountByCode(ctx.db, code);
    const posted = account ? ledger.balanceOf(account).posted : 0;
    out.push({
      account: code,
      walletId: r.walletId,
      // The pool account's posted balance, plus what the ledger has moved on but the revenue wallet
      // still holds (revenue-pool-repo.ts revenueInFlight).
      expected: posted + (revenueFlight.heldByCampaign.get(r.campaignId) ?? 0),
      ledgerAccountId: account?.id ?? null,
    });
  }
  return out;
}

async function ledgerEntries(ctx: AppContext, accountId: string | null): Promise<ReconciliationEntryDto[]> {
  if (accountId === null) return [];
  const transfers = await ledger.listTransfers(ctx.db, accountId, { limit: LEDGER_ENTRIES });
  return transfers.map((t) => ({
    source: 'ledger' as const,
    id: String(t.id),
    kind: t.kind,
    amount_cents: t.debitAccountId === accountId ? -t.amount : t.amount,
    status: t.phase,
    at: iso(t.createdAt),
  }));
}

/** Compares the provider with the ledger for the window [from, to). */
export async function compare(
  ctx: AppContext,
  provider: PaymentProvider,
  window: { from: Date; to: Date },
  options: CompareOptions = {},
): Promise<{ accounts: number; transactions: number; differences: ReconciliationDifferenceDto[] }> {
  const first = await comparePass(ctx, provider, window, null, options.onWalletRead);
  if (first.differences.length === 0) return first;
  // Read the wallets that differ once more after a while: what was only in flight has settled.
  await Promise.all([
    new Promise((resolve) => setTimeout(resolve, options.recheckMs ?? 0)),
    options.duringRecheck?.(),
  ]);
  const again = await comparePass(
    ctx,
    provider,
    window,
    new Set(first.differences.map((d) => d.wallet_id)),
    options.onWalletRead,
  );
  // Reported: what differs in both passes, as the second read shows it.
  const key = (d: ReconciliationDifferenceDto) => `${d.kind}:${d.wallet_id}:${d.transaction_id ?? ''}`;
  const before = new Set(first.differences.map(key));
  return { ...first, differences: again.differences.filter((d) => before.has(key(d))) };
}

/** One pass over every mapped wallet (or only `only`'s), with what differs. */
async function comparePass(
  ctx: AppContext,
  provider: PaymentProvider,
  window: { from: Date; to: Date },
  only: Set<string> | null,
  onWalletRead: (() => Promise<void>) | undefined,
): Promise<{ accounts: number; transactions: number; differences: ReconciliationDifferenceDto[] }> {
  const differences: ReconciliationDifferenceDto[] = [];
  const wallets = await mappedWallets(ctx, only);
  const listed = new Map<string, WalletTransaction>();
  let transactions = 0;
  // The provider is read several wallets at a time; what was read is compared in the wallets' order.
  const reads = await pMap(
    wallets,
    async (w) => {
      const read = w.fees
        ? { wallet: await provider.getFeesWallet(), day: [] }
        : {
            wallet: await provider.getWallet(w.walletId),
            day: await provider.listWalletTransactions(w.walletId, { after: window.from, before: window.to }),
          };
      await onWalletRead?.();
      return read;
    },
    { concurrency: READ_CONCURRENCY },
  );
  for (const [i, w] of wallets.entries()) {
    const { wallet, day } = reads[i]!;
    transactions += day.length;
    for (const t of day) listed.set(t.id, t);
    const held = wallet?.balance.amount ?? null;
    if (held !== w.expected) {
      differences.push({
        kind: 'balance',
        account: w.account,
        wallet_id: w.walletId,
        expected_cents: w.expected,
        provider_cents: held,
        transaction_id: null,
        entries: [...(await ledgerEntries(ctx, w.ledgerAccountId)), ...day.map(providerEntry)],
      });
    }
    // Every transaction that moved money must be one the platform asked for or applied.
    const moved = day.filter((t) => t.status !== 'FAILED');
    const ids = moved.map((t) => t.id);
    const known = new Map([
      ...(await repo.knownTransactions(ctx.db, ids)),
      ...(await revenueRepo.knownRevenueTransactions(ctx.db, ids)),
    ]);
    for (const t of moved) {
      if (known.has(t.id)) continue;
      // A transfer between two mapped wallets shows in both lists: report it once.
      if (differences.some((d) => d.kind === 'unknown_in_ledger' && d.transaction_id === t.id)) continue;
      differences.push({
        kind: 'unknown_in_ledger',
        account: w.account,
        wallet_id: w.walletId,
        expected_cents: null,
        provider_cents: null,
        transaction_id: t.id,
        entries: [providerEntry(t)],
      });
    }
  }
  // What the platform recorded in the window must exist at the provider. A record made just after
  // its transaction's window (the provider's event came late) is read by id rather than flagged.
  const recorded = [
    ...(await repo.recordedInWindow(ctx.db, window.from, window.to)),
    ...(await revenueRepo.revenueRecordedInWindow(ctx.db, window.from, window.to)),
  ];
  for (const r of recorded) {
    if (listed.has(r.id) || (only && !only.has(r.walletId))) continue;
    const exists = r.what.endsWith('pay-in')
      ? await provider.getPayIn(r.id)
      : await provider.getTransfer(r.id);
    if (exists && exists.status === 'SUCCEEDED') continue;
    differences.push({
      kind: 'missing_at_provider',
      account: wallets.find((w) => w.walletId === r.walletId)?.account ?? '',
      wallet_id: r.walletId,
      expected_cents: null,
      provider_cents: null,
      transaction_id: r.id,
      entries: [
        { source: 'ledger', id: r.id, kind: r.what, amount_cents: r.cents, status: null, at: iso(r.at) },
      ],
    });
  }
  return { accounts: wallets.length, transactions, differences };
}

function present(row: NonNullable<Awaited<ReturnType<typeof repo.lastReconciliation>>>): ReconciliationDto {
  return {
    id: row.id,
    trigger: row.trigger,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    window_start: iso(row.windowStart),
    window_end: iso(row.windowEnd),
    accounts_checked: row.accountsChecked,
    transactions_checked: row.transactionsChecked,
    ok: row.ok,
    differences: row.differences as ReconciliationDifferenceDto[],
  };
}

/**
 * Runs one reconciliation and records it. Nightly runs cover the UTC day before `now`; a run an
 * admin asks for covers the 24 hours before it. One at a time: a second caller while one runs is
 * told so (409 `reconciliationRunning`).
 */
export async function reconcile(
  ctx: AppContext,
  trigger: 'nightly' | 'manual',
  options: {
    actorId?: string;
    ip?: string;
    now?: Date;
    /** How often the lease is renewed while the wallets are read (a third of it; tests: 0). */
    renewLeaseEveryMs?: number;
  } & Omit<CompareOptions, 'onWalletRead'> = {},
): Promise<ReconciliationDto> {
  const provider = providerOf(ctx);
  const now = options.now ?? new Date();
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const window =
    trigger === 'nightly'
      ? { from: new Date(startOfDay.getTime() - DAY_MS), to: startOfDay }
      : { from: new Date(now.getTime() - DAY_MS), to: now };
  const owner = leaseOwner();
  if (!(await claimLease(ctx.db, LEASE_KEY, owner, LEASE_SECONDS)))
    throw new AppError('reconciliationRunning', 409);
  let error: string | null = null;
  // A long run (tens of thousands of wallets) renews its lease every third of it while it reads, and
  // stops if another instance took the lease meanwhile.
  let renewedAt = Date.now();
  const keepLease = async () => {
    if (Date.now() - renewedAt < (options.renewLeaseEveryMs ?? (LEASE_SECONDS * 1000) / 3)) return;
    renewedAt = Date.now();
    if (!(await renewLease(ctx.db, LEASE_KEY, owner, LEASE_SECONDS)))
      throw new Error('the reconciliation lost its lease to another run');
  };
  try {
    const startedAt = new Date();
    const config = ctx.config.payments;
    const result = await compare(ctx, provider, window, {
      // A pay-in, payout or transfer caught between the provider's answer and its notice (seconds,
      // normally) is read again after this wait, not reported.
      recheckMs: options.recheckMs ?? (config.mode === 'manual' ? 0 : config.recheckMs),
      ...(options.duringRecheck ? { duringRecheck: options.duringRecheck } : {}),
      onWalletRead: keepLease,
    });
    const row = await ctx.db.transaction(async (tx) => {
      const saved = await repo.insertReconciliation(tx, {
        trigger,
        actorId: options.actorId ?? null,
        windowStart: window.from,
        windowEnd: window.to,
        startedAt,
        accountsChecked: result.accounts,
        transactionsChecked: result.transactions,
        ok: result.differences.length === 0,
        differences: result.differences,
      });
      if (options.actorId)
        await recordEvent(tx, {
          userId: options.actorId,
          kind: 'payment_reconciliation_run',
          ip: options.ip ?? null,
          data: {
            reconciliationId: saved.id,
            differences: result.differences.length,
            accounts: result.accounts,
          },
        });
      return saved;
    });
    if (!row.ok)
      ctx.log.error(
        { reconciliationId: row.id, differences: result.differences.length },
        'the payment provider and the ledger disagree',
      );
    return present(row);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    await releaseLease(ctx.db, LEASE_KEY, owner, { trigger }, error);
  }
}

/** The newest result, for the back office's invariant page. */
export async function lastReconciliation(ctx: AppContext): Promise<ReconciliationDto | null> {
  const row = await repo.lastReconciliation(ctx.db);
  return row ? present(row) : null;
}

/** Whether the nightly run for the day before `now` is due: past the hour, and not run yet today. */
export async function nightlyDue(ctx: AppContext, now: Date): Promise<boolean> {
  if (now.getUTCHours() < NIGHTLY_HOUR_UTC) return false;
  const last = await repo.lastReconciliation(ctx.db, 'nightly');
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return !last || last.windowEnd.getTime() < startOfDay;
}

export function reconciliationJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'provider-reconciliation',
    intervalSeconds: ctx.payments.provider ? intervalSeconds : 0,
    tick: async () => {
      const now = new Date();
      if (!(await nightlyDue(ctx, now))) return { ran: false };
      const result = await reconcile(ctx, 'nightly', { now });
      return { ran: true, ok: result.ok, differences: result.differences.length };
    },
  };
}
