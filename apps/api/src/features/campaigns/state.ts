import { type CampaignStatus, canMoveCampaign } from '@indiesplit/shared/campaigns';
import { DEFAULT_PLATFORM_SHARE_BPS } from '@indiesplit/shared/revenue';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { AppError } from '../../platform/errors.ts';
import { recordEvent } from './commands/record-event.ts';

// The one way a campaign's status changes: under the row's lock, along CAMPAIGN_TRANSITIONS, with
// an event saying who (null: the platform's jobs), when and why. Call it inside a transaction.

export type CampaignRow = typeof campaigns.$inferSelect;

/** The campaign, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockCampaign(tx: Db, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row;
}

/**
 * Moves a locked campaign to `to`. Moving to the status it already has returns it unchanged, so a
 * job that runs twice does nothing the second time; an illegal move is refused (409).
 */
export async function moveCampaign(
  tx: Db,
  campaign: CampaignRow,
  to: CampaignStatus,
  actorId: string | null,
  reason: string | null = null,
  options: { platformShareBps?: number; successFeeBps?: number } = {},
): Promise<CampaignRow> {
  const from = campaign.status as CampaignStatus;
  if (from === to) return campaign;
  if (!canMoveCampaign(from, to)) throw new AppError('campaignTransitionNotAllowed', 409);
  // Going live freezes the money terms; the platform's share of the revenue pools (ADR 0014) and
  // its fee on the money raised (ADR 0042) are among them: the configured values are written once,
  // and never changed afterwards.
  const platformShare =
    to === 'live'
      ? {
          platformShareBps:
            campaign.platformShareBps ?? options.platformShareBps ?? DEFAULT_PLATFORM_SHARE_BPS,
          successFeeBps: campaign.successFeeBps ?? options.successFeeBps ?? 0,
        }
      : {};
  const [row] = await tx
    .update(campaigns)
    .set({ status: to, updatedAt: sql`now()`, ...platformShare })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  await recordEvent(tx, { campaignId: campaign.id, from, to, actorId, reason });
  if (!row) throw new Error(`campaign ${campaign.id} vanished under its lock`);
  return row;
}
