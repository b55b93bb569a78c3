import { randomUUID } from 'node:crypto';
import type { Currency } from '@indiesplit/shared/wallet';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns, investments } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { type CampaignRow, lockCampaign, moveCampaign } from '../campaigns/state.ts';
import { invest } from '../investing/service.ts';
import * as settlement from '../settlement/service.ts';
import { acknowledged, DAY, fund, newCampaign, newMember } from '../settlement/test-fixtures.ts';

// Test data of the revenue-share tests: a campaign that was funded through the real investing
// and settlement code, then launched on a given day, with its investors and developer.

export interface LaunchedSpec {
  /** Each investor's posted investment, in cents (one investor per entry). */
  investments: number[];
  currency?: Currency;
  /** YYYY-MM-DD; default: 2026-01-15. */
  launchedOn?: string;
  revenueShareBps?: number;
  platformShareBps?: number;
  /** The developer; a new member (user type developer) by default. */
  developerId?: string;
  /** Leave the campaign in services_active (not launched). */
  notLaunched?: boolean;
}

export interface LaunchedCampaign {
  campaign: CampaignRow;
  developerId: string;
  investors: Array<{ id: string; email: string; cents: number }>;
}

export async function launchedCampaign(ctx: AppContext, spec: LaunchedSpec): Promise<LaunchedCampaign> {
  const db: Db = ctx.db;
  const currency = spec.currency ?? 'EUR';
  const developerId = spec.developerId ?? (await newMember(db)).id;
  const total = spec.investments.reduce((a, b) => a + b, 0);
  const deadlineAt = new Date(Date.now() + DAY);
  const c = await newCampaign(db, {
    currency,
    goalCents: Math.max(1, total),
    // A demo round caps each member's share of its maximum (DEMO_MEMBER_SHARE_PERCENT): room enough.
    maxCents:
      currency === 'DEMO'
        ? Math.ceil((Math.max(1, total) * 100) / ctx.config.demoMemberSharePercent)
        : Math.max(1, total) * 2,
    minTicketCents: Math.max(1, Math.min(...spec.investments)),
    reflectionSeconds: 0,
    developerId,
    deadlineAt,
  });
  await db
    .update(campaigns)
    .set({
      revenueShareBps: spec.revenueShareBps ?? 1000,
      platformShareBps: spec.platformShareBps ?? 1000,
    })
    .where(eq(campaigns.id, c.id));

  const investors: LaunchedCampaign['investors'] = [];
  for (const cents of spec.investments) {
    const m = await newMember(db);
    await fund(db, m.id, cents, currency);
    await invest(ctx, m.id, c.id, { amount_cents: cents, ...acknowledged }, randomUUID());
    investors.push({ ...m, cents });
  }

  // Past the deadline: closed, funded, every investment posted, the services started.
  const after = new Date(deadlineAt.getTime() + 1000);
  await settlement.closeCampaign(ctx, c.id, after);
  const decided = await settlement.decideCampaign(ctx, c.id, after);
  if (decided !== 'funded') throw new Error(`fixture campaign not funded: ${decided}`);
  const rows = await db.select().from(investments).where(eq(investments.campaignId, c.id));
  for (const row of rows) await settlement.settleInvestment(ctx, c.id, row.id, 'post', after);
  if (!(await settlement.completeFunded(ctx, c.id))) throw new Error('fixture campaign services not started');

  if (!spec.notLaunched) {
    await db.transaction(async (tx) => {
      await tx
        .update(campaigns)
        .set({ launchedOn: spec.launchedOn ?? '2026-01-15' })
        .where(eq(campaigns.id, c.id));
      const row = await lockCampaign(tx, c.id);
      if (!row) throw new Error('fixture campaign vanished');
      await moveCampaign(tx, row, 'launched', null, 'test launch');
    });
  }
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, c.id));
  if (!campaign) throw new Error('fixture campaign vanished');
  return { campaign, developerId, investors };
}
