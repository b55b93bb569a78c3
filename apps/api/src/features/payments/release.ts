import type {
  BackofficeReleaseList,
  EscrowReleaseDto,
  EscrowReleaseList,
} from '@indiesplit/shared/escrow-release';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { type Payout, ProviderError, type Transfer } from '../../platform/payments/provider.ts';
import { type StudioAtProvider, studioAtProvider } from '../kyb/provider-studio.ts';
import * as ledger from '../ledger/service.ts';
import { earlierAttempt } from './earlier-attempt.ts';
import * as repo from './release-repo.ts';
import { keyFor, providerOf } from './service.ts';

// The money raised, paid to the studio (ADR 0042). Once a funded campaign's every investment has
// reached its escrow wallet at the provider, this job asks the provider for one transfer of the
// whole escrow to the studio's wallet, with the platform's success fee as the transfer's fees
// (the provider credits those to the platform's fee wallet). When the provider says it succeeded,
// the ledger follows in one transaction: escrow -> platform (the fee) and escrow -> world (the rest,
// which has left the platform's books: the studio's wallet is the studio's money). Then a payout
// takes the studio's wallet to its verified bank account, the Recipient of its approved payout IBAN
// once its representative has confirmed it (ACTIVE); until then the money waits in the studio's
// wallet. The studio must still be verified (its approval running) when the money leaves the escrow.

const ROUND_SIZE = 20;
/** What the transfer of a release is tagged with at the provider. */
export const releaseTag = (campaignId: string) => `release:${campaignId}`;
/** What a payout of a release is tagged with: the campaign and the recipient it was asked to. */
const payoutTag = (campaignId: string, recipientId: string) => `release:${campaignId}:${recipientId}`;
const campaignOfTag = (tag: string | null): string | null =>
  tag?.startsWith('release:') ? (tag.split(':')[1] ?? null) : null;

export interface ReleaseRound {
  /** Transfers of an escrow to a studio asked for. */
  transferred: number;
  /** Payouts to a studio's bank asked for. */
  paidOut: number;
  /**
   * Campaigns waiting for their studio: in escrow while it has no verification running (or is not
   * set up at the provider), in its wallet while its payout account is not confirmed.
   */
  waiting: number;
  /** Steps a provider fault left for the next round. */
  failed: number;
}

/** The success fee on an amount: rounded down, so the studio never gets less than its share. */
export function successFee(amountCents: number, feeBps: number): number {
  return Math.floor((amountCents * feeBps) / 10_000);
}

export async function releaseEscrows(ctx: AppContext, now = new Date()): Promise<ReleaseRound> {
  const round: ReleaseRound = { transferred: 0, paidOut: 0, waiting: 0, failed: 0 };
  const platformUserId = ctx.payments.platformUserId;
  const provider = providerOf(ctx);
  for (const item of await repo.campaignsToRelease(ctx.db, ROUND_SIZE)) {
    // Null unless the studio's verification is running and its wallet exists at the provider.
    const studio = await studioAtProvider(ctx.db, item.studioUserId, now);
    if (!studio || !platformUserId) {
      ctx.log.warn(
        { campaignId: item.campaignId, studioUserId: item.studioUserId },
        'escrow not paid to the studio: no running verification with its wallet at the provider',
      );
      round.waiting++;
      continue;
    }
    const feeCents = successFee(item.amountCents, item.successFeeBps);
    try {
      await repo.claimRelease(ctx.db, {
        campaignId: item.campaignId,
        studioUserId: item.studioUserId,
        amountCents: item.amountCents,
        feeCents,
      });
      const row = await repo.findRelease(ctx.db, item.campaignId);
      if (!row || row.transferId) continue;
      const tag = releaseTag(item.campaignId);
      const transfer =
        (await earlierAttempt(
          provider,
          { walletId: item.escrowWalletId, type: 'TRANSFER', tag, since: item.firstAskedAt },
          (id) => provider.getTransfer(id),
        )) ??
        (await provider.createTransfer(
          {
            authorId: platformUserId,
            debitedWalletId: item.escrowWalletId,
            creditedWalletId: studio.walletId,
            // What the claim recorded: a retry moves the same amount and fee as the first ask.
            amount: row.amountCents,
            fees: row.feeCents,
            tag,
          },
          keyFor(tag),
        ));
      await repo.setRelease(ctx.db, item.campaignId, { transferId: transfer.id });
      await applyReleaseTransfer(ctx, transfer);
      round.transferred++;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn(
        { campaignId: item.campaignId, err: err.message },
        'escrow not paid to the studio: next round',
      );
      round.failed++;
    }
  }
  await payStudios(ctx, round, now);
  await readBackStale(ctx, round, now);
  return round;
}

