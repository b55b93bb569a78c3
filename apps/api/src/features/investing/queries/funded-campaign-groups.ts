import { and, asc, countDistinct, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { campaigns } from '../../../db/schema-campaigns.ts';
import { investments, investorProfiles } from '../../../db/schema-investing.ts';

// The rows of the annual report to the regulator (ECSP Art 16, ADR 0031): read-only.

/** When a campaign was funded: its first move to `funded`. */
const fundedAt = sql<Date>`(select min(e.created_at) from campaign_events e
  where e.campaign_id = ${campaigns.id} and e.to_status = 'funded')`;

/** Investors who never gave a tax residence (none is asked for virtual money) are counted here. */
export const UNKNOWN_COUNTRY = 'unknown';

/**
 * Every real-money campaign funded in [from, to), with its posted investors grouped by country of
 * tax residence (ADR 0033) and investor class: one row per campaign, country and class.
 */
export async function fundedCampaignGroups(db: Db, from: Date, to: Date) {
  const investorClass = sql<string>`coalesce(${investorProfiles.investorClass}, 'non_sophisticated')`;
  // A literal, not a parameter: the grouping must be the selected expression itself.
  const country = sql<string>`coalesce(${investorProfiles.taxResidenceCountry}, ${sql.raw(`'${UNKNOWN_COUNTRY}'`)})`;
  return db
    .select({
      campaignId: campaigns.id,
      title: campaigns.title,
      slug: campaigns.slug,
      studio: campaigns.studioLegalName,
      raisedCents: campaigns.committedCents,
      fundedAt: sql<string>`${fundedAt}::text`,
      country,
      investorClass,
      investors: countDistinct(investments.investorId),
      amountCents: sum(investments.amountCents),
    })
    .from(campaigns)
    .innerJoin(investments, and(eq(investments.campaignId, campaigns.id), eq(investments.status, 'posted')))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, investments.investorId))
    .where(
      and(
        eq(campaigns.currency, 'EUR'),
        sql`${fundedAt} >= ${from.toISOString()}::timestamptz`,
        sql`${fundedAt} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(campaigns.id, country, investorClass)
    .orderBy(asc(fundedAt), asc(campaigns.title), asc(campaigns.id), asc(country), asc(investorClass));
}
