import type { DepositDto } from '@indiesplit/shared/funds';
import type * as repo from '../repo.ts';

export function toDepositDto(
  row: repo.DepositRow,
  member: { id: string; username: string; email: string },
  recordedBy: string | null,
): DepositDto {
  return {
    id: row.id,
    member: { id: member.id, username: member.username, email: member.email },
    amount_cents: row.amountCents,
    bank_transaction_id: row.bankTransactionId,
    value_date: row.valueDate,
    payer_name: row.payerName,
    recorded_by: recordedBy,
    created_at: row.createdAt.toISOString(),
  };
}
