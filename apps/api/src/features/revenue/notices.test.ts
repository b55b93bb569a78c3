import { periodEndOf } from '@indiesplit/shared/revenue';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { newMember, useTestApp } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { notificationPreferences, notifications } from '../../db/schema-notifications.ts';
import {
  revenueDistributions,
  revenuePayouts,
  revenueReminders,
  revenueReports,
} from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendPayoutNotices, sendReportReminders } from './notices.ts';
import { createDistribution } from './pool.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;

useTestApp((env) => {
  ({ t, db, ctx } = env);
});

type Figures = { gross: number; fees?: number };

/** Files a regular report of the campaign for the month (or quarter) in the given state. */
async function fileReport(
  campaignId: string,
  periodStart: string,
  status: 'submitted' | 'returned' | 'verified',
  options: { periodKind?: 'month' | 'quarter'; figures?: Figures; generated?: boolean } = {},
) {
  const periodKind = options.periodKind ?? 'month';
  const gross = options.figures?.gross ?? 100_000;
  const fees = options.figures?.fees ?? 0;
  const [report] = await db
    .insert(revenueReports)
    .values({
      campaignId,
      periodKind,
      periodStart,
      periodEnd: periodEndOf(periodKind, periodStart),
      currency: 'EUR',
      grossCents: gross,
      storeFeesCents: fees,
      refundsCents: 0,
      taxesCents: 0,
      netCents: gross - fees,
      status,
      generated: options.generated ?? false,
      verifiedAt: status === 'verified' ? new Date() : null,
    })
    .returning();
  return report!;
}

/** A verified report whose distribution is paid with these payouts (as the payout step leaves it). */
async function paidDistribution(
  campaignId: string,
  periodStart: string,
  payouts: Array<{ userId: string; amount: number; toSuspense?: boolean }>,
  options: { generated?: boolean; paid?: boolean; periodKind?: 'month' | 'quarter' } = {},
) {
  const report = await fileReport(campaignId, periodStart, 'verified', options);
  await db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    const distribution = await createDistribution(tx, campaign!, report, new Date());
    if (options.paid === false) return;
    await tx
      .update(revenueDistributions)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(revenueDistributions.id, distribution.id));
    await tx.insert(revenuePayouts).values(
      payouts.map((p) => ({
        distributionId: distribution.id,
        campaignId,
        userId: p.userId,
        investedCents: 10_000,
        amountCents: p.amount,
        toSuspense: p.toSuspense ?? false,
      })),
    );
  });
}

/** From now on: the mail a person receives later (newest first), leaving out the fixtures' funding mail. */
async function inboxOf(email: string) {
  const idOf = (m: object) => (m as { id: number }).id;
  const seen = new Set((await t.mailbox(email)).map(idOf));
  return async () => (await t.mailbox(email)).filter((m) => !seen.has(idOf(m)));
}

/** A campaign whose developer is never reminded (ended), so payout tests mail investors only. */
async function endedCampaign(investments: number[]) {
  const game = await launchedCampaign(ctx, { investments });
  await db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, game.campaign.id));
  return game;
}

