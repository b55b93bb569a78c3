import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import { type CampaignFacts, notify } from './service.ts';

// A campaign passing half and all of its goal (ADR 0037): its investors and followers hear of each
// milestone once in the campaign's life. The guard is a row per campaign and milestone
// (`campaign_milestones`), inserted in the transaction of the investment that passes it: two
// investments passing it at once queue on its key (and on the campaign's row, which they both
// update), one inserts it and notifies, the other finds it and does nothing. The row stays when a
// revocation or a refund lowers the total again, so passing the milestone a second time is silent.

/** The milestones, in percent of the goal. */
export const MILESTONES = [50, 100] as const;

export interface MilestoneCampaign extends CampaignFacts {
  currency: string;
  developerId: string | null;
  goalCents: number;
}

/** The milestones a total passes from `before` to `after` (both in cents, against the goal). */
export function milestonesPassed(goalCents: number, beforeCents: number, afterCents: number): number[] {
  if (goalCents <= 0) return [];
  return MILESTONES.filter((p) => beforeCents * 100 < goalCents * p && afterCents * 100 >= goalCents * p);
}

/**
 * Call in the transaction of an investment, after the campaign's total rose from `beforeCents` to
 * `afterCents`. Claims the milestones passed that no earlier investment claimed and notifies the
 * highest of them (one investment taking a campaign from 40 % to 100 % tells of 100 % only; 50 %
 * is claimed with it and never told). Nothing for the demo's rounds, as for their opening.
 * Returns the milestone told, or null.
 */
export async function notifyMilestones(
  tx: Db,
  publicUrl: string,
  campaign: MilestoneCampaign,
  beforeCents: number,
  afterCents: number,
): Promise<number | null> {
  if (campaign.currency === 'DEMO') return null;
  const passed = milestonesPassed(campaign.goalCents, beforeCents, afterCents);
  if (passed.length === 0) return null;
  const claimed = await repo.claimMilestones(tx, campaign.id, passed);
  if (claimed.length === 0) return null;
  const percent = Math.max(...claimed);
  await notify(tx, publicUrl, {
    type: 'campaign_milestone',
    campaign: { id: campaign.id, title: campaign.title, slug: campaign.slug },
    subjectId: `milestone:${percent}`,
    // The milestone only: no total, no investor, no amount.
    data: { percent },
    audience: { campaignId: campaign.id, investors: true, followers: true, except: campaign.developerId },
  });
  return percent;
}
