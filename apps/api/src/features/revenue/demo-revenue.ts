import { createHash } from 'node:crypto';
import { periodEndOf, type RevenueStore } from '@indiesplit/shared/revenue';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignEvents, campaigns } from '../../db/schema-campaigns.ts';
import { revenueReportLines, revenueReports } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { launchCampaign } from '../campaigns/commands/launch-campaign.ts';
import { lockCampaign, moveCampaign } from '../campaigns/state.ts';
import { fundFromDemoMint } from './distribution.ts';
import { createDistribution } from './pool.ts';

// The demo's revenue share on the fast clock (ADR 0014): a funded demo campaign launches at once,
// then every `demoMonthSeconds` a month of its term passes and a verified report of plausible
// sales arrives, whose pool the demo mint pays in and the platform pays out — so a visitor who
// invested virtual euros sees payouts land in their demo wallet within minutes. After the term the
// campaign is completed. The sales are made up, but always the same for a campaign and a month.

const BATCH = 20;
/** The price of the demo games, in cents. */
const PRICE_CENTS = 1499;
const STORE_FEE_BPS = 3000;
/** Each store's part of the copies sold; Steam takes the rest. */
const STORE_SHARES: Array<[RevenueStore, number]> = [
  ['playstation', 0.14],
  ['nintendo', 0.12],
  ['xbox', 0.08],
  ['epic', 0.04],
  ['other', 0.02],
];

export interface DemoRevenueSummary {
  launched: number;
  reports: number;
  completed: number;
}

/** A number in [0, 1) drawn from the campaign, the month and a label: the same every time. */
function draw(campaignId: string, month: number, label: string): number {
  const digest = createHash('sha256').update(`${campaignId}:${month}:${label}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

export interface DemoSalesLine {
  store: RevenueStore;
  grossCents: number;
  storeFeesCents: number;
  refundsCents: number;
  taxesCents: number;
}

/**
 * The sales of the `month`-th month of the term (0 = the launch month): about 900 copies at
 * launch, fewer every month, spread over the stores with Steam the largest; 30% store fees, about
 * 3% refunds, no taxes (the stores remit them).
 */
export function demoSales(campaignId: string, month: number): DemoSalesLine[] {
  const launchCopies = 700 + Math.floor(draw(campaignId, 0, 'launch') * 400);
  const noise = 0.85 + draw(campaignId, month, 'noise') * 0.3;
  const copies = Math.max(12, Math.round(launchCopies * 0.88 ** month * noise));
  const lines: Array<{ store: RevenueStore; copies: number }> = [];
  let rest = copies;
  for (const [store, share] of STORE_SHARES) {
    const n = Math.floor(copies * share * (0.8 + draw(campaignId, month, store) * 0.4));
    if (n > 0) lines.push({ store, copies: n });
    rest -= n;
  }
  lines.unshift({ store: 'steam', copies: rest });
  return lines.map(({ store, copies: n }) => {
    const grossCents = n * PRICE_CENTS;
    const refundBps = 200 + Math.floor(draw(campaignId, month, `${store}:refunds`) * 200);
    return {
      store,
      grossCents,
      storeFeesCents: Math.round((grossCents * STORE_FEE_BPS) / 10_000),
      refundsCents: Math.round((grossCents * refundBps) / 10_000),
      taxesCents: 0,
    };
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the calendar month `k` months after the month of `day` (YYYY-MM-DD). */
export function monthStart(day: string, k: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + k, 1));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-01`;
}

async function campaignsIn(db: Db, status: 'services_active' | 'launched'): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.currency, 'DEMO'), eq(campaigns.status, status)))
    .orderBy(campaigns.createdAt)
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** Launches a demo campaign whose services run: released today. */
async function launch(db: Db, campaignId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockCampaign(tx, campaignId);
    if (row?.status !== 'services_active' || row.currency !== 'DEMO') return false;
    await launchCampaign(tx, row, {
      launchedOn: now.toISOString().slice(0, 10),
      actorId: null,
      reason: 'demo launch',
    });
    return true;
  });
}

