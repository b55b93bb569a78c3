import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedAccountCodeSql } from '../ledger/account-code.ts';
import type { InvariantReport } from '../ledger/service.ts';

// What must hold between distributions, payouts, the bank transfers that paid them in and the
// ledger (ADR 0013, 0014), recomputed from the rows. Tests run it after every step; the back office
// runs it with the other checks. Each query returns the offending rows, so a violation names what
// is wrong.

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function checkRevenueInvariants(db: Db): Promise<InvariantReport> {
  const violations: string[] = [];

  // 1. A paid distribution's payouts and the platform's part add up to its pool; an unpaid one
  //    has no payouts yet.
  for (const r of await rowsOf<{ id: string; status: string; pool: string; parts: string; n: number }>(
    db,
    sql`
    select d.id, d.status, d.pool_cents::text as pool,
           (d.platform_cents + coalesce(p.total, 0))::text as parts, coalesce(p.n, 0)::int as n
    from revenue_distributions d
    left join (
      select distribution_id, sum(amount_cents) as total, count(*) as n
      from revenue_payouts group by distribution_id
    ) p on p.distribution_id = d.id
    where (d.status = 'paid' and d.platform_cents + coalesce(p.total, 0) <> d.pool_cents)
       or (d.status <> 'paid' and coalesce(p.n, 0) > 0)
       or (d.status = 'paid' and d.investor_count <> coalesce(p.n, 0))`,
  ))
    violations.push(
      r.status === 'paid'
        ? `distribution ${r.id}: payouts and platform part sum to ${r.parts}, pool is ${r.pool} (or its investor count is off)`
        : `distribution ${r.id} (${r.status}) has ${r.n} payouts before being paid`,
    );

  // 2. The money that left a paid distribution's revenue account is its pool, and what came in
  //    for a funded or paid one is its pool, once.
  for (const r of await rowsOf<{
    id: string;
    status: string;
    pool: string;
    out: string;
    in: string;
    ins: number;
  }>(
    db,
    sql`
    select d.id, d.status, d.pool_cents::text as pool,
           coalesce(o.total, 0)::text as out, coalesce(i.total, 0)::text as in, coalesce(i.n, 0)::int as ins
    from revenue_distributions d
    join ledger_accounts a on a.code = ${ownedAccountCodeSql('revenue', sql`d.campaign_id`, sql`d.currency`)}
    left join (
      select reference, debit_account_id, sum(amount) as total
      from ledger_transfers where reference like 'distribution:%'
      group by reference, debit_account_id
    ) o on o.reference = 'distribution:' || d.id and o.debit_account_id = a.id
    left join (
      select reference, credit_account_id, sum(amount) as total, count(*) as n
      from ledger_transfers where reference like 'distribution:%' and kind = 'revenue_in'
      group by reference, credit_account_id
    ) i on i.reference = 'distribution:' || d.id and i.credit_account_id = a.id
    where d.pool_cents > 0 and (
          (d.status = 'paid' and coalesce(o.total, 0) <> d.pool_cents)
       or (d.status <> 'paid' and coalesce(o.total, 0) <> 0)
       or (d.status in ('funded', 'paid') and (coalesce(i.total, 0) <> d.pool_cents or coalesce(i.n, 0) <> 1))
       or (d.status = 'awaiting_funds' and coalesce(i.n, 0) <> 0))`,
  ))
    violations.push(
      `distribution ${r.id} (${r.status}, pool ${r.pool}): ${r.in} paid into its revenue account in ${r.ins} transfers, ${r.out} paid out of it`,
    );

  // 3. A revenue account holds at most the pools paid in and not yet paid out.
  for (const r of await rowsOf<{ code: string; balance: string; owed: string }>(
    db,
    sql`
    select a.code, (a.credits_posted - a.debits_posted)::text as balance, coalesce(f.total, 0)::text as owed
    from ledger_accounts a
    left join (
      select campaign_id, currency, sum(pool_cents) as total
      from revenue_distributions where status = 'funded' group by campaign_id, currency
    ) f on f.campaign_id = a.campaign_id and f.currency = a.currency
    where a.kind = 'revenue' and a.credits_posted - a.debits_posted > coalesce(f.total, 0)`,
  ))
    violations.push(`${r.code} holds ${r.balance} but only ${r.owed} is funded and not yet paid out`);

  // 4. Suspense holds only the parts of deleted accounts.
  for (const r of await rowsOf<{ distribution_id: string; user_id: string }>(
    db,
    sql`
    select p.distribution_id, p.user_id
    from revenue_payouts p join users u on u.id = p.user_id
    where p.to_suspense and u.deleted_at is null`,
  ))
    violations.push(
      `distribution ${r.distribution_id}: the part of ${r.user_id} went to suspense, but the account exists`,
    );

  // 5. Each payout moved its amount exactly once, to the right account; no payout transfer lacks
  //    its payout row.
  for (const r of await rowsOf<{ distribution_id: string; user_id: string }>(
    db,
    sql`
    select p.distribution_id, p.user_id
    from revenue_payouts p
    left join ledger_transfers t on t.idempotency_key = 'payout:' || p.distribution_id || ':' || p.user_id
    left join ledger_accounts a on a.id = t.credit_account_id
    where (p.amount_cents > 0 and (t.id is null or t.amount <> p.amount_cents
             or (p.to_suspense and a.kind <> 'suspense')
             or (not p.to_suspense and (a.kind <> 'wallet' or a.user_id <> p.user_id))))
       or (p.amount_cents = 0 and t.id is not null)`,
  ))
    violations.push(
      `distribution ${r.distribution_id}: the payout of ${r.user_id} and its transfer disagree`,
    );
  for (const r of await rowsOf<{ id: string }>(
    db,
    sql`
    select t.id::text as id
    from ledger_transfers t
    left join revenue_payouts p on t.idempotency_key = 'payout:' || p.distribution_id || ':' || p.user_id
    where t.kind in ('payout', 'payout_suspense') and t.reference like 'distribution:%' and p.id is null`,
  ))
    violations.push(`transfer ${r.id} pays out a revenue share that no payout row records`);

  // 6. A bank transfer pays for one thing (ADR 0013): every deposit and every pool payment holds
  //    the claim of its bank transaction id, and every claim names a row that carries that id.
  for (const r of await rowsOf<{ what: string; id: string; bank_id: string }>(
    db,
    sql`
    select 'deposit' as what, d.id::text as id, d.bank_transaction_id as bank_id
    from deposits d
    left join bank_transactions b on b.bank_transaction_id = d.bank_transaction_id and b.deposit_id = d.id
    where b.bank_transaction_id is null
    union all
    select 'distribution', d.id::text, d.bank_transaction_id
    from revenue_distributions d
    left join bank_transactions b
      on b.bank_transaction_id = d.bank_transaction_id and b.distribution_id = d.id
    where d.bank_transaction_id is not null and b.bank_transaction_id is null
    union all
    select 'claim', b.bank_transaction_id, b.bank_transaction_id
    from bank_transactions b
    left join deposits d on d.id = b.deposit_id and d.bank_transaction_id = b.bank_transaction_id
    left join revenue_distributions r
      on r.id = b.distribution_id and r.bank_transaction_id = b.bank_transaction_id
    where d.id is null and r.id is null`,
  ))
    violations.push(
      r.what === 'claim'
        ? `bank transfer ${r.bank_id} is claimed for a row that does not carry it`
        : `${r.what} ${r.id}: bank transfer ${r.bank_id} is not claimed by it (used twice?)`,
    );

  return { ok: violations.length === 0, violations };
}
