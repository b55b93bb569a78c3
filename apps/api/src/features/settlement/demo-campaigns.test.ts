import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  acknowledged,
  campaign,
  escrowOf,
  expectAllInvariants,
  investmentsOf,
  newMember,
  useTestApp,
  walletOf,
} from '../../../test/fixtures/settlement.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';
import { studioKyb } from '../../db/schema-kyb.ts';
import type { AppContext } from '../../platform/context.ts';
import { seed } from '../../seed/seed.ts';
import { keyInformationOf } from '../campaigns/presenters/key-information.ts';
import { studioProblems } from '../campaigns/validation/publish.ts';
import { invest } from '../investing/service.ts';
import { resetDemoWallet } from '../wallet/service.ts';
import { DEMO_REFLECTION_SECONDS, DEMO_ROUND_MINUTES, ensureDemoRounds } from './demo-campaigns.ts';
import { runDueWork } from './worker.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;

useTestApp((env) => {
  ({ t, db, ctx } = env);
});

const liveDemo = (kind: 'fund' | 'fail') =>
  db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.status, 'live'), like(campaigns.slug, `demo-${kind}-%`)));

describe('demo campaigns', () => {
  it('keeps one round that will be funded and one that will fail live, and a visitor sees both ends in minutes', async () => {
    const start = new Date();
    expect(await ensureDemoRounds(db, start)).toBe(2);
    expect(await ensureDemoRounds(db, start)).toBe(0);
    const [fundRound] = await liveDemo('fund');
    const [failRound] = await liveDemo('fail');
    expect(fundRound).toMatchObject({ currency: 'DEMO', reflectionSeconds: DEMO_REFLECTION_SECONDS });
    expect(fundRound!.deadlineAt!.getTime() - start.getTime()).toBe(DEMO_ROUND_MINUTES * 60_000);
    // The bot's commitment is real ledger money: a reservation into the escrow.
    expect(fundRound!.committedCents).toBe(45_000);
    expect(fundRound!.committedCents).toBeLessThan(fundRound!.goalCents);
    expect(await escrowOf(db, fundRound!.id, 'DEMO')).toMatchObject({ pendingIn: 45_000, posted: 0 });
    await expectAllInvariants(db);

    // A newcomer opens the demo wallet and invests the minimum ticket in both.
    const visitor = await newMember(db);
    await resetDemoWallet(db, visitor.id);
    const tip = await invest(
      ctx,
      visitor.id,
      fundRound!.id,
      { amount_cents: 5_000, ...acknowledged },
      randomUUID(),
    );
    expect(tip.investment.currency).toBe('DEMO');
    await invest(ctx, visitor.id, failRound!.id, { amount_cents: 5_000, ...acknowledged }, randomUUID());
    expect((await campaign(db, fundRound!.id)).committedCents).toBe(fundRound!.goalCents);

    // A few minutes later: the deadline has passed and the one-minute reflection is over.
    const later = new Date(fundRound!.deadlineAt!.getTime() + 61_000);
    const summary = await runDueWork(ctx, later, { demo: true });
    expect(summary.demoCreated).toBe(2);
    expect((await campaign(db, fundRound!.id)).status).toBe('services_active');
    expect((await campaign(db, failRound!.id)).status).toBe('failed');
    expect((await investmentsOf(db, fundRound!.id)).map((i) => i.status)).toEqual(['posted', 'posted']);
    expect((await investmentsOf(db, failRound!.id)).map((i) => i.status)).toEqual(['refunded', 'refunded']);
    expect(await walletOf(db, visitor.id, 'DEMO')).toMatchObject({ posted: 995_000, reservedOut: 0 });
    const mail = await t.mailbox(visitor.email);
    expect(mail.map((m) => m.subject).sort()).toEqual(
      [
        `“${failRound!.title}” missed its goal: you have been refunded`,
        `“${fundRound!.title}” reached its goal`,
        // The receipts of the two investments: the demo mails what the real thing mails.
        `Your investment in “${failRound!.title}” is reserved`,
        `Your investment in “${fundRound!.title}” is reserved`,
      ].sort(),
    );
    expect(mail.find((m) => m.subject.includes('reached'))?.text).toContain('€50.00 (virtual money)');
    // The bot gets no mail.
    const [bot] = await db.select().from(users).where(eq(users.username, 'demo_bot'));
    expect(await t.mailbox(bot!.email)).toEqual([]);

    // The next round is live, with a new deadline.
    const [next] = await liveDemo('fund');
    expect(next!.id).not.toBe(fundRound!.id);
    expect(next!.deadlineAt!.getTime()).toBe(later.getTime() + DEMO_ROUND_MINUTES * 60_000);
    expect(await liveDemo('fail')).toHaveLength(1);
    await expectAllInvariants(db);
  });

  it('seeds the three EUR showcase campaigns of demo_developer once, one funded with demo_investor in it', async () => {
    const config = { ...t.config, demoCampaigns: false };
    await seed(db, config);
    await seed(db, config);
    const showcases = await db
      .select({
        slug: campaigns.slug,
        status: campaigns.status,
        currency: campaigns.currency,
        developerId: campaigns.developerId,
      })
      .from(campaigns)
      .where(eq(campaigns.currency, 'EUR'));
    const [developer] = await db.select().from(users).where(eq(users.username, 'demo_developer'));
    expect(showcases.sort((a, b) => a.slug!.localeCompare(b.slug!))).toEqual([
      { slug: 'lanterns-of-vesper', status: 'live', currency: 'EUR', developerId: developer!.id },
      { slug: 'starfall-couriers', status: 'services_active', currency: 'EUR', developerId: developer!.id },
      { slug: 'tidebound', status: 'scheduled', currency: 'EUR', developerId: developer!.id },
    ]);
    // The demo studio is verified (ADR 0036), once however often the seed runs: its scheduled
    // showcase opens at its start time as a verified studio's does.
    const verifications = await db.select().from(studioKyb).where(eq(studioKyb.userId, developer!.id));
    expect(verifications.map((v) => v.decision)).toEqual(['approved']);
    // The funded one holds demo_investor's posted €500 next to the bot's, and its money is in escrow.
    const [investor] = await db.select().from(users).where(eq(users.username, 'demo_investor'));
    const [funded] = await db.select().from(campaigns).where(eq(campaigns.slug, 'starfall-couriers'));
    const held = await db.select().from(investments).where(eq(investments.campaignId, funded!.id));
    expect(held.map((i) => [i.investorId === investor!.id, i.amountCents, i.status]).sort()).toEqual([
      [false, 1_950_000, 'posted'],
      [true, 50_000, 'posted'],
    ]);
    expect(funded!.committedCents).toBe(2_000_000);
    await expectAllInvariants(db);
  });

  it('gives the showcases complete key information sheets and marks the demo rounds’ as virtual money', async () => {
    await seed(db, { ...t.config, demoCampaigns: false });
    await ensureDemoRounds(db, new Date());
    const rows = await db.select().from(campaigns);
    for (const row of rows.filter((r) => r.currency === 'EUR')) {
      expect(studioProblems(row), row.slug ?? '').toEqual({});
      const sheet = keyInformationOf(row, 'demo_developer', 'it');
      expect(sheet.demo).toBe(false);
      expect(sheet.project_owner).not.toBe('demo_developer');
    }
    const [demo] = await liveDemo('fund');
    expect(studioProblems(demo!)).toEqual({});
    const sheet = keyInformationOf(demo!, null, 'en');
    expect(sheet.demo).toBe(true);
    expect(sheet.title).toMatch(/DEMO: virtual money/);
    expect(sheet.project_owner).toMatch(/fictional – virtual money only/);
  });
});