/** The payouts of transferred escrows to the studios' bank accounts. */
async function payStudios(ctx: AppContext, round: ReleaseRound, now: Date): Promise<void> {
  const provider = providerOf(ctx);
  for (const row of await repo.releasesToPayOut(ctx.db, ROUND_SIZE)) {
    const studio = await studioAtProvider(ctx.db, row.studioUserId, now);
    const recipientId = studio?.recipientId;
    if (!studio || !recipientId) {
      // Not a fault: the money waits in the studio's wallet, which its page says (studioReleases).
      ctx.log.info(
        { campaignId: row.campaignId, studioUserId: row.studioUserId },
        'studio payout waits: no confirmed payout account of a running verification',
      );
      round.waiting++;
      continue;
    }
    // Refused by the bank: asked again only once the studio has an approved new account.
    if (row.status === 'payout_failed' && row.recipientId === recipientId) continue;
    try {
      // Asked before and never answered (status paying, no payout id): the payout may exist, to the
      // recipient it was asked to, since the time it was first asked (earlier-attempt.ts).
      const earlier =
        row.status === 'paying' && row.recipientId && row.payoutAskedAt
          ? await earlierAttempt(
              provider,
              {
                walletId: studio.walletId,
                type: 'PAYOUT',
                tag: payoutTag(row.campaignId, row.recipientId),
                since: row.payoutAskedAt,
              },
              (id) => provider.getPayout(id),
            )
          : null;
      let payout = earlier;
      if (!payout) {
        if (row.status !== 'paying' || row.recipientId !== recipientId) {
          // A new ask: to this recipient, from now on. A retry of it keeps both.
          const moved = await repo.startPayout(ctx.db, row.campaignId, row.status, recipientId, now);
          if (!moved) continue;
        }
        payout = await provider.createPayout(
          {
            authorId: studio.providerUserId,
            debitedWalletId: studio.walletId,
            recipientId,
            amount: row.amountCents - row.feeCents,
            bankWireRef: 'IndieSplit',
            tag: payoutTag(row.campaignId, recipientId),
          },
          keyFor(`release-payout:${row.campaignId}:${recipientId}`),
        );
      }
      await repo.setRelease(ctx.db, row.campaignId, { payoutId: payout.id });
      round.paidOut++;
      if (payout.status !== 'CREATED') await applyReleasePayout(ctx, payout);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ campaignId: row.campaignId, err: err.message }, 'studio payout not sent: next round');
      round.failed++;
    }
  }
}

/** How long a step asked for may wait for its notice before the job reads it back itself. */
const NOTICE_WAIT_MS = 10 * 60 * 1000;

/**
 * Transfers and payouts asked for and recorded, whose notice never came (lost, or answered
 * `pending` because it arrived before the id was recorded): read back by id and applied.
 */
async function readBackStale(ctx: AppContext, round: ReleaseRound, now: Date): Promise<void> {
  const provider = providerOf(ctx);
  for (const row of await repo.staleReleases(ctx.db, new Date(now.getTime() - NOTICE_WAIT_MS), ROUND_SIZE)) {
    try {
      if (row.status === 'asked' && row.transferId) {
        const transfer = await provider.getTransfer(row.transferId);
        if (transfer) await applyReleaseTransfer(ctx, transfer);
      } else if (row.status === 'paying' && row.payoutId) {
        const payout = await provider.getPayout(row.payoutId);
        if (payout) await applyReleasePayout(ctx, payout);
      }
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      round.failed++;
    }
  }
}

export type ReleaseOutcome = 'released' | 'paid' | 'refused' | 'duplicate' | 'pending' | 'unknown';

/** Whether a payout read from the provider pays a release (by its tag). */
export const isReleasePayout = (payout: Payout) => campaignOfTag(payout.tag) !== null;

/**
 * Applies the transfer of an escrow to its studio, once: a success moves the ledger (fee and the
 * rest) in the same transaction as the row, so a second event finds the row moved and does nothing.
 */
export async function applyReleaseTransfer(ctx: AppContext, transfer: Transfer): Promise<ReleaseOutcome> {
  const row = await repo.findReleaseByTransfer(ctx.db, transfer.id);
  if (!row) return 'unknown';
  if (transfer.status === 'CREATED') return 'pending';
  if (transfer.status === 'FAILED') {
    const moved = await repo.moveRelease(
      ctx.db,
      row.campaignId,
      ['asked'],
      'transfer_failed',
      transfer.resultMessage,
    );
    if (!moved) return 'duplicate';
    // The escrow wallet holds less than the ledger says (an escrow transfer missing): an operator
    // settles it with the provider; the reconciliation lists the difference until then.
    ctx.log.error(
      { campaignId: row.campaignId, transferId: transfer.id, reason: transfer.resultMessage },
      'escrow transfer to the studio refused by the provider',
    );
    return 'refused';
  }
  return ctx.db.transaction(async (tx): Promise<ReleaseOutcome> => {
    const moved = await repo.moveRelease(tx, row.campaignId, ['asked'], 'transferred');
    if (!moved) return 'duplicate';
    await postRelease(tx, moved);
    return 'released';
  });
}