describe('payout notices', () => {
  it('tells each investor once, in their language, even when two workers run', async () => {
    const game = await endedCampaign([10_000, 10_000]);
    const [en, it_] = game.investors as [(typeof game.investors)[number], (typeof game.investors)[number]];
    await db.update(users).set({ language: 'it' }).where(eq(users.id, it_.id));
    const [inboxEn, inboxIt] = [await inboxOf(en.email), await inboxOf(it_.email)];
    await paidDistribution(game.campaign.id, '2026-03-01', [
      { userId: en.id, amount: 5_400 },
      { userId: it_.id, amount: 123_456 },
    ]);

    const [first, second] = await Promise.all([sendPayoutNotices(ctx), sendPayoutNotices(ctx)]);
    expect(first + second).toBe(2);
    expect(await sendPayoutNotices(ctx)).toBe(0);

    const mailsEn = await inboxEn();
    expect(mailsEn).toHaveLength(1);
    expect(mailsEn[0]?.subject).toBe('You received €54.00 from “Lanterns <of> Vesper”');
    expect(mailsEn[0]?.text).toContain('March 2026’s revenue of “Lanterns <of> Vesper”');
    expect(mailsEn[0]?.text).toContain('http://indiesplit.test/portfolio');
    expect(mailsEn[0]?.html).toContain('Lanterns &#60;of&#62; Vesper');
    expect(mailsEn[0]?.html).not.toContain('<of>');

    const mailsIt = await inboxIt();
    expect(mailsIt).toHaveLength(1);
    expect(mailsIt[0]?.subject).toBe('Hai ricevuto 1234,56\u00a0€ da «Lanterns <of> Vesper»');
    expect(mailsIt[0]?.text).toContain('i ricavi di marzo 2026 di «Lanterns <of> Vesper»');
    expect(mailsIt[0]?.text).toContain('Il mio portafoglio: http://indiesplit.test/portfolio');

    const rows = await db
      .select({ notifiedAt: revenuePayouts.notifiedAt })
      .from(revenuePayouts)
      .where(eq(revenuePayouts.campaignId, game.campaign.id));
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);
  });

  it('notifies every investor in the app and sends the payout email by each one’s preference', async () => {
    const game = await endedCampaign([10_000, 10_000, 10_000]);
    const [now, daily, off] = game.investors as Array<{ id: string; email: string }>;
    await db.insert(notificationPreferences).values([
      { userId: daily!.id, type: 'payout_received', delivery: 'daily' },
      { userId: off!.id, type: 'payout_received', delivery: 'off' },
    ]);
    const inboxes = await Promise.all([now, daily, off].map((i) => inboxOf(i!.email)));
    await paidDistribution(game.campaign.id, '2026-05-01', [
      { userId: now!.id, amount: 1_000 },
      { userId: daily!.id, amount: 2_000 },
      { userId: off!.id, amount: 3_000 },
    ]);
    expect(await sendPayoutNotices(ctx)).toBe(3);
    expect(await sendPayoutNotices(ctx)).toBe(0);

    const told = await db
      .select({ userId: notifications.userId, data: notifications.data, email: notifications.email })
      .from(notifications)
      .where(and(eq(notifications.campaignId, game.campaign.id), eq(notifications.type, 'payout_received')));
    const byUser = new Map(told.map((n) => [n.userId, n]));
    expect(told).toHaveLength(3);
    expect(byUser.get(now!.id)).toMatchObject({ email: 'queued', data: { period_start: '2026-05-01' } });
    expect(byUser.get(daily!.id)?.email).toBe('digest');
    expect(byUser.get(off!.id)?.email).toBe('none');
    // The one personal email (with the member's own amount) to the member who takes it at once.
    const [mailsNow, mailsDaily, mailsOff] = await Promise.all(inboxes.map((inbox) => inbox()));
    expect(mailsNow!.map((m) => m.subject)).toEqual(['You received €10.00 from “Lanterns <of> Vesper”']);
    expect(mailsDaily).toEqual([]);
    expect(mailsOff).toEqual([]);
  });

  it('works through many payouts in batches and names an adjustment as such', async () => {
    const game = await endedCampaign([10_000, 10_000, 10_000]);
    const inboxes = await Promise.all(game.investors.map((i) => inboxOf(i.email)));
    const report = await fileReport(game.campaign.id, '2026-01-01', 'verified', {
      periodKind: 'quarter',
    });
    await db.transaction(async (tx) => {
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, game.campaign.id));
      const [adjustment] = await tx
        .insert(revenueReports)
        .values({
          campaignId: game.campaign.id,
          kind: 'adjustment',
          adjustsReportId: report.id,
          periodKind: 'quarter',
          periodStart: '2026-01-01',
          periodEnd: '2026-03-31',
          currency: 'EUR',
          grossCents: 30_000,
          storeFeesCents: 0,
          refundsCents: 0,
          taxesCents: 0,
          netCents: 30_000,
          status: 'verified',
          verifiedAt: new Date(),
        })
        .returning();
      const d = await createDistribution(tx, campaign!, adjustment!, new Date());
      await tx
        .update(revenueDistributions)
        .set({ status: 'paid', paidAt: new Date() })
        .where(eq(revenueDistributions.id, d.id));
      await tx.insert(revenuePayouts).values(
        game.investors.map((i) => ({
          distributionId: d.id,
          campaignId: game.campaign.id,
          userId: i.id,
          investedCents: 10_000,
          amountCents: 900,
        })),
      );
    });
    expect(await sendPayoutNotices(ctx, 2)).toBe(3);
    for (const inbox of inboxes) {
      const mails = await inbox();
      expect(mails.map((m) => m.subject)).toEqual(['You received €9.00 from “Lanterns <of> Vesper”']);
      expect(mails[0]?.text).toContain('the adjustment to Q1 2026’s revenue of “Lanterns <of> Vesper”');
    }
  });

  it('never mails a deleted account, a zero payout, a share in suspense or an unpaid distribution', async () => {
    const game = await endedCampaign([10_000, 10_000, 10_000, 10_000]);
    const [deleted, zero, suspense, waiting] = game.investors as Array<{ id: string; email: string }>;
    const inboxes = await Promise.all(game.investors.map((i) => inboxOf(i.email)));
    await paidDistribution(game.campaign.id, '2026-02-01', [
      { userId: deleted!.id, amount: 500 },
      { userId: zero!.id, amount: 0 },
      { userId: suspense!.id, amount: 700, toSuspense: true },
    ]);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted!.id));
    await paidDistribution(game.campaign.id, '2026-03-01', [{ userId: waiting!.id, amount: 800 }], {
      paid: false,
    });
    // The demo's fast clock: a month lasts seconds, nobody is mailed for each.
    await paidDistribution(game.campaign.id, '2026-04-01', [{ userId: waiting!.id, amount: 900 }], {
      generated: true,
    });

    expect(await sendPayoutNotices(ctx)).toBe(0);
    for (const inbox of inboxes) expect(await inbox()).toEqual([]);
  });
});

