import type { BackofficeWithdrawalDto } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { closeWithdrawal } from '../close-withdrawal.ts';
import { mailTarget } from '../common.ts';
import { withdrawalRejectedEmail } from '../emails.ts';
import { withMember } from '../presenters/withdrawal.ts';

/** Refuses the request: the reservation is voided, the money is available again. */
export async function rejectWithdrawal(
  ctx: AppContext,
  adminId: string,
  id: string,
  input: { note: string },
): Promise<BackofficeWithdrawalDto> {
  const note = input.note.trim();
  const row = await closeWithdrawal(
    ctx,
    id,
    { status: 'rejected', actorId: adminId },
    { note },
    (member, w) =>
      withdrawalRejectedEmail(mailTarget(member), { amountCents: w.amountCents, note }, ctx.config.publicUrl),
  );
  return withMember(ctx, row);
}
