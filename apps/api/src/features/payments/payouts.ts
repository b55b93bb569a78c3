import type { ConfirmAccountResponse } from '@indiesplit/shared/payments';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import { type PaymentProvider, type Payout, ProviderError } from '../../platform/payments/provider.ts';
import {
  activeRecipientId,
  confirmUrl,
  ensureRecipient,
  readBackRecipient,
} from '../../platform/payments/recipients.ts';
import {
  claimProviderWithdrawals,
  type ProviderWithdrawalOutcome,
  recordProviderPayout,
  releaseProviderWithdrawal,
  settleProviderWithdrawal,
  stalePendingRecipients,
  waitingWithdrawalOf,
} from '../funds/service.ts';
import * as identity from '../identity/service.ts';
import { earlierAttempt } from './earlier-attempt.ts';
import * as repo from './repo.ts';
import { atProvider, keyFor, providerOf } from './service.ts';

// Withdrawals paid by the provider (ADR 0039). The member's request reserves the money in the
// ledger (funds feature). The provider pays only to a bank account the member has confirmed with
// it: a Recipient for the request's IBAN in the member's verified name, which the member confirms
// with strong customer authentication on the provider's page (confirmWithdrawalAccount, called by
// the wallet page right after the request). Once it is ACTIVE this job claims the request and asks
// the provider to pay it from the member's provider wallet to that recipient; the payout's status
// event closes the request: paid, or refused with the money back in the wallet. Until then the
// request waits, and the member may confirm again or cancel it.

/** A PENDING recipient unchanged for this long may have lost its event: the job reads it back. */
const STALE_PENDING_MS = 10 * 60 * 1000;

/** Where the provider's confirmation page sends the member back to: their wallet. */
const returnUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/portfolio/wallet?account=returned`;

/**
 * Registers (or finds) the bank account of the member's waiting request at the provider and says
 * where they confirm it. The account is the member's own: it carries their verified name, whatever
 * the form's holder said. A second request to an IBAN already confirmed needs nothing more (ACTIVE,
 * no URL); one whose confirmation was cancelled gets a new recipient to confirm.
 */
export async function confirmWithdrawalAccount(
  ctx: AppContext,
  userId: string,
  withdrawalId: string,
): Promise<ConfirmAccountResponse> {
  const provider = ctx.payments.provider;
  if (!provider) throw new AppError('withdrawalAccountManual', 409);
  const w = await waitingWithdrawalOf(ctx, userId, withdrawalId);
  const { providerUserId } = await identity.identityOf(ctx.db, userId);
  const names = await repo.memberNames(ctx.db, userId);
  const address = w.holderAddress;
  // A waiting request was made by a verified member; this guards against a state that cannot pay.
  if (!providerUserId || !names || names.deletedAt || !address)
    throw new AppError('identityNotVerified', 403);
  const row = await atProvider(ctx, () =>
    ensureRecipient(
      ctx.db,
      provider,
      { userId, providerUserId, purpose: 'payout' },
      {
        holder: { type: 'Individual', firstName: names.firstName.trim(), lastName: names.lastName.trim() },
        iban: w.iban,
        address: {
          line1: address.line1,
          city: address.city,
          postalCode: address.postal_code,
          country: address.country,
        },
        scaContext: 'USER_PRESENT',
        tag: userId,
      },
    ),
  );
  return {
    status: row.status as ConfirmAccountResponse['status'],
    confirm_url: confirmUrl(row, returnUrl(ctx)),
  };
}

/** What one round did: payouts asked for, and requests left for the next round by a provider fault. */
export interface PayoutRound {
  sent: number;
  failed: number;
}

/**
 * Reads back the PENDING recipients waiting requests depend on that have not changed for a while:
 * a lost RECIPIENT_* event must not hold a confirmed account's payout forever. A provider fault
 * leaves them for a later round.
 */
async function readBackStaleRecipients(ctx: AppContext, provider: PaymentProvider): Promise<void> {
  for (const id of await stalePendingRecipients(ctx, new Date(Date.now() - STALE_PENDING_MS))) {
    try {
      await readBackRecipient(ctx.db, provider, id);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ recipientId: id, err: err.message }, 'recipient not read back: tried again later');
    }
  }
}

/**
 * Asks the provider to pay every claimed request (those whose account the member confirmed).
 * Idempotent per request (the key is its id).
 */
export async function sendPayouts(ctx: AppContext): Promise<PayoutRound> {
  const provider = providerOf(ctx);
  const round: PayoutRound = { sent: 0, failed: 0 };
  await readBackStaleRecipients(ctx, provider);
  for (const w of await claimProviderWithdrawals(ctx)) {
    const account = await repo.findAccount(ctx.db, w.userId);
    const { providerUserId } = await identity.identityOf(ctx.db, w.userId);
    if (!account || !providerUserId) {
      ctx.log.error({ withdrawalId: w.id }, 'withdrawal without a provider account: left for an admin');
      round.failed++;
      continue;
    }
    try {
      // Asked before, answer never seen: the payout may exist (earlier-attempt.ts).
      const earlier = { walletId: account.walletId, tag: w.id, since: w.retry ? w.startedAt : null };
      let payout = await earlierAttempt(provider, { ...earlier, type: 'PAYOUT' }, (id) =>
        provider.getPayout(id),
      );
      if (!payout) {
        const recipientId = await activeRecipientId(
          ctx.db,
          { userId: w.userId, providerUserId, purpose: 'payout' },
          w.iban,
        );
        if (!recipientId) {
          // Claimed while its account was ACTIVE, withdrawn since (DEACTIVATED) and never paid: it
          // goes back to waiting for the member, who may confirm the account again or cancel.
          await releaseProviderWithdrawal(ctx, w.id);
          ctx.log.warn({ withdrawalId: w.id }, 'withdrawal account no longer confirmed: back to the member');
          continue;
        }
        payout = await provider.createPayout(
          {
            authorId: providerUserId,
            debitedWalletId: account.walletId,
            recipientId,
            amount: w.amountCents,
            bankWireRef: 'IndieSplit',
            tag: w.id,
          },
          keyFor(`payout:${w.id}`),
        );
      }
      await recordProviderPayout(ctx, w.id, payout.id);
      round.sent++;
      // Refused at once (e.g. the provider's wallet is short): no event may follow, so apply it now.
      if (payout.status === 'FAILED') await applyPayout(ctx, payout);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      ctx.log.warn({ withdrawalId: w.id, err: err.message }, 'payout not sent: tried again next round');
      round.failed++;
    }
  }
  return round;
}

/** Applies a payout read from the provider to the withdrawal it pays (its tag). */
export async function applyPayout(
  ctx: AppContext,
  payout: Payout,
): Promise<ProviderWithdrawalOutcome | 'pending'> {
  if (!payout.tag) return 'unknown';
  if (payout.status === 'CREATED') return 'pending';
  return settleProviderWithdrawal(ctx, payout.tag, {
    paid: payout.status === 'SUCCEEDED',
    payoutId: payout.id,
    amountCents: payout.amount.amount,
    ...(payout.resultMessage ? { reason: payout.resultMessage } : {}),
  });
}

export function payoutsJob(ctx: AppContext, intervalSeconds: number): Job {
  return {
    name: 'provider-payouts',
    intervalSeconds: ctx.payments.provider ? intervalSeconds : 0,
    tick: () => sendPayouts(ctx),
  };
}