/** When the campaign was launched: the clock origin of its demo months. */
async function launchedAt(db: Db, campaignId: string): Promise<Date | undefined> {
  const [event] = await db
    .select({ at: campaignEvents.createdAt })
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, campaignId), eq(campaignEvents.toStatus, 'launched')))
    .orderBy(desc(campaignEvents.id))
    .limit(1);
  return event?.at;
}

type Step = { distributionId: string | null; completed: boolean } | null;

/**
 * Files the campaign's next month, if it is due at `now`, with its distribution; completes the
 * campaign once the term's reports are in. Under the campaign's lock, so two workers never file
 * the same month. Returns null when nothing was due.
 */
async function nextMonth(ctx: AppContext, campaignId: string, due: number, now: Date): Promise<Step> {
  return ctx.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (campaign?.status !== 'launched' || !campaign.launchedOn) return null;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(revenueReports)
      .where(and(eq(revenueReports.campaignId, campaignId), eq(revenueReports.kind, 'regular')));
    const filed = Number(n);
    if (filed >= campaign.termMonths) {
      await moveCampaign(tx, campaign, 'completed', null, 'demo term over');
      return { distributionId: null, completed: true };
    }
    if (filed >= due) return null;

    const lines = demoSales(campaignId, filed);
    const sum = (pick: (l: DemoSalesLine) => number) => lines.reduce((a, l) => a + pick(l), 0);
    const figures = {
      grossCents: sum((l) => l.grossCents),
      storeFeesCents: sum((l) => l.storeFeesCents),
      refundsCents: sum((l) => l.refundsCents),
      taxesCents: 0,
    };
    const periodStart = monthStart(campaign.launchedOn, filed);
    const [report] = await tx
      .insert(revenueReports)
      .values({
        campaignId,
        kind: 'regular',
        periodKind: 'month',
        periodStart,
        periodEnd: periodEndOf('month', periodStart),
        currency: 'DEMO',
        ...figures,
        netCents: figures.grossCents - figures.storeFeesCents - figures.refundsCents - figures.taxesCents,
        status: 'verified',
        generated: true,
        submittedAt: now,
        verifiedAt: now,
      })
      .returning();
    if (!report) throw new Error('demo report insert returned nothing');
    await tx.insert(revenueReportLines).values(lines.map((l) => ({ reportId: report.id, ...l })));
    const distribution = await createDistribution(tx, campaign, report, now);
    return {
      distributionId: distribution.status === 'awaiting_funds' ? distribution.id : null,
      completed: false,
    };
  });
}

/**
 * One round of the demo's revenue share at `now`: launches, the months that have passed, their
 * payouts, the completions. A campaign that fails is logged and tried again next round.
 */
export async function runDemoRevenue(ctx: AppContext, now: Date): Promise<DemoRevenueSummary> {
  const summary: DemoRevenueSummary = { launched: 0, reports: 0, completed: 0 };
  for (const id of await campaignsIn(ctx.db, 'services_active')) {
    try {
      if (await launch(ctx.db, id, now)) summary.launched++;
    } catch (err) {
      ctx.log.error({ err, campaignId: id }, 'demo launch failed; retried next round');
    }
  }
  const monthMs = Math.max(1, ctx.config.demoMonthSeconds) * 1000;
  for (const id of await campaignsIn(ctx.db, 'launched')) {
    try {
      const origin = await launchedAt(ctx.db, id);
      if (!origin) continue;
      // Month k's report is due k+1 demo months after the launch.
      const due = Math.floor((now.getTime() - origin.getTime()) / monthMs);
      for (let guard = 0; guard < 40; guard++) {
        const step = await nextMonth(ctx, id, due, now);
        if (!step) break;
        if (step.completed) {
          summary.completed++;
          break;
        }
        summary.reports++;
        if (step.distributionId) await fundFromDemoMint(ctx, step.distributionId, now);
      }
    } catch (err) {
      ctx.log.error({ err, campaignId: id }, 'demo revenue failed; retried next round');
    }
  }
  return summary;
}
