import type { WithdrawalDto } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { toWithdrawalDto } from '../presenters/withdrawal.ts';
import * as repo from '../repo.ts';

export async function listMyWithdrawals(ctx: AppContext, userId: string): Promise<WithdrawalDto[]> {
  return (await repo.listWithdrawalsOf(ctx.db, userId)).map(toWithdrawalDto);
}
