import type { WithdrawalDto } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { closeWithdrawal } from '../close-withdrawal.ts';
import { toWithdrawalDto } from '../presenters/withdrawal.ts';

export async function cancelWithdrawal(ctx: AppContext, userId: string, id: string): Promise<WithdrawalDto> {
  return toWithdrawalDto(
    await closeWithdrawal(ctx, id, { status: 'cancelled', actorId: userId, ownerId: userId }, {}),
  );
}
