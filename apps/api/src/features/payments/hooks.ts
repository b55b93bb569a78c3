import type { AppContext } from '../../platform/context.ts';
import { HOOK_EVENT_TYPES, type HookNotice } from '../../platform/payments/provider.ts';
import { applyRecipient } from '../../platform/payments/recipients.ts';
import { applyStudioKybNotice, type StudioKybOutcome } from '../kyb/provider-studio.ts';
import { applyEscrowTransfer, type EscrowTransferOutcome } from './escrow.ts';
import { applyReturnPayout, isReturnPayout, type ReturnOutcome } from './payin-return.ts';
import { applyPayout } from './payouts.ts';
import { applyReleasePayout, applyReleaseTransfer, isReleasePayout, type ReleaseOutcome } from './release.ts';
import {
  applyRevenuePayIn,
  applyRevenueTransfer,
  type RevenuePayinOutcome,
  type RevenueTransferOutcome,
  revenueReturns,
} from './revenue-pool.ts';
import {
  applyIdentitySession,
  applyPayIn,
  keyFor,
  memberReturns,
  type PayinOutcome,
  providerOf,
} from './service.ts';

// The provider's webhooks (ADR 0039). A notice only says which resource changed; its body and
// query are never believed. The resource is read from the provider by id and applied from what the
// provider answers, so a forged notice (an id the provider does not know) moves nothing, and a
// duplicate, late or out-of-order one applies the resource's current state, once.

export const HOOK_PATH = '/api/payments/hooks';

export type HookResult =
  | PayinOutcome
  | EscrowTransferOutcome
  | StudioKybOutcome
  | ReleaseOutcome
  | RevenuePayinOutcome
  | RevenueTransferOutcome
  | ReturnOutcome
  | 'identity'
  | 'recipient'
  | 'paid'
  | 'rejected'
  | 'pending'
  | 'unknown'
  | 'unknown_resource'
  | 'unhandled';

export async function handleHookNotice(ctx: AppContext, notice: HookNotice): Promise<HookResult> {
  const provider = providerOf(ctx);
  const { eventType, resourceId } = notice;
  if (eventType.startsWith('PAYIN_NORMAL_')) {
    const payin = await provider.getPayIn(resourceId);
    if (!payin) return unknown(ctx, notice);
    // A member's pay-in (service.ts); else one to a campaign's revenue IBAN (revenue-pool.ts).
    const outcome = await applyPayIn(ctx, payin);
    if (outcome !== 'ignored') return outcome;
    const revenue = await applyRevenuePayIn(ctx, payin);
    if (revenue === 'ignored' && payin.status === 'SUCCEEDED')
      ctx.log.warn(
        { payinId: payin.id },
        'pay-in to a wallet that is neither a member’s nor a revenue pool’s: ignored',
      );
    return revenue;
  }
  if (eventType.startsWith('PAYOUT_NORMAL_')) {
    // A payout paid or refused; one not of ours is 'unknown'.
    const payout = await provider.getPayout(resourceId);
    if (!payout) return unknown(ctx, notice);
    // A parked pay-in sent back to its payer (payin-return.ts: its payment reference names the
    // pay-in), a studio paid the money its campaign raised (release.ts), or a member's withdrawal.
    if (isReturnPayout(payout)) return applyReturnPayout(ctx, [memberReturns, revenueReturns], payout);
    if (isReleasePayout(payout)) return applyReleasePayout(ctx, payout);
    return applyPayout(ctx, payout);
  }
  if (eventType.startsWith('TRANSFER_NORMAL_')) {
    // Money moved to a campaign's escrow (escrow.ts), from it to the studio (release.ts), or a
    // distribution's part to an investor (revenue-pool.ts); a transfer we did not ask for is
    // 'unknown'.
    const transfer = await provider.getTransfer(resourceId);
    if (!transfer) return unknown(ctx, notice);
    const escrow = await applyEscrowTransfer(ctx, transfer);
    if (escrow !== 'unknown') return escrow;
    const release = await applyReleaseTransfer(ctx, transfer);
    return release === 'unknown' ? applyRevenueTransfer(ctx, transfer) : release;
  }
  if (eventType.startsWith('IDENTITY_VERIFICATION_')) {
    const session = await provider.getIdentityVerification(resourceId);
    if (!session) return unknown(ctx, notice);
    await applyIdentitySession(ctx, session);
    return 'identity';
  }
  // A bank account confirmed (or not) by its owner: payouts to it may go (platform/payments/recipients.ts).
  if (eventType.startsWith('RECIPIENT_')) {
    const recipient = await provider.getRecipient(resourceId);
    if (!recipient) return unknown(ctx, notice);
    return (await applyRecipient(ctx.db, recipient)) ? 'recipient' : 'unknown';
  }
  // A studio's registration proof or beneficial owners decided (kyb/provider-studio.ts).
  if (eventType.startsWith('KYC_') || eventType.startsWith('UBO_DECLARATION_'))
    return applyStudioKybNotice(ctx, notice);
  ctx.log.info({ eventType, resourceId }, 'payment provider event not handled');
  return 'unhandled';
}

function unknown(ctx: AppContext, notice: HookNotice): HookResult {
  ctx.log.warn(
    { eventType: notice.eventType, resourceId: notice.resourceId },
    'payment provider event for a resource the provider does not know: ignored',
  );
  return 'unknown_resource';
}

/** Sandbox mode: subscribes this instance to the sandbox provider's events, through the adapter. */
export async function registerSandboxHooks(ctx: AppContext): Promise<void> {
  const provider = providerOf(ctx);
  const url = `${ctx.config.publicUrl}${HOOK_PATH}`;
  const existing = new Set((await provider.listHooks()).map((h) => h.eventType));
  for (const eventType of HOOK_EVENT_TYPES)
    if (!existing.has(eventType))
      await provider.createHook(eventType, url, keyFor(`hook:${eventType}:${url}`));
}
