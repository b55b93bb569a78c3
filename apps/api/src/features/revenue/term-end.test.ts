import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { useTestApp } from '../../../test/fixtures/settlement.ts';
import type { Db } from '../../db/client.ts';
import { campaignEvents, campaigns } from '../../db/schema-campaigns.ts';
import { revenueReminders } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { fileReport } from './commands/file-report.ts';
import { runRevenueWork } from './worker.ts';

// The end of the term: a real-money campaign becomes Completed once its 36 months are over and
// the report of the last month is past due (after that month's reminder), never before; late
// reports are still taken afterwards.

let db: Db;
let ctx: AppContext;

useTestApp((env) => {
  ({ db, ctx } = env);
});

const statusOf = async (id: string) =>
  (await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]?.status;

describe('the end of the term', () => {
  it('completes a campaign the day after its last report was due, once, and still takes late reports', async () => {
    // Launched 2023-01-01: the term ends 2025-12-31, December 2025's report is due 2026-01-15.
    const ended = await launchedCampaign(ctx, { investments: [10_000], launchedOn: '2023-01-01' });
    const running = await launchedCampaign(ctx, { investments: [10_000], launchedOn: '2025-06-01' });
    const demo = await launchedCampaign(ctx, {
      investments: [10_000],
      launchedOn: '2023-01-01',
      currency: 'DEMO',
    });

    const dueDay = await runRevenueWork(ctx, new Date('2026-01-15T23:00:00Z'), { demo: false });
    expect(dueDay.completed).toBe(0);
    expect(await statusOf(ended.campaign.id)).toBe('launched');
    // The last month was reminded of while the campaign was still running.
    const reminded = await db
      .select()
      .from(revenueReminders)
      .where(
        and(
          eq(revenueReminders.campaignId, ended.campaign.id),
          eq(revenueReminders.periodStart, '2025-12-01'),
        ),
      );
    expect(reminded).toHaveLength(1);

    const after = new Date('2026-01-16T00:30:00Z');
    const round = await runRevenueWork(ctx, after, { demo: false });
    expect(round.completed).toBe(1);
    expect(round.errors).toEqual([]);
    expect(await statusOf(ended.campaign.id)).toBe('completed');
    expect(await statusOf(running.campaign.id)).toBe('launched');
    expect(await statusOf(demo.campaign.id)).toBe('launched');
    const [event] = await db
      .select()
      .from(campaignEvents)
      .where(and(eq(campaignEvents.campaignId, ended.campaign.id), eq(campaignEvents.toStatus, 'completed')));
    expect(event).toMatchObject({ fromStatus: 'launched', actorId: null, reason: 'revenue-share term over' });

    expect((await runRevenueWork(ctx, after, { demo: false })).completed).toBe(0);

    const late = await fileReport(
      ctx,
      ended.developerId,
      ended.campaign.id,
      {
        kind: 'regular',
        period_kind: 'month',
        period_start: '2025-12-01',
        lines: [
          { store: 'steam', gross_cents: 50_000, store_fees_cents: 15_000, refunds_cents: 0, taxes_cents: 0 },
        ],
      },
      after,
    );
    expect(late).toMatchObject({ status: 'submitted', net_cents: 35_000 });
  });
});
