import {
  type AccountConfirmation,
  type BackofficeWithdrawalDto,
  WITHDRAWAL_STATUSES,
  type WithdrawalDto,
  type WithdrawalStatus,
} from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import * as repo from '../repo.ts';

export const statusOf = (value: string): WithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly string[]).includes(value) ? (value as WithdrawalStatus) : 'requested';

/** `accountConfirmation`: where the provider pays it and it waits, how far its bank account is (account-confirmation.ts). */
export function toWithdrawalDto(
  row: repo.WithdrawalRow,
  accountConfirmation: AccountConfirmation | null = null,
): WithdrawalDto {
  return {
    id: row.id,
    amount_cents: row.amountCents,
    iban: row.iban,
    account_holder: row.accountHolder,
    status: statusOf(row.status),
    bank_reference: row.bankReference,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    account_confirmation: accountConfirmation,
  };
}

export async function withMember(ctx: AppContext, row: repo.WithdrawalRow): Promise<BackofficeWithdrawalDto> {
  const [member, starter] = await Promise.all([
    repo.findMember(ctx.db, row.userId),
    row.startedBy ? repo.findMember(ctx.db, row.startedBy) : undefined,
  ]);
  return {
    ...toWithdrawalDto(row),
    member: { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' },
    started_by: starter?.username ?? null,
  };
}
