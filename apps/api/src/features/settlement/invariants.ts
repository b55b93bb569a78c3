import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { InvariantReport } from '../ledger/service.ts';

// What must hold between investments, campaigns and the ledger, recomputed from the rows (ADR
// 0012). Tests run it after every step; the back office runs it on demand. Each query returns the
// offending rows, so a violation names what is wrong.

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function checkInvestmentInvariants(db: Db): Promise<InvariantReport> {
  const violations: string[] = [];

  // 1. A campaign's committed total and investor count are those of its live investments.
  for (const r of await rowsOf<{
    id: string;
    committed: string;
    live: string;
    count: number;
    investors: number;
  }>(
    db,
    sql`
    select c.id, c.committed_cents::text as committed, coalesce(s.total, 0)::text as live,
           c.investor_count as count, coalesce(s.investors, 0)::int as investors
    from campaigns c
    left join (
      select campaign_id, sum(amount_cents) as total, count(distinct investor_id) as investors
      from investments where status in ('reserved', 'posted') group by campaign_id
    ) s on s.campaign_id = c.id
    where c.committed_cents <> coalesce(s.total, 0) or c.investor_count <> coalesce(s.investors, 0)`,
  )) {
    if (r.committed !== r.live)
      violations.push(`campaign ${r.id}: committed ${r.committed} but its live investments sum to ${r.live}`);
    if (Number(r.count) !== Number(r.investors))
      violations.push(`campaign ${r.id}: investor count ${r.count} but ${r.investors} investors`);
  }

  // 2. Each investment's reservation is a pending transfer of its amount, from the investor's wallet
  //    to its campaign's escrow, in its currency.
  for (const r of await rowsOf<{ id: string }>(
    db,
    sql`
    select i.id
    from investments i
    left join ledger_transfers t on t.id = i.reserve_transfer_id
    left join ledger_accounts d on d.id = t.debit_account_id
    left join ledger_accounts e on e.id = t.credit_account_id
    where t.id is null or t.phase <> 'pending' or t.amount <> i.amount_cents or t.currency <> i.currency
       or d.kind <> 'wallet' or d.user_id is distinct from i.investor_id
       or e.kind <> 'escrow' or e.campaign_id is distinct from i.campaign_id`,
  ))
    violations.push(
      `investment ${r.id}: its reservation is not a pending transfer wallet -> escrow of its amount`,
    );

  // 3. A reserved investment's reservation is unsettled; a settled one points at the settlement of
  //    its own reservation: posted -> post, revoked or refunded -> void.
  for (const r of await rowsOf<{ id: string; status: string }>(
    db,
    sql`
    select i.id, i.status
    from investments i
    left join ledger_transfers s on s.pending_id = i.reserve_transfer_id
    where (i.status = 'reserved' and s.id is not null)
       or (i.status <> 'reserved' and (s.id is null or s.id <> i.settle_transfer_id
           or s.phase <> case when i.status = 'posted' then 'post' else 'void' end))`,
  ))
    violations.push(`investment ${r.id} (${r.status}): its state and its reservation's settlement disagree`);

  // 4. Each escrow received exactly the posted investments of its campaign, and is announced exactly
  //    the reserved ones; it is paid to the studio whole or not at all (ADR 0042), so what left it
  //    is nothing or everything it received.
  for (const r of await rowsOf<{ code: string; posted: string; pending: string; p: string; q: string }>(
    db,
    sql`
    select a.code, a.credits_posted::text as posted, a.credits_pending::text as pending,
           coalesce(s.posted, 0)::text as p, coalesce(s.reserved, 0)::text as q
    from ledger_accounts a
    left join (
      select campaign_id, currency,
             sum(amount_cents) filter (where status = 'posted') as posted,
             sum(amount_cents) filter (where status = 'reserved') as reserved
      from investments group by campaign_id, currency
    ) s on s.campaign_id = a.campaign_id and s.currency = a.currency
    where a.kind = 'escrow'
      and (a.credits_posted <> coalesce(s.posted, 0)
           or a.credits_pending <> coalesce(s.reserved, 0)
           or a.debits_posted not in (0, a.credits_posted)
           or a.debits_pending <> 0)`,
  ))
    violations.push(
      `${r.code}: received ${r.posted} posted and ${r.pending} pending, investments say ${r.p} posted and ${r.q} reserved, or it was paid out in part`,
    );

  // 5. Money is only where the campaign's state allows it: no investment before a campaign opens,
  //    none posted unless it was funded. (Reservations of a failed or cancelled campaign are
  //    allowed: the worker voids them one by one.)
  for (const r of await rowsOf<{ id: string; status: string; what: string }>(
    db,
    sql`
    select c.id, c.status, i.status as what
    from campaigns c
    join investments i on i.campaign_id = c.id
    where (c.status in ('draft', 'scheduled'))
       or (i.status = 'posted' and c.status not in ('funded', 'services_active', 'launched', 'completed'))
    group by c.id, c.status, i.status`,
  ))
    violations.push(`campaign ${r.id} is ${r.status} but has ${r.what} investments`);

  // 6. An investment's currency is its campaign's.
  for (const r of await rowsOf<{ id: string }>(
    db,
    sql`select i.id from investments i join campaigns c on c.id = i.campaign_id where i.currency <> c.currency`,
  ))
    violations.push(`investment ${r.id}: currency differs from its campaign's`);

  return { ok: violations.length === 0, violations };
}
