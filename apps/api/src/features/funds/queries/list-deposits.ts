import type { DepositDto } from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { toDepositDto } from '../presenters/deposit.ts';
import * as repo from '../repo.ts';

export async function listDeposits(ctx: AppContext): Promise<DepositDto[]> {
  const rows = await repo.listDeposits(ctx.db);
  return rows.map((r) => toDepositDto(r.deposit, r.member, r.recordedBy));
}
