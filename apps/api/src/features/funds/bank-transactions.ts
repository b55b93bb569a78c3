import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankTransactions, normalizedBankTransactionId } from '../../db/schema-bank.ts';

// One namespace for the ids of incoming bank transfers (ADR 0013): a transfer is either credited to
// a wallet (a deposit) or pays a revenue pool in (a developer's payment), once. Both paths claim the
// id here in the transaction that moves the money; the primary key decides between two concurrent
// claims (the second waits for the first and, if it commits, finds the id taken and rolls back).

export type BankTransactionClaim =
  | { bankTransactionId: string; usedFor: 'deposit'; depositId: string }
  | { bankTransactionId: string; usedFor: 'revenue_funding'; distributionId: string };

/** Whether the id has been used already, by either path (a quick refusal before moving money). */
export async function isBankTransactionUsed(db: Db, bankTransactionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankTransactions.bankTransactionId })
    .from(bankTransactions)
    .where(
      sql`${normalizedBankTransactionId(bankTransactions.bankTransactionId)} = ${normalizedBankTransactionId(sql`${bankTransactionId}`)}`,
    );
  return row !== undefined;
}

/**
 * Claims the id for the row that used it; false when it is taken (then the caller must roll back
 * whatever it moved). Call it in the transaction that writes that row, after the row exists.
 */
export async function claimBankTransaction(db: Db, claim: BankTransactionClaim): Promise<boolean> {
  const inserted = await db
    .insert(bankTransactions)
    .values({
      bankTransactionId: claim.bankTransactionId,
      usedFor: claim.usedFor,
      depositId: claim.usedFor === 'deposit' ? claim.depositId : null,
      distributionId: claim.usedFor === 'revenue_funding' ? claim.distributionId : null,
    })
    // Any unique key: the id itself, or its normalised form (bank_transactions_normalized_key).
    .onConflictDoNothing()
    .returning({ id: bankTransactions.bankTransactionId });
  return inserted.length === 1;
}
