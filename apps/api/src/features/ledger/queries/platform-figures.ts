import { CAMPAIGN_GROUP_STATUSES } from '@indiesplit/shared/campaigns';
import { type Cents, centsFromSql } from '@indiesplit/shared/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** The platform's figures in real euros, as the home page shows them. */
export interface PlatformFigures {
  /** What funded campaigns raised: the posted investments in their escrows. */
  raisedCents: Cents;
  /** People whose investment in a funded campaign was posted. */
  investors: number;
  /** Revenue-share payouts to investors (including those held for them in suspense). */
  paidOutCents: Cents;
}

const FUNDED = sql.join(
  CAMPAIGN_GROUP_STATUSES.funded.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The figures read from the ledger, never typed: an escrow's posted credits are the investments
 * settled into it; a posted investment is a pending transfer wallet -> escrow with its post; a
 * payout is a transfer out of a campaign's revenue pool. Three indexed aggregates over EUR only
 * (demo money is no achievement).
 */
export async function platformFigures(db: Db): Promise<PlatformFigures> {
  const result = (await db.execute(sql`
    select
      (select coalesce(sum(e.credits_posted), 0)::text
         from ledger_accounts e join campaigns c on c.id = e.campaign_id
        where e.kind = 'escrow' and e.currency = 'EUR' and c.status in (${FUNDED})) as raised,
      (select count(distinct w.user_id)::int
         from ledger_transfers p
         join ledger_transfers settled on settled.pending_id = p.id and settled.phase = 'post'
         join ledger_accounts e on e.id = p.credit_account_id and e.kind = 'escrow'
         join ledger_accounts w on w.id = p.debit_account_id and w.kind = 'wallet'
         join campaigns c on c.id = e.campaign_id
        where p.phase = 'pending' and p.currency = 'EUR' and c.status in (${FUNDED})) as investors,
      (select coalesce(sum(t.amount), 0)::text
         from ledger_transfers t join ledger_accounts r on r.id = t.debit_account_id and r.kind = 'revenue'
        where t.currency = 'EUR' and t.kind in ('payout', 'payout_suspense')) as paid_out`)) as unknown as {
    rows: Array<{ raised: string; investors: number; paid_out: string }>;
  };
  const row = result.rows[0];
  return {
    raisedCents: centsFromSql(row?.raised ?? null),
    investors: Number(row?.investors ?? 0),
    paidOutCents: centsFromSql(row?.paid_out ?? null),
  };
}
