import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';

// Reads for ADR 0031 (conflicts of interest, the per-studio limit). Investments are written by
// investing; campaigns only read them here.

/** The live investments (reserved or posted) flagged as conflicts of interest: how many, how much. */
export async function conflictedInvestments(db: Db, campaignId: string) {
  const [row] = await db
    .select({ count: count(), total: sql<string | null>`sum(${investments.amountCents})` })
    .from(investments)
    .where(
      and(
        eq(investments.campaignId, campaignId),
        inArray(investments.status, ['reserved', 'posted']),
        isNotNull(investments.conflictOfInterest),
      ),
    );
  return { count: Number(row?.count ?? 0), totalCents: Number(row?.total ?? 0) };
}

/**
 * What the studio behind `campaign` raises on IndieSplit in the 12 months before `now`, other than
 * `campaign` itself: every funded campaign (funded within those months) for its amount, and every
 * campaign still open to money (scheduled, live, closing) for its cap, since it may still raise
 * that much. The same studio: the same developer account, or the same registration number in the
 * same country. Demo campaigns raise no money and are left out.
 */
export async function raisedOnPlatform(
  db: Db,
  campaign: {
    id: string;
    developerId: string | null;
    studioRegistrationNumber: string;
    studioCountry: string;
  },
  now: Date,
): Promise<number> {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const sameStudio = sql`(
    (${campaign.developerId}::uuid is not null and ${campaigns.developerId} = ${campaign.developerId}::uuid)
    or (${campaign.studioRegistrationNumber} <> '' and ${campaigns.studioRegistrationNumber} = ${campaign.studioRegistrationNumber}
        and ${campaigns.studioCountry} = ${campaign.studioCountry}))`;
  const [row] = await db
    .select({
      total: sql<string | null>`sum(case
        when ${campaigns.status} in ('scheduled', 'live', 'closing') then coalesce(${campaigns.maxCents}, 0)
        else ${campaigns.committedCents} end)`,
    })
    .from(campaigns)
    .where(
      and(
        sql`${campaigns.id} <> ${campaign.id}`,
        eq(campaigns.currency, 'EUR'),
        sameStudio,
        sql`(${campaigns.status} in ('scheduled', 'live', 'closing')
          or (${campaigns.status} in ('funded', 'services_active', 'launched', 'completed')
              and exists (select 1 from campaign_events e where e.campaign_id = ${campaigns.id}
                          and e.to_status = 'funded' and e.created_at > ${since.toISOString()}::timestamptz)))`,
      ),
    );
  return Number(row?.total ?? 0);
}
