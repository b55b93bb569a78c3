import { readCsv } from '@indiesplit/shared/csv';
import {
  DEPOSIT_CSV_COLUMNS,
  DEPOSIT_CSV_MAX_ROWS,
  type DepositImportResponse,
  type DepositImportRow,
  extractReference,
  normalizeBankTransactionId,
} from '@indiesplit/shared/funds';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, badRequest } from '../../../platform/errors.ts';
import { csvAmountToCents, csvDate } from '../csv.ts';
import { recordDeposit } from './record-deposit.ts';

const invalidCsv = () => badRequest('invalidDepositCsv', { csv: 'invalidDepositCsv' });

/**
 * Records every row of the bank's CSV export on its own: each credited row is its own transaction,
 * and a bad row (duplicate, unknown reference, bad amount or date) is reported with its line
 * number and never stops the others. Importing the same file twice credits nothing the second time.
 */
export async function importDeposits(
  ctx: AppContext,
  adminId: string,
  csv: string,
): Promise<DepositImportResponse> {
  const reading = readCsv(csv);
  if (!reading.ok)
    throw new AppError('csvLineUnreadable', 400, {
      params: { line: reading.line },
      fields: { csv: 'csvLineUnreadable' },
    });
  const [header, ...records] = reading.records;
  if (!header) throw invalidCsv();
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const column = Object.fromEntries(DEPOSIT_CSV_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof DEPOSIT_CSV_COLUMNS)[number],
    number
  >;
  if (Object.values(column).some((i) => i < 0) || records.length > DEPOSIT_CSV_MAX_ROWS) throw invalidCsv();

  const rows: DepositImportRow[] = [];
  let creditedCents = 0;
  for (const record of records) {
    const cell = (name: keyof typeof column) => (record.fields[column[name]] ?? '').trim();
    const bankId = normalizeBankTransactionId(cell('bank_transaction_id')) || null;
    const reference = extractReference(cell('reference'));
    const amount = csvAmountToCents(cell('amount'));
    const date = csvDate(cell('date'));
    const report = (result: DepositImportRow['result'], username: string | null = null) =>
      rows.push({
        row: record.line,
        result,
        bank_transaction_id: bankId,
        reference: reference ?? (cell('reference') || null),
        amount_cents: typeof amount === 'number' ? amount : null,
        username,
      });
    if (!bankId || !date) {
      report('invalid_row');
      continue;
    }
    if (typeof amount !== 'number') {
      report(amount === 'ambiguous' ? 'ambiguous_amount' : 'invalid_amount');
      continue;
    }
    if (!reference) {
      report('unknown_reference');
      continue;
    }
    try {
      const deposit = await recordDeposit(ctx, adminId, {
        reference,
        amount_cents: amount,
        bank_transaction_id: bankId,
        value_date: date,
        payer_name: cell('payer'),
      });
      creditedCents += deposit.amount_cents;
      report('credited', deposit.member.username);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'depositAlreadyRecorded') report('duplicate');
      else if (err.code === 'unknownDepositReference') report('unknown_reference');
      else throw err;
    }
  }
  const credited = rows.filter((r) => r.result === 'credited').length;
  return { rows, credited, credited_cents: creditedCents, skipped: rows.length - credited };
}
