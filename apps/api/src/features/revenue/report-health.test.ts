import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchedCampaign } from '../../../test/fixtures/revenue.ts';
import { newMember, useTestApp } from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notifications } from '../../db/schema-notifications.ts';
import { revenueReminders } from '../../db/schema-revenue.ts';
import type { AppContext } from '../../platform/context.ts';
import { fileReport } from './commands/file-report.ts';
import { sendReportReminders } from './notices.ts';
import { campaignsHealth, monthsHealth } from './report-health.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;
useTestApp((env) => {
  ({ t, db, ctx } = env);
});

type Investor = { id: string; email: string; cents: number };
/** A mail's outbox id (the harness's mailbox rows carry it). */
const idOf = (m: object) => (m as { id: number }).id;
const at = (day: string) => new Date(`${day}T09:00:00Z`);
const lines = [
  {
    store: 'steam' as const,
    gross_cents: 100_000,
    store_fees_cents: 30_000,
    refunds_cents: 0,
    taxes_cents: 0,
  },
];

/** The developer files the month's report on a business day (the command's clock). */
const fileOn = (campaignId: string, developerId: string, periodStart: string, day: string) =>
  fileReport(
    ctx,
    developerId,
    campaignId,
    { kind: 'regular', period_kind: 'month', period_start: periodStart, lines },
    at(day),
  );

describe('report health on the business clock', () => {
  it('moves a month from upcoming to due, overdue, default and, once filed, cured', async () => {
    // Launched 15 January 2026: January's report is due on 15 February.
    const game = await launchedCampaign(ctx, { investments: [10_000], launchedOn: '2026-01-15' });
    const campaign = { id: game.campaign.id, launchedOn: '2026-01-15', termMonths: game.campaign.termMonths };
    const january = async (day: string) =>
      (await monthsHealth(db, [campaign], day)).get(campaign.id)?.[0]?.health;
    const overall = async (day: string) => (await campaignsHealth(db, [campaign], day)).get(campaign.id);

    expect(await january('2026-01-31')).toBe('upcoming');
    expect(await overall('2026-01-31')).toBe('none_due');
    expect(await january('2026-02-01')).toBe('due');
    expect(await january('2026-02-15')).toBe('due');
    expect(await overall('2026-02-15')).toBe('none_due');
    expect(await january('2026-02-16')).toBe('overdue');
    expect(await overall('2026-02-16')).toBe('overdue');
    expect(await january('2026-04-15')).toBe('overdue');
    expect(await january('2026-04-16')).toBe('default');
    expect(await overall('2026-04-16')).toBe('default');

    // Filed on 20 April, with February's and March's (late too): each is cured, and so is the campaign.
    for (const month of ['2026-01-01', '2026-02-01', '2026-03-01']) {
      await fileOn(campaign.id, game.developerId, month, '2026-04-20');
    }
    expect(await january('2026-04-19')).toBe('default');
    expect(await january('2026-04-20')).toBe('cured');
    expect(await overall('2026-04-20')).toBe('cured');
    const months = (await monthsHealth(db, [campaign], '2026-04-20')).get(campaign.id)?.map((m) => m.health);
    expect(months).toEqual(['cured', 'cured', 'cured', 'upcoming']);
    // A later month past due still makes it overdue again.
    expect(await overall('2026-05-16')).toBe('overdue');
  });

  it('calls a month filed by its due day on time, and an unlaunched campaign has no health', async () => {
    const game = await launchedCampaign(ctx, { investments: [10_000], launchedOn: '2026-01-15' });
    const waiting = await launchedCampaign(ctx, { investments: [10_000], notLaunched: true });
    await fileOn(game.campaign.id, game.developerId, '2026-01-01', '2026-02-15');
    const health = await campaignsHealth(
      db,
      [
        { id: game.campaign.id, launchedOn: '2026-01-15', termMonths: game.campaign.termMonths },
        { id: waiting.campaign.id, launchedOn: null, termMonths: waiting.campaign.termMonths },
      ],
      '2026-03-01',
    );
    expect(health.get(game.campaign.id)).toBe('on_time');
    expect(health.has(waiting.campaign.id)).toBe(false);
  });
});

