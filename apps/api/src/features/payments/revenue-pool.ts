import type {
  PayinReturnDecision,
  PayinReturnDto,
  RevenuePoolAccountDto,
  RevenueSuspenseItemDto,
} from '@indiesplit/shared/payments';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import { type PayIn, ProviderError, type Transfer } from '../../platform/payments/provider.ts';
import * as ledger from '../ledger/service.ts';
import { fundFromProviderPayIn, payFundedDistribution } from '../revenue/distribution.ts';
import { actorOf, requireDeveloperOrAdmin } from '../revenue/policies.ts';
import { earlierAttempt } from './earlier-attempt.ts';
import { askReturn, type ReturnSide, readBackReturns } from './payin-return.ts';
import * as repo from './revenue-pool-repo.ts';
import { atProvider, keyFor, memberReturns, providerOf } from './service.ts';
import { applyTransfer, type TransferOutcome } from './transfer-outcome.ts';

// Revenue pools at the payment provider (ADR 0039, "Revenue pools and distributions").
//
// Paying in: each campaign's revenue pool (`revenue:<campaign>:EUR`) has a provider wallet of its
// own, owned by the platform's user, with a personal IBAN the studio pays each pool to. The
// provider's pay-in (read back by id) is applied once, claimed by its id in the transaction that
// moves the ledger: it funds the distribution awaiting exactly that amount through the revenue
// feature's funding path, or is parked in suspense for an admin, who can send it back (by a payout
// naming it, as a member's parked pay-in: payin-return.ts).
//
// Paying out: once the ledger has posted a distribution's payouts, one provider transfer per
// investor payout moves the money from the revenue wallet to the investor's provider wallet, the
// platform's part carried as the fees of one of them (the provider credits fees to the platform's
// fees wallet).

const notParked = () => new AppError('revenuePayinNotParked', 409);

function platformUser(ctx: AppContext): string {
  const id = ctx.payments.platformUserId;
  if (!id) {
    ctx.log.error('no platform user at the payment provider: revenue wallets cannot be made');
    throw new AppError('paymentProviderUnavailable', 503, { retryAfterSeconds: 30 });
  }
  return id;
}

/** The campaign's revenue wallet and IBAN at the provider, made once (the keys make a retry the same). */
export async function revenueWalletOf(
  ctx: AppContext,
  campaign: { id: string; title: string },
): Promise<repo.RevenueWalletRow> {
  const known = await repo.findRevenueWallet(ctx.db, campaign.id);
  if (known) return known;
  const provider = providerOf(ctx);
  const ownerId = platformUser(ctx);
  const wallet = await atProvider(ctx, () =>
    provider.createWallet(
      {
        ownerId,
        description: `Revenue pool: ${campaign.title}`.slice(0, 255),
        tag: `revenue:${campaign.id}`,
      },
      keyFor(`revenue-wallet:${campaign.id}`),
    ),
  );
  const va = await atProvider(ctx, () =>
    provider.createVirtualAccount(wallet.id, keyFor(`revenue-iban:${campaign.id}`)),
  );
  await repo.insertRevenueWallet(ctx.db, {
    campaignId: campaign.id,
    walletId: wallet.id,
    virtualAccountId: va.id,
    iban: va.iban,
    bic: va.bic,
    holderName: va.holderName,
  });
  // Two requests racing made the same wallet (same key); whichever row landed is the one.
  const row = await repo.findRevenueWallet(ctx.db, campaign.id);
  if (!row) throw new Error(`revenue wallet of ${campaign.id} not recorded`);
  return row;
}

/**
 * What the studio (or an admin) sees on the campaign's revenue page: the IBAN to pay the pools
 * to and the distributions awaiting payment. The wallet is made the first time something is due.
 */
