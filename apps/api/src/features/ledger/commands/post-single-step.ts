import type { Currency } from '@indiesplit/shared/wallet';
import type { ParamRef } from '../../../db/prepared-raw.ts';
import { type AccountSpec, accountCode } from '../account-code.ts';

// One transfer that moves money at once, as data-modifying steps of a caller's statement (ADR 0022,
// ADR 0039's pay-in fast path): the two accounts, named by their codes, are locked in id order
// (as `transfer` locks them), the transfer is inserted and both running totals change by its
// amount. The SQL text is the ledger's; a caller that must do its whole work in one round trip
// (a provider's pay-in) places it in its statement, after a step whose rows say whether to move.
//
// The database's checks are the last word, as in `postBatch`: an overdraft of the debit account,
// an amount below 1 or two equal accounts fail the statement, and with it everything the caller's
// statement wrote. Check `accountsExistSql` in an earlier step: without both accounts nothing moves.

export interface PostSingleInput {
  debit: AccountSpec;
  credit: AccountSpec;
  /** Integer cents, at least 1. */
  amount: number;
  currency: Currency;
  kind: string;
  reference: string | null;
  createdBy: string | null;
}

/** The values of the parameters `postSingleSteps` and `accountsExistSql` name. */
export function postSingleValues(input: PostSingleInput): Record<string, unknown> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('amount must be positive');
  if (input.debit.currency !== input.currency || input.credit.currency !== input.currency)
    throw new Error('accounts of another currency');
  return {
    'ledger.debit': accountCode(input.debit),
    'ledger.credit': accountCode(input.credit),
    'ledger.amount': input.amount,
    'ledger.currency': input.currency,
    'ledger.kind': input.kind,
    'ledger.reference': input.reference,
    'ledger.createdBy': input.createdBy,
  };
}

/** A boolean SQL expression: both accounts of the transfer exist (read, not locked). */
export function accountsExistSql(ref: ParamRef): string {
  return `(select count(*) from ledger_accounts
     where code in (${ref('ledger.debit')}::text, ${ref('ledger.credit')}::text)) = 2`;
}

/**
 * The steps (for a `WITH` list) that post the transfer once for a row of the step `after` (which
 * must yield one row or none): `ledger_locked` (both accounts, locked in id order),
 * `ledger_transfer` (the transfer's `id`) and `ledger_totals` (the accounts whose totals changed).
 */
export function postSingleSteps(ref: ParamRef, after: string): string {
  const debit = `${ref('ledger.debit')}::text`;
  const credit = `${ref('ledger.credit')}::text`;
  const amount = `${ref('ledger.amount')}::bigint`;
  const currency = `${ref('ledger.currency')}::text`;
  return `ledger_locked as (
    select a.id, a.code from ledger_accounts a
    where a.code in (${debit}, ${credit}) and a.currency = ${currency}
      and exists (select 1 from ${after})
    order by a.id
    for update
  ), ledger_transfer as (
    insert into ledger_transfers (debit_account_id, credit_account_id, amount, currency, kind, phase,
      reference, created_by)
    select d.id, c.id, ${amount}, ${currency}, ${ref('ledger.kind')}::text, 'single',
      ${ref('ledger.reference')}::text, ${ref('ledger.createdBy')}::uuid
    from ledger_locked d, ledger_locked c
    where d.code = ${debit} and c.code = ${credit}
    returning id, debit_account_id, credit_account_id
  ), ledger_totals as (
    update ledger_accounts a
    set debits_posted = a.debits_posted + case when a.id = t.debit_account_id then ${amount} else 0 end,
        credits_posted = a.credits_posted + case when a.id = t.credit_account_id then ${amount} else 0 end
    from ledger_transfer t
    where a.id in (t.debit_account_id, t.credit_account_id)
    returning a.id
  )`;
}
