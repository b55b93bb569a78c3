import { isOpenWithdrawal } from '@indiesplit/shared/funds';
import type { AppContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mailer.ts';
import * as ledger from '../ledger/service.ts';
import { notifyMember } from '../notifications/service.ts';
import { UUID } from './common.ts';
import type { withdrawalPaidEmail } from './emails.ts';
import { statusOf } from './presenters/withdrawal.ts';
import * as repo from './repo.ts';

// How paying, rejecting and cancelling a withdrawal end it: one locked, settled close.

/**
 * Closes an open request exactly once: the row is locked and must still be open ('requested', or
 * 'processing' for an admin's paid or reject), the reservation is settled (post: paid; void:
 * rejected or cancelled) and the row updated, all in one transaction. A second attempt finds it
 * closed: 409 withdrawalNotOpen, nothing moves. The member cannot cancel once an admin has started
 * paying it: 409 withdrawalBeingPaid.
 */
export async function closeWithdrawal(
  ctx: AppContext,
  id: string,
  how: {
    status: 'paid' | 'rejected' | 'cancelled';
    /** Who decided: a member or an admin; null for the payment provider's own answer. */
    actorId: string | null;
    ownerId?: string;
    /** The provider's payout event closes it (ADR 0039); nobody else may close a request it pays. */
    byProvider?: boolean;
  },
  extra: { bankReference?: string; note?: string },
  mail?: (member: repo.MemberRow, row: repo.WithdrawalRow) => ReturnType<typeof withdrawalPaidEmail>,
): Promise<repo.WithdrawalRow> {
  if (!UUID.test(id)) throw notFound();
  const row = await ctx.db.transaction(async (tx) => {
    const open = await repo.lockWithdrawal(tx, id, how.ownerId);
    if (!open) throw notFound();
    const status = statusOf(open.status);
    if (!isOpenWithdrawal(status)) throw new AppError('withdrawalNotOpen', 409);
    if (how.status === 'cancelled' && status !== 'requested') throw new AppError('withdrawalBeingPaid', 409);
    if (open.providerPayoutId && !how.byProvider) throw new AppError('withdrawalAtProvider', 409);
    const settled = await ledger.settle(
      tx,
      open.reserveTransferId,
      how.status === 'paid' ? 'post' : 'void',
      how.actorId ? { createdBy: how.actorId } : {},
    );
    const closed = await repo.closeWithdrawal(tx, id, {
      status: how.status,
      settleTransferId: settled.id,
      decidedBy: how.actorId,
      ...extra,
    });
    if (!closed) throw new AppError('withdrawalNotOpen', 409);
    if (mail) {
      const member = await repo.findMember(tx, closed.userId);
      // A paid withdrawal is a notification too (ADR 0037): in the app at once, its email by the
      // member's preference. A rejection is only the email.
      if (member && !member.deletedAt) {
        if (how.status === 'paid')
          await notifyMember(tx, ctx.config.publicUrl, {
            type: 'withdrawal_paid',
            userId: member.id,
            subjectId: closed.id,
            data: { amount_cents: closed.amountCents, currency: 'EUR' },
            mail: mail(member, closed),
          });
        else await enqueueMail(tx, mail(member, closed));
      }
    }
    return closed;
  });
  if (mail) ctx.mail.nudge();
  return row;
}