export async function revenuePoolAccount(
  ctx: AppContext,
  userId: string,
  campaignId: string,
): Promise<RevenuePoolAccountDto> {
  const campaign = await repo.campaignOf(ctx.db, campaignId);
  if (!campaign) throw notFound();
  requireDeveloperOrAdmin(await actorOf(ctx, userId), campaign);
  const mode = ctx.config.payments.mode;
  if (mode === 'manual' || campaign.currency !== 'EUR')
    return { mode, account: null, due: [], sandbox_bank_url: null };
  const due = await repo.distributionsDue(ctx.db, campaignId);
  const wallet =
    due.length > 0 ? await revenueWalletOf(ctx, campaign) : await repo.findRevenueWallet(ctx.db, campaignId);
  const sandbox = ctx.payments.sandbox;
  const first = due[0];
  return {
    mode,
    account: wallet ? { iban: wallet.iban, bic: wallet.bic, holder_name: wallet.holderName } : null,
    due: due.map((d) => ({
      distribution_id: d.id,
      sequence: d.sequence,
      period_start: d.periodStart,
      period_end: d.periodEnd,
      amount_cents: d.poolCents,
    })),
    sandbox_bank_url:
      sandbox && wallet
        ? `${sandbox.baseUrl}/sandbox/bank?${new URLSearchParams({
            iban: wallet.iban,
            payer: campaign.title,
            ...(first ? { amount: (first.poolCents / 100).toFixed(2) } : {}),
          })}`
        : null,
  };
}

// ---- pay-ins -------------------------------------------------------------------------------------

export type RevenuePayinOutcome = 'funded' | 'suspense' | 'duplicate' | 'ignored';

/**
 * Applies a pay-in read from the provider to a revenue wallet, once: its id is claimed in
 * provider_revenue_payins in the transaction that moves the ledger, so a duplicate, late or racing
 * event finds it taken. 'ignored' when the credited wallet is not a revenue wallet.
 */
export async function applyRevenuePayIn(ctx: AppContext, payin: PayIn): Promise<RevenuePayinOutcome> {
  if (payin.status !== 'SUCCEEDED') return 'ignored';
  const wallet = await repo.findRevenueWalletByWallet(ctx.db, payin.creditedWalletId);
  if (!wallet) return 'ignored';
  const amount = payin.amount.amount;
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'ignored';
  const result = await ctx.db.transaction(
    async (tx): Promise<{ outcome: RevenuePayinOutcome; distributionId?: string }> => {
      const claimed = await repo.claimRevenuePayin(tx, {
        payinId: payin.id,
        campaignId: wallet.campaignId,
        amountCents: amount,
        payerName: payin.payerName,
        payerIban: payin.payerIban,
        outcome: 'suspense',
      });
      if (!claimed) return { outcome: 'duplicate' };
      const distributionId = await fundFromProviderPayIn(tx, {
        campaignId: wallet.campaignId,
        payinId: payin.id,
        amountCents: amount,
      });
      if (distributionId) {
        await repo.setRevenuePayin(tx, payin.id, { outcome: 'funded', distributionId });
        return { outcome: 'funded', distributionId };
      }
      // Nothing awaits this amount (no distribution due, a wrong amount, paid already): parked.
      await moveSuspense(tx, 'park', payin.id, amount, null);
      return { outcome: 'suspense' };
    },
  );
  if (result.distributionId) await payFundedDistribution(ctx, result.distributionId);
  if (result.outcome === 'suspense')
    ctx.log.warn(
      { payinId: payin.id, campaignId: wallet.campaignId, amountCents: amount },
      'pay-in to a revenue IBAN matches no distribution awaiting funds: parked for an admin',
    );
  return result.outcome;
}

