import type { Db } from '../../db/client.ts';
import { preparedRaw, statementParams } from '../../db/prepared-raw.ts';
import type { PayIn } from '../../platform/payments/provider.ts';
import { isPgError } from '../../platform/pg-errors.ts';
import {
  openPayInAccounts,
  type PayInCredit,
  payInCreditGuardSteps,
  payInCreditSteps,
  payInCreditValues,
} from '../funds/commands/credit-payin-steps.ts';

// The common case of a provider's pay-in (ADR 0039, "the pay-in in one statement"): the payer is
// the member and the account is live (their ledger accounts are made first if they have none yet,
// which happens once). Then the whole apply is ONE prepared statement, which PostgreSQL runs as
// one transaction: the member's row locked (the funds' guard), the pay-in id claimed in
// provider_payins, then the funds' credit (the ledger's transfer, the deposits row, the bank
// transaction id, the notification and its email). A
// duplicate or racing notice waits on the claim's primary key, finds the id taken, and its
// statement writes nothing. The claim names the deposit, whose foreign key is checked at the end
// of the statement: a claim without its credit cannot commit.
//
// What the statement is given of the member (who holds the wallet, their names for the payer's
// match, their email) is read once and kept in memory by wallet id: the guard checks it under the
// member's row lock, so a kept answer that is no longer true credits nothing, and the pay-in is
// applied again from a fresh read. A busy member's notices then cost one round trip each.

const params = statementParams();
const APPLY_PAYIN_SQL = `
  with ${payInCreditGuardSteps(params.ref)}, payments_ready as (
    select r.id from funds_ready r
    where exists (select 1 from provider_accounts pa
                  where pa.wallet_id = ${params.ref('payin.walletId')}::text and pa.user_id = r.id)
  ), payments_claim as (
    insert into provider_payins (payin_id, user_id, amount_cents, payer_name, outcome, deposit_id)
    select ${params.ref('payin.id')}::text, r.id, ${params.ref('payin.amount')}::bigint,
      ${params.ref('payin.payerName')}::text, 'credited', ${params.ref('payin.depositId')}::uuid
    from payments_ready r
    on conflict (payin_id) do nothing
    returning payin_id
  ), ${payInCreditSteps(params.ref, 'payments_claim')}
  select (select count(*) from funds_member)::int as live,
         (select count(*) from payments_ready)::int as ready,
         (select count(*) from payments_claim)::int as claimed,
         (select count(*) from funds_bank)::int as credited`;

interface Answer {
  live: number;
  ready: number;
  claimed: number;
  credited: number;
}

export interface PayInTarget {
  userId: string;
  username: string;
  email: string;
  language: string;
  firstName: string;
  lastName: string;
  deleted: boolean;
}

const TARGET_SQL = `
  select pa.user_id::text as "userId", u.username, u.email, u.language,
         coalesce(u.first_name, '') as "firstName", coalesce(u.last_name, '') as "lastName",
         u.deleted_at is not null as deleted
  from provider_accounts pa
  join users u on u.id = pa.user_id
  where pa.wallet_id = $1::text`;

/** Members kept per database, by provider wallet id; emptied when full. */
const KEPT_TARGETS = 10_000;
const keptTargets = new WeakMap<Db, Map<string, PayInTarget>>();

/**
 * The member whose provider wallet is `walletId`, with what the pay-in needs of them (prepared),
 * or as kept from an earlier read (`fresh` forgets it and reads again). Only live members are kept.
 */
export async function payInTarget(
  db: Db,
  walletId: string,
  options: { fresh?: boolean } = {},
): Promise<(PayInTarget & { kept: boolean }) | undefined> {
  let kept = keptTargets.get(db);
  if (!kept) {
    kept = new Map();
    keptTargets.set(db, kept);
  }
  const known = options.fresh ? undefined : kept.get(walletId);
  if (known) return { ...known, kept: true };
  kept.delete(walletId);
  const [row] = await preparedRaw<PayInTarget>(db, 'payments_payin_target', TARGET_SQL, ['wallet'])({
    wallet: walletId,
  });
  if (!row) return undefined;
  if (!row.deleted) {
    if (kept.size >= KEPT_TARGETS) kept.clear();
    kept.set(walletId, row);
  }
  return { ...row, kept: false };
}

/**
 * Credits the pay-in to `target`'s wallet in one statement. 'credited' or 'duplicate' (the id was
 * claimed before); null when this path does not apply (the member is not as `target` says any
 * more, or deleted, or the bank transaction id is already used) and nothing was written: the caller
 * then applies the pay-in the general way, which answers for those cases.
 */
export async function creditPayInAtOnce(
  db: Db,
  payin: PayIn,
  target: PayInTarget,
  valueDate: string,
  publicUrl: string,
): Promise<'credited' | 'duplicate' | null> {
  const credit: PayInCredit = {
    member: {
      id: target.userId,
      username: target.username,
      email: target.email,
      language: target.language,
      firstName: target.firstName,
      lastName: target.lastName,
    },
    amountCents: payin.amount.amount,
    payinId: payin.id,
    payerName: payin.payerName,
    valueDate,
    publicUrl,
  };
  const { values, depositId } = payInCreditValues(credit);
  const apply = preparedRaw<Answer>(db, 'payments_apply_payin', APPLY_PAYIN_SQL, params.names);
  let row: Answer | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      [row] = await apply({
        ...values,
        'payin.id': payin.id,
        'payin.amount': payin.amount.amount,
        'payin.payerName': payin.payerName,
        'payin.depositId': depositId,
        'payin.walletId': payin.creditedWalletId,
      });
    } catch (err) {
      // A deposit or bank transaction id already taken (by an admin's recording): nothing was written.
      if (isPgError(err, '23505')) return null;
      throw err;
    }
    // The member's first pay-in: their ledger accounts are made (empty, each once, as the general
    // way would make them) and the statement runs again.
    if (row && Number(row.live) === 1 && Number(row.ready) === 0 && attempt === 1) {
      await openPayInAccounts(db, target.userId);
      continue;
    }
    break;
  }
  if (!row || Number(row.ready) !== 1) return null;
  if (Number(row.claimed) === 0) return 'duplicate';
  if (Number(row.credited) !== 1) throw new Error(`pay-in ${payin.id} claimed without its credit`);
  return 'credited';
}