describe('report reminders', () => {
  async function developerCampaign(language: 'en' | 'it' = 'en', launchedOn = '2026-01-15') {
    const developer = await newMember(db, { language });
    const game = await launchedCampaign(ctx, {
      investments: [10_000],
      launchedOn,
      developerId: developer.id,
    });
    return { developer, campaign: game.campaign, inbox: await inboxOf(developer.email) };
  }

  const remindedMonths = async (campaignId: string) =>
    (
      await db
        .select({ periodStart: revenueReminders.periodStart })
        .from(revenueReminders)
        .where(and(eq(revenueReminders.campaignId, campaignId), eq(revenueReminders.step, 'due')))
        .orderBy(revenueReminders.periodStart)
    ).map((r) => r.periodStart);

  it('reminds the developer on the due day, once per month', async () => {
    const { campaign, inbox } = await developerCampaign();
    // January's report is due on 15 February.
    await sendReportReminders(ctx, new Date('2026-02-14T23:00:00Z'));
    expect(await inbox()).toEqual([]);

    expect(await sendReportReminders(ctx, new Date('2026-02-15T06:00:00Z'))).toBeGreaterThanOrEqual(1);
    await sendReportReminders(ctx, new Date('2026-02-15T18:00:00Z'));
    await sendReportReminders(ctx, new Date('2026-02-20T06:00:00Z'));
    const mails = await inbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('“Lanterns <of> Vesper”: the sales report for January 2026 is due');
    expect(mails[0]?.text).toContain('for January 2026 is due today, 15 February 2026');
    expect(mails[0]?.text).toContain(`http://indiesplit.test/my-campaigns/${campaign.id}/reports`);
    expect(mails[0]?.html).not.toContain('<of>');
    expect(await remindedMonths(campaign.id)).toEqual(['2026-01-01']);
  });

  it('skips months already reported (a quarter covers three), but not a returned report', async () => {
    const { campaign, inbox } = await developerCampaign();
    await fileReport(campaign.id, '2026-01-01', 'verified');
    await fileReport(campaign.id, '2026-02-01', 'submitted');
    await fileReport(campaign.id, '2026-03-01', 'returned');
    await fileReport(campaign.id, '2026-04-01', 'submitted', { periodKind: 'quarter' });

    // On 16 July: January to June are due; July is not.
    await sendReportReminders(ctx, new Date('2026-07-16T08:00:00Z'));
    expect(await remindedMonths(campaign.id)).toEqual(['2026-03-01']);
    // March's report was due on 15 April: 92 days late, only the latest reminder is mailed.
    const mails = await inbox();
    expect(mails.map((m) => m.subject)).toEqual([
      '“Lanterns <of> Vesper”: the sales report for March 2026 is 92 days late',
    ]);
    expect(mails[0]?.text).toContain('was due on 15 April 2026');
  });

  it('writes to an Italian developer in Italian', async () => {
    const { campaign, inbox } = await developerCampaign('it');
    await fileReport(campaign.id, '2026-01-01', 'submitted', { periodKind: 'quarter' });
    await sendReportReminders(ctx, new Date('2026-05-20T08:00:00Z'));
    const mails = await inbox();
    expect(mails.map((m) => m.subject)).toEqual([
      '«Lanterns <of> Vesper»: è il momento del rendiconto di aprile 2026',
    ]);
    expect(mails[0]?.text).toContain('per aprile 2026 andava inviato entro il 15 maggio 2026');
    expect(mails[0]?.text).toContain(
      `Invia il rendiconto: http://indiesplit.test/my-campaigns/${campaign.id}/reports`,
    );
  });

  it('reminds only for months of the term, and never for demo or unlaunched campaigns', async () => {
    // Launched 15 January 2023: the term ends on 14 January 2026; January 2026 is its last month.
    const { campaign, inbox } = await developerCampaign('en', '2023-01-15');
    const demo = await newMember(db);
    const demoGame = await launchedCampaign(ctx, {
      investments: [10_000],
      currency: 'DEMO',
      developerId: demo.id,
    });
    const waiting = await newMember(db);
    const notLaunched = await launchedCampaign(ctx, {
      investments: [10_000],
      developerId: waiting.id,
      notLaunched: true,
    });
    const others = [await inboxOf(demo.email), await inboxOf(waiting.email)];

    await sendReportReminders(ctx, new Date('2026-11-22T08:00:00Z'));
    const months = await remindedMonths(campaign.id);
    expect(months).toHaveLength(37);
    expect(months[0]).toBe('2023-01-01');
    expect(months.at(-1)).toBe('2026-01-01');
    expect(await inbox()).toHaveLength(37);
    expect(await remindedMonths(demoGame.campaign.id)).toEqual([]);
    expect(await remindedMonths(notLaunched.campaign.id)).toEqual([]);
    for (const other of others) expect(await other()).toEqual([]);

    // A second round sends nothing more to anyone.
    expect(await sendReportReminders(ctx, new Date('2026-11-22T09:00:00Z'))).toBe(0);
    expect(
      await db
        .select()
        .from(revenueReminders)
        .where(
          and(eq(revenueReminders.campaignId, campaign.id), eq(revenueReminders.periodStart, '2026-02-01')),
        ),
    ).toEqual([]);
  });
});
