import type { BackofficeWithdrawalDto } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { UUID } from '../common.ts';
import { withMember } from '../presenters/withdrawal.ts';
import * as repo from '../repo.ts';

/**
 * An admin starts paying a request, before sending the bank transfer: under the row's lock it moves
 * from 'requested' to 'processing', so the member can no longer cancel money that is on its way.
 * Nothing moves in the ledger: the reservation stays pending until it is paid or rejected.
 * The admin and the time are recorded. Started already: 409 withdrawalPaymentStarted; closed: 409
 * withdrawalNotOpen.
 */
export async function startWithdrawalPayment(
  ctx: AppContext,
  adminId: string,
  id: string,
): Promise<BackofficeWithdrawalDto> {
  if (!UUID.test(id)) throw notFound();
  const row = await ctx.db.transaction(async (tx) => {
    const open = await repo.lockWithdrawal(tx, id);
    if (!open) throw notFound();
    if (open.status === 'processing') throw new AppError('withdrawalPaymentStarted', 409);
    if (open.status !== 'requested') throw new AppError('withdrawalNotOpen', 409);
    // A request the payment provider pays is started by its job, never by hand (ADR 0039).
    if (open.holderAddress) throw new AppError('withdrawalAtProvider', 409);
    const started = await repo.startWithdrawalPayment(tx, id, adminId);
    if (!started) throw new AppError('withdrawalNotOpen', 409);
    return started;
  });
  return withMember(ctx, row);
}
