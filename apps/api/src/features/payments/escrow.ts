import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { ProviderError, type Transfer } from '../../platform/payments/provider.ts';
import { earlierAttempt } from './earlier-attempt.ts';
import * as repo from './repo.ts';
import { keyFor, providerOf } from './service.ts';
import { applyTransfer, type TransferOutcome } from './transfer-outcome.ts';

// Settlement at the provider (ADR 0039). When a campaign is funded, the ledger posts each
// investment (wallet -> escrow). This job makes the provider's money follow: one transfer per
// posted investment, from the investor's provider wallet to the campaign's escrow wallet, which
// the platform's own user owns. A failed or cancelled campaign needs nothing here: its
// reservations are voided in the ledger, and the money never left the investors' provider wallets.

/** What one round did: transfers asked for, and investments left for the next round by a fault. */
export interface EscrowRound {
  sent: number;
  failed: number;
}

const ROUND_SIZE = 200;

/** The campaign's escrow wallet at the provider, made once (the key makes a retry the same wallet). */
async function escrowWalletOf(
  ctx: AppContext,
  platformUserId: string,
  campaign: { id: string; title: string },
): Promise<string> {
  const known = await repo.findEscrowWallet(ctx.db, campaign.id);
  if (known) return known;
  const wallet = await providerOf(ctx).createWallet(
    {
      ownerId: platformUserId,
      description: `Escrow: ${campaign.title}`.slice(0, 255),
      tag: `escrow:${campaign.id}`,
    },
    keyFor(`escrow-wallet:${campaign.id}`),
  );
  await repo.insertEscrowWallet(ctx.db, campaign.id, wallet.id);
  // Two rounds racing made the same wallet (same key); whichever row landed is the one.
  return (await repo.findEscrowWallet(ctx.db, campaign.id)) ?? wallet.id;
}

/** Asks the provider to move every posted investment not moved yet. Idempotent per investment. */
export async function sendEscrowTransfers(ctx: AppContext): Promise<EscrowRound> {
  const provider = providerOf(ctx);
  const round: EscrowRound = { sent: 0, failed: 0 };
  const platformUserId = ctx.payments.platformUserId;
  const items = await repo.investmentsToEscrow(ctx.db, ROUND_SIZE);
  if (items.length > 0 && !platformUserId) {
    ctx.log.error({ waiting: items.length }, 'no platform user at the provider: escrow transfers wait');
    return { sent: 0, failed: items.length };
  }
  for (const item of items) {
    try {
      await repo.claimEscrowTransfer(ctx.db, item);
      const escrow = await escrowWalletOf(ctx, platformUserId ?? '', {
        id: item.campaignId,
        title: item.campaignTitle,
      });
      // Asked before, answer never seen: the transfer may exist (earlier-attempt.ts).
      const earlier = { walletId: item.walletId, tag: item.investmentId, since: item.firstAskedAt };
      const transfer =
        (await earlierAttempt(provider, { ...earlier, type: 'TRANSFER' }, (id) =>
          provider.getTransfer(id),
        )) ??
        (await provider.createTransfer(
          {
            authorId: item.providerUserId,
            debitedWalletId: item.walletId,
            creditedWalletId: escrow,
            amount: item.amountCents,
            tag: item.investmentId,
          },
          keyFor(`escrow:${item.investmentId}`),
        ));
      await repo.recordEscrowTransfer(ctx.db, item.investmentId, {
        transferId: transfer.id,
        status: 'asked',
        resultMessage: null,
      });
      // The provider answers most transfers at once: apply the answer now, the event changes nothing twice.
      await applyEscrowTransfer(ctx, transfer);
      round.sent++;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn(
        { investmentId: item.investmentId, err: err.message },
        'escrow transfer not made: next round',
      );
      round.failed++;
    }
  }
  return round;
}

export type EscrowTransferOutcome = TransferOutcome;

/** Applies a transfer read from the provider to the escrow move it was asked for (by its id). */
export function applyEscrowTransfer(ctx: AppContext, transfer: Transfer): Promise<EscrowTransferOutcome> {
  return applyTransfer(ctx, transfer, {
    find: (id) => repo.findEscrowTransfer(ctx.db, id),
    close: (id, status, message) => repo.closeEscrowTransfer(ctx.db, id, status, message),
    // The ledger has posted the investment; the provider kept the money in the investor's wallet.
    refused: (row) => ({
      context: { investmentId: row.investmentId },
      message: 'escrow transfer refused by the provider',
    }),
  });
}

export function escrowJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'provider-escrow-transfers',
    intervalSeconds: ctx.payments.provider ? intervalSeconds : 0,
    tick: () => sendEscrowTransfers(ctx),
  };
}
