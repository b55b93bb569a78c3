import { randomUUID } from 'node:crypto';
import { normalizeBankTransactionId } from '@indiesplit/shared/funds';
import type { Db } from '../../../db/client.ts';
import type { ParamRef } from '../../../db/prepared-raw.ts';
import {
  accountsExistSql,
  postSingleSteps,
  postSingleValues,
} from '../../ledger/commands/post-single-step.ts';
import { worldShardOf } from '../../ledger/service.ts';
import { notifyMemberSteps, notifyMemberValues } from '../../notifications/service.ts';
import { accounts, mailTarget } from '../common.ts';
import { depositCreditedEmail } from '../emails.ts';
import type { MemberRow } from '../repo.ts';

// The credit of a provider's pay-in (ADR 0039) as steps of the payments feature's one statement:
// the same rows as `creditDeposit` writes (world shard -> wallet, the deposits row, the id claimed in
// bank_transactions as `PSP <pay-in id>`, the member's notification and email), in the same lock
// order (the member's row, then the ledger's), without its separate reads and round trips. Each
// table's rows are written by its owner's SQL text: the ledger's transfer step, the funds' rows
// here, the notification's and the outbox's steps. The common case only: the caller falls back to
// `creditProviderPayIn` when the guard finds the account deleted or changed; ledger accounts not
// made yet are made by `openPayInAccounts` first.
// A deposit or bank transaction id already used fails the statement (unique keys), and nothing of
// it is written.

export interface PayInCredit {
  /**
   * The member whose wallet is credited, as the caller read them before the statement (their email
   * is written from this, the caller matched the payer's name with it): the guard checks, under the
   * row's lock, that it is still so.
   */
  member: Pick<MemberRow, 'id' | 'email' | 'language' | 'username'> & { firstName: string; lastName: string };
  amountCents: number;
  payinId: string;
  payerName: string | null;
  valueDate: string;
  publicUrl: string;
}

const accountsOf = (userId: string) => ({
  wallet: { kind: 'wallet' as const, currency: 'EUR' as const, userId },
  world: { kind: 'world' as const, currency: 'EUR' as const, shard: worldShardOf(userId) },
});

/**
 * Makes the ledger accounts a credit to the member uses (their EUR wallet, their shard of the
 * world), each once, as `creditDeposit` makes them; empty accounts, each committed on its own.
 */
export async function openPayInAccounts(db: Db, userId: string): Promise<void> {
  await accounts(db, userId);
}

/**
 * The guard, before the caller claims anything: `funds_member` locks the member's row (FOR SHARE,
 * as `lockLiveMember`) when the account is live and still as the caller read it (a change
 * committed meanwhile is seen: a locking read checks the newest row), and `funds_ready` has a row
 * when it is and both ledger accounts of the credit exist.
 */
export function payInCreditGuardSteps(ref: ParamRef): string {
  return `funds_member as (
    select id from users
    where id = ${ref('funds.userId')}::uuid and deleted_at is null
      and email = ${ref('funds.email')}::text and language = ${ref('funds.language')}::text
      and username = ${ref('funds.username')}::text
      and first_name = ${ref('funds.firstName')}::text and last_name = ${ref('funds.lastName')}::text
    for share
  ), funds_ready as (
    select m.id from funds_member m where ${accountsExistSql(ref)}
  )`;
}

/**
 * The credit, once for a row of the step `after` (the caller's claim): the ledger's transfer, then
 * `funds_deposit` (the deposits row, its `id`), `funds_bank` (the claim of the bank transaction id)
 * and the member's notification and email.
 */
export function payInCreditSteps(ref: ParamRef, after: string): string {
  const depositId = `${ref('funds.depositId')}::uuid`;
  const bankId = `${ref('funds.bankId')}::text`;
  return `${postSingleSteps(ref, after)}, funds_deposit as (
    insert into deposits (id, user_id, amount_cents, bank_transaction_id, value_date, payer_name,
      transfer_id, recorded_by)
    select ${depositId}, ${ref('funds.userId')}::uuid, ${ref('ledger.amount')}::bigint, ${bankId},
      ${ref('funds.valueDate')}::date, ${ref('funds.payerName')}::text, t.id, null
    from ledger_transfer t
    returning id
  ), funds_bank as (
    insert into bank_transactions (bank_transaction_id, used_for, deposit_id)
    select ${bankId}, 'deposit', d.id from funds_deposit d
    returning bank_transaction_id
  ), ${notifyMemberSteps(ref, 'funds_deposit')}`;
}

/** The values of the steps' parameters, and the id the deposit will have. */
export function payInCreditValues(input: PayInCredit): {
  values: Record<string, unknown>;
  depositId: string;
} {
  const depositId = randomUUID();
  const { wallet, world } = accountsOf(input.member.id);
  return {
    depositId,
    values: {
      'funds.userId': input.member.id,
      'funds.email': input.member.email,
      'funds.language': input.member.language,
      'funds.username': input.member.username,
      'funds.firstName': input.member.firstName,
      'funds.lastName': input.member.lastName,
      'funds.depositId': depositId,
      'funds.bankId': normalizeBankTransactionId(`PSP ${input.payinId}`),
      'funds.valueDate': input.valueDate,
      'funds.payerName': input.payerName?.trim() || null,
      ...postSingleValues({
        debit: world,
        credit: wallet,
        amount: input.amountCents,
        currency: 'EUR',
        kind: 'deposit',
        reference: depositId,
        createdBy: null,
      }),
      ...notifyMemberValues({
        type: 'deposit_credited',
        userId: input.member.id,
        subjectId: depositId,
        data: { amount_cents: input.amountCents, currency: 'EUR' },
        mail: depositCreditedEmail(mailTarget(input.member), input.amountCents, input.publicUrl),
      }),
    },
  };
}