/** The ledger's side of a release: the escrow emptied into the platform's fee and the world. */
async function postRelease(tx: Db, row: repo.ReleaseRow): Promise<void> {
  const escrow = await ledger.ensureAccount(tx, {
    kind: 'escrow',
    currency: 'EUR',
    campaignId: row.campaignId,
  });
  const reference = releaseTag(row.campaignId);
  if (row.feeCents > 0) {
    const platform = await ledger.ensureAccount(tx, { kind: 'platform', currency: 'EUR' });
    await ledger.transfer(tx, {
      debitAccountId: escrow.id,
      creditAccountId: platform.id,
      amount: row.feeCents,
      currency: 'EUR',
      kind: 'success_fee',
      reference,
      idempotencyKey: `success-fee:${row.campaignId}`,
    });
  }
  const world = await ledger.ensureAccount(tx, {
    kind: 'world',
    currency: 'EUR',
    shard: ledger.worldShardOf(row.studioUserId),
  });
  await ledger.transfer(tx, {
    debitAccountId: escrow.id,
    creditAccountId: world.id,
    amount: row.amountCents - row.feeCents,
    currency: 'EUR',
    kind: 'escrow_release',
    reference,
    idempotencyKey: `escrow-release:${row.campaignId}`,
  });
}

/** Applies a payout of a release to the studio's bank: paid, or refused (the money back in its wallet). */
export async function applyReleasePayout(ctx: AppContext, payout: Payout): Promise<ReleaseOutcome> {
  const campaignId = campaignOfTag(payout.tag);
  const row = campaignId ? await repo.findRelease(ctx.db, campaignId) : undefined;
  // Only the payout recorded for the release closes it (one asked for earlier, to an account the
  // studio has since replaced, answers as a duplicate).
  if (!row) return 'unknown';
  if (row.payoutId !== payout.id) return row.payoutId ? 'duplicate' : 'pending';
  if (payout.status === 'CREATED') return 'pending';
  const paid = payout.status === 'SUCCEEDED';
  const moved = await repo.moveRelease(
    ctx.db,
    row.campaignId,
    ['paying'],
    paid ? 'paid' : 'payout_failed',
    paid ? null : payout.resultMessage,
  );
  if (!moved) return 'duplicate';
  if (!paid)
    ctx.log.error(
      { campaignId: row.campaignId, payoutId: payout.id, reason: payout.resultMessage },
      'payout to the studio refused by its bank: asked again once the studio gives another account',
    );
  return paid ? 'paid' : 'refused';
}

type WaitingFor = EscrowReleaseDto['waiting_for'];

const releaseDto = (r: repo.ReleaseRow, title: string, waitingFor: WaitingFor): EscrowReleaseDto => ({
  campaign_id: r.campaignId,
  campaign_title: title,
  amount_cents: r.amountCents,
  fee_cents: r.feeCents,
  net_cents: r.amountCents - r.feeCents,
  status: r.status,
  reason: r.status.endsWith('_failed') ? r.resultMessage : null,
  waiting_for: waitingFor,
  updated_at: r.updatedAt.toISOString(),
});

/**
 * What each release in its studio's wallet waits for before the payout (payStudios): a running
 * verification, or a payout account to pay to (one the studio's representative has not confirmed
 * yet; after a refused payout, another than the one refused).
 */
async function waitingFor(ctx: AppContext, rows: repo.ReleaseRow[]): Promise<WaitingFor[]> {
  const now = new Date();
  const studios = new Map<string, StudioAtProvider | null>();
  const out: WaitingFor[] = [];
  for (const r of rows) {
    if (r.status !== 'transferred' && r.status !== 'payout_failed') {
      out.push(null);
      continue;
    }
    if (!studios.has(r.studioUserId))
      studios.set(r.studioUserId, await studioAtProvider(ctx.db, r.studioUserId, now));
    const studio = studios.get(r.studioUserId);
    if (!studio) out.push('verification');
    else if (!studio.recipientId || (r.status === 'payout_failed' && r.recipientId === studio.recipientId))
      out.push('payout_account');
    else out.push(null);
  }
  return out;
}

/** The studio's campaigns whose money was paid, or is being paid, to it. */
export async function studioReleases(ctx: AppContext, studioUserId: string): Promise<EscrowReleaseList> {
  const rows = await repo.releasesOfStudio(ctx.db, studioUserId);
  const waiting = await waitingFor(
    ctx,
    rows.map((r) => r.release),
  );
  return { items: rows.map(({ release, title }, i) => releaseDto(release, title, waiting[i] ?? null)) };
}

/** The back office's list: every release, the newest change first (the 200 most recent). */
export async function backofficeReleases(ctx: AppContext): Promise<BackofficeReleaseList> {
  const rows = await repo.allReleases(ctx.db, 200);
  const waiting = await waitingFor(
    ctx,
    rows.map((r) => r.release),
  );
  return {
    items: rows.map(({ release, title, username }, i) => ({
      ...releaseDto(release, title, waiting[i] ?? null),
      studio_id: release.studioUserId,
      studio_username: username,
      transfer_id: release.transferId,
      payout_id: release.payoutId,
    })),
  };
}

export function releaseJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'provider-escrow-releases',
    intervalSeconds: ctx.payments.provider ? intervalSeconds : 0,
    tick: () => releaseEscrows(ctx),
  };
}