describe('reminders and escalation', () => {
  it('tells the developer, the admins and the investors once each, on their day, in their language', async () => {
    const developer = await newMember(db);
    const admin = await newMember(db, { staffRole: 'admin' });
    const bystander = await newMember(db);
    const game = await launchedCampaign(ctx, {
      investments: [10_000, 20_000],
      launchedOn: '2026-01-15',
      developerId: developer.id,
    });
    const [investorEn, investorIt] = game.investors as [Investor, Investor];
    await db.update(users).set({ language: 'it' }).where(eq(users.id, investorIt.id));
    const people = { developer, admin, investorEn, investorIt, bystander };
    // January (due 15 February) only: February's and March's reports come in on time.
    await fileOn(game.campaign.id, developer.id, '2026-02-01', '2026-03-02');
    await fileOn(game.campaign.id, developer.id, '2026-03-01', '2026-04-02');

    const seen = new Map<string, Set<number>>();
    for (const [who, p] of Object.entries(people)) {
      seen.set(who, new Set((await t.mailbox(p.email)).map((m) => idOf(m))));
    }
    const received: Array<{ who: string; day: string; subject: string; text: string }> = [];
    const days = [
      '2026-02-14',
      '2026-02-15',
      '2026-02-15',
      '2026-02-16',
      '2026-02-21',
      '2026-02-22',
      '2026-02-23',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
      '2026-04-15',
      '2026-04-16',
      '2026-04-17',
    ];
    for (const day of days) {
      await sendReportReminders(ctx, at(day));
      for (const [who, p] of Object.entries(people)) {
        for (const m of await t.mailbox(p.email)) {
          const mail = { id: idOf(m), subject: m.subject, text: m.text };
          if (seen.get(who)?.has(mail.id)) continue;
          seen.get(who)?.add(mail.id);
          // Admins hear of every campaign: this test's are the ones linking to it.
          const about =
            mail.text.includes(game.campaign.id) || mail.text.includes(`/campaigns/${game.campaign.slug}`);
          if (about || who !== 'admin') received.push({ who, day, subject: mail.subject, text: mail.text });
        }
      }
    }
    const title = game.campaign.title;
    expect(received.map(({ who, day, subject }) => ({ who, day, subject }))).toEqual([
      {
        who: 'developer',
        day: '2026-02-15',
        subject: `“${title}”: the sales report for January 2026 is due`,
      },
      { who: 'admin', day: '2026-02-16', subject: `Overdue report: “${title}”, January 2026` },
      {
        who: 'developer',
        day: '2026-02-22',
        subject: `“${title}”: the sales report for January 2026 is 7 days late`,
      },
      {
        who: 'developer',
        day: '2026-03-17',
        subject: `“${title}”: the sales report for January 2026 is 30 days late`,
      },
      {
        who: 'investorEn',
        day: '2026-03-17',
        subject: `“${title}” is 30 days late with its sales report for January 2026`,
      },
      {
        who: 'investorIt',
        day: '2026-03-17',
        subject: `«${title}» è in ritardo di 30 giorni con il rendiconto di gennaio 2026`,
      },
      { who: 'admin', day: '2026-04-16', subject: `In default: “${title}” has not reported January 2026` },
    ]);
    const investorMail = received.find((r) => r.who === 'investorEn');
    expect(investorMail?.text).toContain(`http://indiesplit.test/campaigns/${game.campaign.slug}`);
    expect(received.find((r) => r.who === 'investorIt')?.text).toContain('scadeva il 15 febbraio 2026');

    // Each step is recorded once: a restarted worker finds them and sends nothing again.
    const steps = await db
      .select({ step: revenueReminders.step, mailed: revenueReminders.mailed })
      .from(revenueReminders)
      .where(eq(revenueReminders.campaignId, game.campaign.id));
    expect(steps.map((s) => s.step).sort()).toEqual(
      ['admin_default', 'admin_overdue', 'due', 'investors_30', 'late_30', 'late_7'].sort(),
    );
    expect(steps.every((s) => s.mailed)).toBe(true);
    await sendReportReminders(ctx, at('2026-04-17'));
    for (const [who, p] of Object.entries(people)) {
      const fresh = (await t.mailbox(p.email)).filter((m) => !seen.get(who)?.has(idOf(m)));
      expect(fresh, who).toEqual([]);
    }
  });

  it('after a pause mails only the latest step of each audience and records the others', async () => {
    const developer = await newMember(db);
    const game = await launchedCampaign(ctx, {
      investments: [10_000],
      launchedOn: '2026-01-15',
      developerId: developer.id,
    });
    for (const month of ['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01']) {
      await fileOn(game.campaign.id, developer.id, month, '2026-06-01');
    }
    const before = (await t.mailbox(developer.email)).length;
    // First round on 20 April, 64 days after January's due day.
    await sendReportReminders(ctx, at('2026-04-20'));
    const mails = (await t.mailbox(developer.email)).slice(
      0,
      (await t.mailbox(developer.email)).length - before,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      `“${game.campaign.title}”: the sales report for January 2026 is 64 days late`,
    ]);
    const steps = await db
      .select({ step: revenueReminders.step, mailed: revenueReminders.mailed })
      .from(revenueReminders)
      .where(eq(revenueReminders.campaignId, game.campaign.id));
    expect(Object.fromEntries(steps.map((s) => [s.step, s.mailed]))).toEqual({
      due: false,
      late_7: false,
      late_30: true,
      admin_overdue: false,
      admin_default: true,
      investors_30: true,
    });
    // The developer is notified in the app of the step they were mailed, once; its email is the one above.
    const told = await db
      .select({ subjectId: notifications.subjectId, data: notifications.data, email: notifications.email })
      .from(notifications)
      .where(and(eq(notifications.userId, developer.id), eq(notifications.type, 'report_overdue')));
    expect(told).toEqual([
      {
        subjectId: '2026-01-01|late_30',
        data: { period_start: '2026-01-01', due_on: '2026-02-15' },
        email: 'queued',
      },
    ]);
  });
});
