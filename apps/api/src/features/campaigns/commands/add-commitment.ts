import type { Db } from '../../../db/client.ts';
import { preparedRaw } from '../../../db/prepared-raw.ts';

// Raising a campaign's committed total and investor count when money is committed to it. The
// count is the number of distinct investors holding a live (reserved or posted) investment in the
// campaign (ADR 0011, checked by the settlement invariants): it grows only when the investor had
// no live investment there yet. Run it before the new investment is inserted (or in the same
// statement, where the insert is not visible yet).

/** SQL text of the parameters, each with its cast (e.g. `$1::uuid`). */
export interface CommitmentParams {
  campaign: string;
  investor: string;
  amount: string;
}

const raised = (p: CommitmentParams) => `committed_cents = committed_cents + ${p.amount},
        investor_count = investor_count + case when exists (
          select 1 from investments
          where campaign_id = ${p.campaign} and investor_id = ${p.investor} and status in ('reserved', 'posted')
        ) then 0 else 1 end,
        updated_at = now()`;

/**
 * The campaign's part of an investment, for the investing commit's one statement (a CTE): the
 * total and count rise only while the campaign takes the money — live (`statuses`), started,
 * before the deadline, not the investor's own, in its currency, at least the minimum ticket and
 * within the cap, with the key information sheet's version the investor read — conditions checked on the latest row once its lock is held. Returns the
 * campaign's id, slug, title, status, deadline_at, currency, developer, goal and new committed total
 * when it took it, no row otherwise.
 */
export function takeInvestmentSql(
  p: CommitmentParams & {
    currency: string;
    statuses: string;
    at: string;
    /** The key information sheet's version the investor read (ADR 0029); null: the current one. */
    keyInformationVersion: string;
  },
): string {
  return `update campaigns
    set ${raised(p)}
    where id = ${p.campaign} and status = any(${p.statuses}) and currency = ${p.currency}
      and (starts_at is null or starts_at <= ${p.at})
      and deadline_at > ${p.at}
      and developer_id is distinct from ${p.investor}
      and min_ticket_cents <= ${p.amount}
      and (max_cents is null or committed_cents + ${p.amount} <= max_cents)
      and (${p.keyInformationVersion} is null or key_information_version = ${p.keyInformationVersion})
    returning id, slug, title, status, deadline_at, key_information_version, currency, developer_id,
      goal_cents, committed_cents`;
}

const ADD_SQL = `update campaigns
    set ${raised({ campaign: '$1::uuid', investor: '$2::uuid', amount: '$3::bigint' })}
    where id = $1::uuid`;

/**
 * Adds a commitment the platform makes itself (the demo's bot, the development seed) with no
 * conditions. Call it under the campaign's lock, before inserting the investment.
 */
export async function addCommitment(
  tx: Db,
  v: { campaignId: string; investorId: string; amountCents: number },
): Promise<void> {
  await preparedRaw(tx, 'campaigns_add_commitment', ADD_SQL, ['campaign', 'investor', 'amount'])({
    campaign: v.campaignId,
    investor: v.investorId,
    amount: v.amountCents,
  });
}