/** world -> suspense for a parked pay-in, and back when it is returned. */
async function moveSuspense(
  tx: Db,
  way: 'park' | 'return',
  payinId: string,
  amount: number,
  by: string | null,
): Promise<void> {
  const suspense = await ledger.ensureAccount(tx, { kind: 'suspense', currency: 'EUR' });
  const world = await ledger.ensureAccount(tx, { kind: 'world', currency: 'EUR' });
  await ledger.transfer(tx, {
    debitAccountId: way === 'park' ? world.id : suspense.id,
    creditAccountId: way === 'park' ? suspense.id : world.id,
    amount,
    currency: 'EUR',
    kind: way === 'park' ? 'revenue_payin_suspense' : 'revenue_payin_returned',
    reference: payinId,
    idempotencyKey: `${way === 'park' ? 'revenue-suspense' : 'revenue-returned'}:${payinId}`,
    ...(by ? { createdBy: by } : {}),
  });
}

export async function listRevenueSuspense(ctx: AppContext): Promise<RevenueSuspenseItemDto[]> {
  const rows = await repo.listParkedRevenuePayins(ctx.db);
  return rows.map((r) => ({
    payin_id: r.payinId,
    campaign_id: r.campaignId,
    campaign_title: r.campaignTitle,
    amount_cents: r.amountCents,
    payer_name: r.payerName,
    received_at: r.createdAt.toISOString(),
    payer_iban: r.payerIban,
    state: r.outcome === 'returning' ? ('returning' as const) : ('parked' as const),
    return_payout_id: r.returnPayoutId,
    return_failure: r.outcome === 'returning' ? null : r.returnFailure,
  }));
}

/**
 * A revenue pool's parked pay-ins as the return sees them (payin-return.ts): the campaign's revenue
 * wallet, owned and paid back from by the platform's user; the payer's account is kept with the
 * campaign's studio account (our accounts table has no row for the platform itself), and the
 * holding leaves the suspense as `revenue_payin_returned`.
 */
export const revenueReturns: ReturnSide = {
  table: 'provider_revenue_payins',
  ownerColumn: 'campaign_id',
  tagPrefix: 'revenue-return',
  notParked,
  async owner(ctx, row) {
    const providerUserId = ctx.payments.platformUserId;
    if (!row.ownerRef || !providerUserId) return null;
    const wallet = await repo.findRevenueWallet(ctx.db, row.ownerRef);
    const campaign = await repo.campaignOf(ctx.db, row.ownerRef);
    if (!wallet || !campaign?.developerId) return null;
    return { walletId: wallet.walletId, providerUserId, userId: campaign.developerId };
  },
  release: (tx, row) => moveSuspense(tx, 'return', row.payinId, row.amountCents, row.decidedBy),
  audit: (row) => ({ campaignId: row.ownerRef }),
};

/** An admin sends a parked revenue pay-in back to the account it came from (payin-return.ts). */
export function returnRevenueSuspense(
  ctx: AppContext,
  adminId: string,
  payinId: string,
  address: PayinReturnDecision['address'],
  ip: string,
): Promise<PayinReturnDto> {
  return askReturn(ctx, revenueReturns, { id: adminId, ip }, payinId, address);
}

// ---- distribution transfers ----------------------------------------------------------------------

export interface RevenueTransferRound {
  planned: number;
  sent: number;
  failed: number;
}

const ROUND_SIZE = 200;
/** How long an asked transfer may wait for its notice before the job reads it back itself. */
const NOTICE_WAIT_MS = 10 * 60 * 1000;
const transferTag = (distributionId: string, userId: string) => `distribution:${distributionId}:${userId}`;

/**
 * Plans the transfers of every distribution paid in at the provider and paid out in the ledger,
 * then asks the provider for each planned one (and each asked one whose answer never came back).
 * Idempotent per (distribution, investor): the key and the tag are theirs.
 */
