import { type Cents, centsFromSql } from '@indiesplit/shared/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

// A wallet's history as its owner reads it (issue #16): one row per movement of the AVAILABLE
// balance, signed as it changed it, with the balance right after it — computed here from the
// transfers, never stored. The ledger writes a reservation as two transfers (the pending one and
// its post or void); of those, only the ones that change what the member can spend are movements:
//
//   the wallet is the …   single          pending              post                 void
//   debit side            − amount        − amount (held)      0 (already held)     + amount (released)
//   credit side           + amount        0 (announced only)   + amount (arrived)   0 (never arrived)
//
// So a revoked 100 € investment is "− 100 held" then "+ 100 released", and a 500 € investment
// that completes is one "− 500" whose reservation is marked completed, not two debits.

export type ReservationState = 'held' | 'completed' | 'released';

export interface WalletMovement {
  /** The ledger transfer that moved the available balance. */
  id: number;
  kind: string;
  phase: 'single' | 'pending' | 'post' | 'void';
  /** Signed change of the available balance. */
  amountCents: Cents;
  /** The available balance right after this movement. */
  balanceAfterCents: Cents;
  /** For a reservation (a pending transfer out): what became of it so far. */
  reservation: ReservationState | null;
  /** The campaign on the other side (an investment's escrow, a payout's revenue pool), if any. */
  campaign: { id: string; title: string; slug: string | null } | null;
  createdAt: Date;
}

export interface OpenReservation {
  id: number;
  kind: string;
  amountCents: Cents;
  campaign: { id: string; title: string; slug: string | null } | null;
  createdAt: Date;
}

interface MovementRow {
  id: string;
  kind: string;
  phase: WalletMovement['phase'];
  effect: string;
  balance_after: string;
  settled_phase: 'post' | 'void' | null;
  campaign_id: string | null;
  campaign_title: string | null;
  campaign_slug: string | null;
  created_at: string | Date;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const campaignOf = (r: {
  campaign_id: string | null;
  campaign_title: string | null;
  campaign_slug: string | null;
}) => (r.campaign_id ? { id: r.campaign_id, title: r.campaign_title ?? '', slug: r.campaign_slug } : null);

/**
 * The account's movements, newest first, `limit` at a time before the transfer id `before`. The
 * running balance is a window sum over all of the account's movements (both transfer indexes are
 * on (account, id)), so every page agrees with the account's balance.
 */
export async function walletMovements(
  db: Db,
  accountId: string,
  options: { before?: number; limit: number },
): Promise<WalletMovement[]> {
  const rows = await rowsOf<MovementRow>(
    db,
    sql`
    with legs as (
      select t.id, t.kind, t.phase, t.created_at,
             case when t.debit_account_id = ${accountId}::uuid then t.credit_account_id
                  else t.debit_account_id end as other_id,
             case
               when t.phase = 'single' then
                 case when t.credit_account_id = ${accountId}::uuid then t.amount else -t.amount end
               when t.phase = 'pending' then
                 case when t.debit_account_id = ${accountId}::uuid then -t.amount else 0 end
               when t.phase = 'post' then
                 case when t.credit_account_id = ${accountId}::uuid then t.amount else 0 end
               else
                 case when t.debit_account_id = ${accountId}::uuid then t.amount else 0 end
             end as effect
      from ledger_transfers t
      where t.debit_account_id = ${accountId}::uuid or t.credit_account_id = ${accountId}::uuid
    ),
    moves as (
      select l.*, sum(l.effect) over (order by l.id rows between unbounded preceding and current row)
               as balance_after
      from legs l
      where l.effect <> 0
    )
    select m.id::text as id, m.kind, m.phase, m.effect::text as effect,
           m.balance_after::text as balance_after, m.created_at,
           case when m.phase = 'pending' then s.phase end as settled_phase,
           c.id as campaign_id, c.title as campaign_title, c.slug as campaign_slug
    from moves m
    join ledger_accounts o on o.id = m.other_id
    left join campaigns c on c.id = o.campaign_id
    left join ledger_transfers s on m.phase = 'pending' and s.pending_id = m.id
    where ${options.before === undefined ? sql`true` : sql`m.id < ${options.before}`}
    order by m.id desc
    limit ${options.limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    phase: r.phase,
    amountCents: centsFromSql(r.effect),
    balanceAfterCents: centsFromSql(r.balance_after),
    reservation:
      r.phase !== 'pending'
        ? null
        : r.settled_phase === 'post'
          ? 'completed'
          : r.settled_phase
            ? 'released'
            : 'held',
    campaign: campaignOf(r),
    createdAt: new Date(r.created_at),
  }));
}

/** What the account's reserved balance is made of: its pending transfers out not settled yet. */
export async function openReservations(db: Db, accountId: string): Promise<OpenReservation[]> {
  const rows = await rowsOf<{
    id: string;
    kind: string;
    amount: string;
    created_at: string | Date;
    campaign_id: string | null;
    campaign_title: string | null;
    campaign_slug: string | null;
  }>(
    db,
    sql`
    select t.id::text as id, t.kind, t.amount::text as amount, t.created_at,
           c.id as campaign_id, c.title as campaign_title, c.slug as campaign_slug
    from ledger_transfers t
    join ledger_accounts o on o.id = t.credit_account_id
    left join campaigns c on c.id = o.campaign_id
    where t.debit_account_id = ${accountId}::uuid and t.phase = 'pending'
      and not exists (select 1 from ledger_transfers s where s.pending_id = t.id)
    order by t.id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    amountCents: centsFromSql(r.amount),
    campaign: campaignOf(r),
    createdAt: new Date(r.created_at),
  }));
}
