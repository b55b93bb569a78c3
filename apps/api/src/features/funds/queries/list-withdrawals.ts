import type { BackofficeWithdrawalDto, WithdrawalStatus } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { toWithdrawalDto } from '../presenters/withdrawal.ts';
import * as repo from '../repo.ts';

export async function listWithdrawals(
  ctx: AppContext,
  status?: WithdrawalStatus,
): Promise<BackofficeWithdrawalDto[]> {
  const rows = await repo.listWithdrawals(ctx.db, status);
  return rows.map((r) => ({ ...toWithdrawalDto(r.withdrawal), member: r.member, started_by: r.startedBy }));
}
