import type { Db } from '../../../db/client.ts';
import { preparedRaw } from '../../../db/prepared-raw.ts';

// Lowering a campaign's committed total and investor count when a live investment stops being
// live: revoked by its investor (investing) or refunded when the campaign failed or was cancelled
// (settlement). One rule for both: the count is the number of distinct investors holding a live
// (reserved or posted) investment in the campaign (ADR 0011, the settlement invariants), so it
// drops only when the investor has no other live investment there. The investment itself is left
// out by its id, so the rule holds whether its own status change is visible yet or not.

/** SQL text of the parameters, each with its cast (e.g. `$1::uuid`). */
export interface ReleaseParams {
  campaign: string;
  investor: string;
  investment: string;
  amount: string;
}

/**
 * The update as SQL text, for a caller's one statement (a CTE); `after` names a CTE whose rows
 * gate it (the campaign changes only if that CTE returned a row). Returns the campaign's id.
 */
export function lowerCommittedSql(p: ReleaseParams, after?: string): string {
  return `update campaigns
    set committed_cents = committed_cents - ${p.amount},
        investor_count = investor_count - case when exists (
          select 1 from investments
          where campaign_id = ${p.campaign} and investor_id = ${p.investor}
            and id <> ${p.investment} and status in ('reserved', 'posted')
        ) then 0 else 1 end,
        updated_at = now()${after ? `\n    from ${after}` : ''}
    where campaigns.id = ${p.campaign}
    returning campaigns.id`;
}

const LOWER_SQL = lowerCommittedSql({
  campaign: '$1::uuid',
  investor: '$2::uuid',
  investment: '$3::uuid',
  amount: '$4::bigint',
});

/** Takes a released investment off its campaign's totals (call under the campaign's lock). */
export async function lowerCommitted(
  tx: Db,
  v: { campaignId: string; investorId: string; investmentId: string; amountCents: number },
): Promise<void> {
  const rows = await preparedRaw(tx, 'campaigns_lower_committed', LOWER_SQL, [
    'campaign',
    'investor',
    'investment',
    'amount',
  ])({ campaign: v.campaignId, investor: v.investorId, investment: v.investmentId, amount: v.amountCents });
  if (rows.length !== 1) throw new Error(`campaign ${v.campaignId} vanished under its lock`);
}