export async function sendRevenueTransfers(ctx: AppContext, now = new Date()): Promise<RevenueTransferRound> {
  const provider = providerOf(ctx);
  const round: RevenueTransferRound = { planned: 0, sent: 0, failed: 0 };
  // Asked and answered CREATED, whose notice never came (lost, or it arrived before the id was
  // recorded and was answered as pending): read back by id after a while, and applied.
  for (const id of await repo.staleRevenueTransfers(
    ctx.db,
    new Date(now.getTime() - NOTICE_WAIT_MS),
    ROUND_SIZE,
  ))
    try {
      const transfer = await provider.getTransfer(id);
      if (transfer) await applyRevenueTransfer(ctx, transfer);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      round.failed++;
    }
  for (const d of await repo.distributionsToPlan(ctx.db, ROUND_SIZE)) {
    const plan = await ctx.db.transaction((tx) => repo.planRevenueTransfers(tx, d.payinId, d.distributionId));
    round.planned += plan.planned;
    // Their parts stay in the revenue wallet: the reconciliation lists them until settled.
    if (plan.withoutWallet > 0)
      ctx.log.error(
        { distributionId: d.distributionId, investors: plan.withoutWallet },
        'distribution payouts to investors with no provider wallet: left in the revenue wallet',
      );
  }
  const items = await repo.revenueTransfersToAsk(ctx.db, ROUND_SIZE);
  if (items.length === 0) return round;
  const authorId = ctx.payments.platformUserId;
  if (!authorId) {
    ctx.log.error({ waiting: items.length }, 'no platform user at the provider: distribution transfers wait');
    return { ...round, failed: items.length };
  }
  for (const item of items) {
    const tag = transferTag(item.distributionId, item.userId);
    try {
      await repo.markRevenueTransferAsked(ctx.db, item.distributionId, item.userId);
      // Asked before, answer never seen: the transfer may exist (earlier-attempt.ts).
      const earlier = { walletId: item.revenueWalletId, tag, since: item.askedAt };
      const transfer =
        (await earlierAttempt(provider, { ...earlier, type: 'TRANSFER' }, (id) =>
          provider.getTransfer(id),
        )) ??
        (await provider.createTransfer(
          {
            authorId,
            debitedWalletId: item.revenueWalletId,
            creditedWalletId: item.investorWalletId,
            // The investor's part reaches their wallet; the fees (the platform's part, on one
            // transfer of the distribution) reach the platform's fees wallet.
            amount: item.amountCents + item.feesCents,
            fees: item.feesCents,
            tag,
          },
          keyFor(tag),
        ));
      await repo.recordRevenueTransferId(ctx.db, item.distributionId, item.userId, transfer.id);
      // The provider answers most transfers at once: apply the answer now; the event changes nothing twice.
      await applyRevenueTransfer(ctx, transfer);
      round.sent++;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn(
        { distributionId: item.distributionId, userId: item.userId, err: err.message },
        'distribution transfer not made: next round',
      );
      round.failed++;
    }
  }
  return round;
}

export type RevenueTransferOutcome = TransferOutcome;

/** Applies a transfer read from the provider to the distribution transfer it was asked for (by its id). */
export function applyRevenueTransfer(ctx: AppContext, transfer: Transfer): Promise<RevenueTransferOutcome> {
  return applyTransfer(ctx, transfer, {
    find: (id) => repo.findRevenueTransfer(ctx.db, id),
    close: (id, status, message) => repo.closeRevenueTransfer(ctx.db, id, status, message),
    // The ledger has paid the investor; the provider kept the money in the revenue wallet.
    refused: (row) => ({
      context: { distributionId: row.distributionId, userId: row.userId },
      message: 'distribution transfer refused by the provider',
    }),
  });
}

/**
 * The job that reads back what the provider settles later and whose notice may be lost: the
 * distribution transfers, and the payouts sending parked pay-ins back (a member's and a revenue
 * pool's, payin-return.ts), each once it has waited NOTICE_WAIT_MS.
 */
export function revenueTransfersJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'provider-revenue-transfers',
    intervalSeconds: ctx.payments.provider ? intervalSeconds : 0,
    tick: async (now) => {
      const round = await sendRevenueTransfers(ctx, now);
      const returnsFailed = await readBackReturns(
        ctx,
        [memberReturns, revenueReturns],
        new Date(now.getTime() - NOTICE_WAIT_MS),
        ROUND_SIZE,
      );
      return { ...round, returnsFailed };
    },
  };
}
