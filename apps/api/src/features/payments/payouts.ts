import type { AppContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { type Payout, ProviderError } from '../../platform/payments/provider.ts';
import {
  claimProviderWithdrawals,
  type ProviderWithdrawalOutcome,
  recordProviderPayout,
  settleProviderWithdrawal,
} from '../funds/service.ts';
import * as identity from '../identity/service.ts';
import { earlierAttempt } from './earlier-attempt.ts';
import * as repo from './repo.ts';
import { keyFor, providerOf } from './service.ts';

// Withdrawals paid by the provider (ADR 0039). The member's request reserves the money in the
// ledger (funds feature); this job claims it and asks the provider to pay it from the member's
// provider wallet to a bank account in the member's verified name; the payout's status event
// closes the request: paid, or refused with the money back in the wallet.

/** What one round did: payouts asked for, and requests left for the next round by a provider fault. */
export interface PayoutRound {
  sent: number;
  failed: number;
}

/** Asks the provider to pay every claimed request. Idempotent per request (the key is its id). */
export async function sendPayouts(ctx: AppContext): Promise<PayoutRound> {
  const provider = providerOf(ctx);
  const round: PayoutRound = { sent: 0, failed: 0 };
  for (const w of await claimProviderWithdrawals(ctx)) {
    const address = w.holderAddress;
    const account = await repo.findAccount(ctx.db, w.userId);
    const { providerUserId } = await identity.identityOf(ctx.db, w.userId);
    const names = await repo.memberNames(ctx.db, w.userId);
    if (!address || !account || !providerUserId || !names) {
      ctx.log.error({ withdrawalId: w.id }, 'withdrawal without a provider account: left for an admin');
      round.failed++;
      continue;
    }
    try {
      // The bank account is the member's own: it carries their verified name, whatever the form said.
      const bank = await provider.createBankAccount(
        providerUserId,
        {
          ownerName: `${names.firstName.trim()} ${names.lastName.trim()}`,
          iban: w.iban,
          address: {
            line1: address.line1,
            city: address.city,
            postalCode: address.postal_code,
            country: address.country,
          },
        },
        keyFor(`bank:${w.userId}:${w.iban}`),
      );
      // Asked before, answer never seen: the payout may exist (earlier-attempt.ts).
      const earlier = { walletId: account.walletId, tag: w.id, since: w.retry ? w.startedAt : null };
      const payout =
        (await earlierAttempt(provider, { ...earlier, type: 'PAYOUT' }, (id) => provider.getPayout(id))) ??
        (await provider.createPayout(
          {
            authorId: providerUserId,
            debitedWalletId: account.walletId,
            bankAccountId: bank.id,
            amount: w.amountCents,
            bankWireRef: 'IndieSplit',
            tag: w.id,
          },
          keyFor(`payout:${w.id}`),
        ));
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
