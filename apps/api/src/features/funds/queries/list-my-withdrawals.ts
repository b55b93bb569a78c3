import type { WithdrawalDto } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { withAccountConfirmation } from '../account-confirmation.ts';
import * as repo from '../repo.ts';

export async function listMyWithdrawals(ctx: AppContext, userId: string): Promise<WithdrawalDto[]> {
  return withAccountConfirmation(ctx, await repo.listWithdrawalsOf(ctx.db, userId));
}
