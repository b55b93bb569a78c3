import type { BackofficeWithdrawalDto, WithdrawalStatus } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { confirmationsFor } from '../account-confirmation.ts';
import { toWithdrawalDto } from '../presenters/withdrawal.ts';
import * as repo from '../repo.ts';

export async function listWithdrawals(
  ctx: AppContext,
  status?: WithdrawalStatus,
): Promise<BackofficeWithdrawalDto[]> {
  const rows = await repo.listWithdrawals(ctx.db, status);
  // Where the provider pays, a waiting request says whether its member has confirmed the account.
  const confirmations = await confirmationsFor(
    ctx,
    rows.map((r) => r.withdrawal),
  );
  return rows.map((r, i) => ({
    ...toWithdrawalDto(r.withdrawal, confirmations[i] ?? null),
    member: r.member,
    started_by: r.startedBy,
  }));
}
