import type { AppContext } from '../../platform/context.ts';
import type { Transfer } from '../../platform/payments/provider.ts';

// A provider transfer read back by id, applied to the row that asked for it (ADR 0039): the escrow
// transfers of investments and the transfers of distributions' payouts follow the same steps.

export type TransferOutcome = 'moved' | 'refused' | 'duplicate' | 'pending' | 'unknown';

export interface TransferRows<Row> {
  /** The row that asked for this transfer, by the provider's id. */
  find(transferId: string): Promise<Row | undefined>;
  /** Moves an asked row to its final state; false when it was final already. */
  close(transferId: string, status: 'succeeded' | 'failed', resultMessage: string | null): Promise<boolean>;
  /** What the log says of a refused transfer: the row's ids, and what was refused. */
  refused(row: Row): { context: Record<string, unknown>; message: string };
}

/**
 * `unknown` for a transfer no row asked for, `pending` while the provider has not decided,
 * `duplicate` once the row is final. A refusal is logged as an error: the ledger has moved the
 * money and the provider has not, which the reconciliation lists until an operator settles it.
 */
export async function applyTransfer<Row>(
  ctx: AppContext,
  transfer: Transfer,
  rows: TransferRows<Row>,
): Promise<TransferOutcome> {
  const row = await rows.find(transfer.id);
  if (!row) return 'unknown';
  if (transfer.status === 'CREATED') return 'pending';
  const succeeded = transfer.status === 'SUCCEEDED';
  if (!(await rows.close(transfer.id, succeeded ? 'succeeded' : 'failed', transfer.resultMessage)))
    return 'duplicate';
  if (!succeeded) {
    const { context, message } = rows.refused(row);
    ctx.log.error({ ...context, transferId: transfer.id, reason: transfer.resultMessage }, message);
  }
  return succeeded ? 'moved' : 'refused';
}
