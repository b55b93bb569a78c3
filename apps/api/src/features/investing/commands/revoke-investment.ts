import type { InvestmentDto } from '@indiesplit/shared/investing';
import type { Currency } from '@indiesplit/shared/wallet';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { asLanguage } from '../../../platform/i18n.ts';
import { voidPending } from '../../ledger/commands/void-pending.ts';
import * as ledger from '../../ledger/service.ts';
import { notifyMember } from '../../notifications/service.ts';
import { investmentRevokedEmail } from '../emails.ts';
import * as repo from '../repo.ts';
import { accountId, isUuid, retrying, toInvestmentDto } from '../service.ts';

// The investor's one-click revocation (ECSP Art 22, ADR 0011), with the lock order service.ts
// describes: the wallet, then the campaign, the investment and the escrow.

/**
 * Revokes an investment within its reflection period (one click, no reason): the reservation is
 * voided, so the money is available again at once, and the campaign's total drops.
 */
export async function revoke(ctx: AppContext, userId: string, investmentId: string): Promise<InvestmentDto> {
  if (!isUuid(investmentId)) throw notFound();
  const db = ctx.db;
  const first = await repo.findInvestment(db, investmentId);
  // Someone else's investment does not exist, as far as this caller can tell.
  if (!first || first.investorId !== userId) throw notFound();
  // Early answers without any lock; the same checks are repeated on the locked row.
  if (first.status !== 'reserved') throw new AppError('investmentNotRevocable', 409);
  if (new Date() >= first.reflectionEndsAt) throw new AppError('reflectionPeriodOver', 409);
  const walletId = await accountId(db, { kind: 'wallet', currency: first.currency as Currency, userId });
  return retrying(() =>
    db.transaction(async (tx) => {
      // The wallet first, as an investment does: the investor's investments and revocations queue
      // on it, and the campaign's lock comes second.
      await ledger.holdAccount(tx, walletId);
      const campaign = await repo.lockCampaignRow(tx, first.campaignId);
      const inv = await repo.lockInvestment(tx, investmentId);
      if (!campaign || !inv) throw notFound();
      const now = new Date();
      if (inv.status !== 'reserved') throw new AppError('investmentNotRevocable', 409);
      if (now >= inv.reflectionEndsAt) throw new AppError('reflectionPeriodOver', 409);
      // The ledger voids the reservation (one statement), then the investment is marked revoked
      // and the campaign's totals lowered (one statement).
      const voidTransferId = await voidPending(tx, { pendingId: inv.reserveTransferId, createdBy: userId });
      if (voidTransferId === undefined) throw new AppError('transferAlreadySettled', 409);
      await repo.markRevoked(tx, inv, voidTransferId, now);
      const investor = await repo.recipientOf(tx, userId);
      if (investor)
        await notifyMember(tx, ctx.config.publicUrl, {
          type: 'investment_revoked',
          userId,
          campaign: { id: campaign.id, title: campaign.title, slug: campaign.slug ?? campaign.id },
          subjectId: inv.id,
          data: { amount_cents: inv.amountCents, currency: inv.currency },
          mail: investmentRevokedEmail(
            {
              to: investor.email,
              userId,
              language: asLanguage(investor.language),
              name: investor.username,
            },
            { title: campaign.title, slug: campaign.slug ?? campaign.id, currency: inv.currency },
            inv.amountCents,
            ctx.config.publicUrl,
          ),
        });
      const voided = { id: voidTransferId };
      return toInvestmentDto(
        {
          ...inv,
          status: 'revoked',
          settleTransferId: voided.id,
          revokedAt: now,
          settledAt: now,
          updatedAt: now,
        },
        { ...campaign },
        now,
      );
    }),
  );
}
