import { randomUUID } from 'node:crypto';
import type { KnowledgeAnswers } from '@indiesplit/shared/investing';
import type { AppContext } from '../../platform/context.ts';
import { endFundingNow } from '../campaigns/commands/end-funding-now.ts';
import { launchCampaign } from '../campaigns/commands/launch-campaign.ts';
import { lockCampaign } from '../campaigns/state.ts';
import { saveTaxResidence } from '../investing/commands/save-tax-residence.ts';
import { saveLossSimulation, takeKnowledgeTest } from '../investing/profile.ts';
import { invest } from '../investing/service.ts';
import * as ledger from '../ledger/service.ts';
import { fileReport } from '../revenue/commands/file-report.ts';
import { verifyReport } from '../revenue/commands/verify-report.ts';
import { fundDistribution } from '../revenue/distribution.ts';
import * as settlement from '../settlement/service.ts';
import {
  defaultLaunchDate,
  type FixturePerson,
  fixtureSlug,
  newClerk,
  newPerson,
  openFixtureCampaign,
} from './campaign-fixture.ts';

// A real (euro) campaign in the revenue share, made from nothing for one browser test (development
// only: the dev routes are never mounted in production). Every step goes through the code that does
// it for real: the accounts are made by the users feature, the investor profiles by the investing
// feature's profile steps, the campaign by the campaigns feature; the money reaches the wallets by a
// ledger deposit, the investments are made by `invest`, the settlement service closes, decides and
// posts them; the launch, the report, its verification and the developer's payment of the pool are
// the commands the back office and the studio use. Nothing here writes a table itself.
//
// The figures are the revenue story's: €20,000 from two investors (€500 and €19,500), a 10% revenue
// share, the platform's 10% of each pool; the report (if any) is of the first month of the term,
// net €8,200 from two stores, so the pool is €820 and the €500 investor's part €18.45.

export const FIXTURE_STAGES = ['funded', 'launched', 'reported', 'verified', 'paid'] as const;
export type FixtureStage = (typeof FIXTURE_STAGES)[number];

const INVESTMENTS = [50_000, 1_950_000] as const;

const RIGHT_ANSWERS: KnowledgeAnswers = {
  experience: 'some',
  objective: 'support',
  horizon: 'over_3y',
  loss: 'lose_all',
  liquidity: 'no_market',
  goal_missed: 'refunded',
  returns: 'depends_on_revenue',
  diversification: 'small_parts',
};

export interface RevenueFixture {
  campaign: { id: string; slug: string; title: string; status: string };
  studio: FixturePerson;
  investors: Array<FixturePerson & { invested_cents: number }>;
  /** YYYY-MM-DD, or null before the launch. */
  launched_on: string | null;
  /** The month the report covers (YYYY-MM-01), whether filed yet or not. */
  report_period: string;
  report_id: string | null;
  distribution_id: string | null;
}

export async function createRevenueFixture(
  ctx: AppContext,
  spec: { stage: FixtureStage; title: string },
): Promise<RevenueFixture> {
  const reached = (stage: FixtureStage) =>
    FIXTURE_STAGES.indexOf(spec.stage) >= FIXTURE_STAGES.indexOf(stage);
  const code = randomUUID().replace(/-/g, '').slice(0, 10);
  const title = `${spec.title} ${code.slice(0, 6).toUpperCase()}`;
  const slug = fixtureSlug(spec.title, code);
  const now = new Date();

  const studio = await newPerson(ctx, code, 'studio', ['developer']);
  const clerk = { id: await newClerk(ctx, code) };

  // The campaign, as the back office makes it from an approved pitch, and published.
  const campaignId = await openFixtureCampaign(ctx, {
    studio,
    clerkId: clerk.id,
    slug,
    title,
    goalCents: 2_000_000,
    maxCents: 3_000_000,
    now,
  });

  // The investors: a profile as the onboarding records it, a bank deposit, an investment.
  const investors: RevenueFixture['investors'] = [];
  const investmentIds: string[] = [];
  const world = await ledger.ensureAccount(ctx.db, { kind: 'world', currency: 'EUR' });
  for (const [i, cents] of INVESTMENTS.entries()) {
    const person = await newPerson(ctx, code, `investor${i + 1}`, ['investor']);
    await takeKnowledgeTest(ctx, person.id, { answers: RIGHT_ANSWERS });
    await saveLossSimulation(ctx, person.id, {
      annual_income: '60000',
      liquid_assets: '250000',
      annual_commitments: '0',
    });
    await saveTaxResidence(ctx, person.id, { country: 'IT', tax_id: null });
    const wallet = await ledger.ensureAccount(ctx.db, { kind: 'wallet', currency: 'EUR', userId: person.id });
    await ledger.transfer(ctx.db, {
      debitAccountId: world.id,
      creditAccountId: wallet.id,
      amount: cents,
      currency: 'EUR',
      kind: 'deposit',
      reference: 'development fixture',
    });
    const { investment } = await invest(
      ctx,
      person.id,
      campaignId,
      {
        amount_cents: cents,
        acknowledge_key_information: true,
        acknowledge_risk: true,
        high_amount_consent: true,
      },
      randomUUID(),
    );
    investmentIds.push(investment.id);
    investors.push({ ...person, invested_cents: cents });
  }

  // The deadline, now: the settlement closes the campaign, decides it (goal reached), posts every
  // investment and starts the services. The settlement worker may take any of these steps first;
  // each is done once whoever takes it.
  await ctx.db.transaction((tx) => endFundingNow(tx, campaignId, now));
  const at = new Date();
  await settlement.closeCampaign(ctx, campaignId, at);
  await settlement.decideCampaign(ctx, campaignId, at);
  for (const id of investmentIds) {
    await settlement.settleInvestment(ctx, campaignId, id, 'post', at);
  }
  await settlement.completeFunded(ctx, campaignId);
  const funded = await ctx.db.transaction((tx) => lockCampaign(tx, campaignId));
  if (funded?.status !== 'services_active')
    throw new Error(`fixture campaign not funded: ${funded?.status ?? 'missing'}`);

  const reportPeriod = defaultLaunchDate(now);
  const fixture: RevenueFixture = {
    campaign: { id: campaignId, slug, title, status: 'services_active' },
    studio,
    investors,
    launched_on: null,
    report_period: reportPeriod,
    report_id: null,
    distribution_id: null,
  };

  if (reached('launched')) {
    fixture.launched_on = reportPeriod;
    await ctx.db.transaction(async (tx) => {
      const row = await lockCampaign(tx, campaignId);
      if (!row) throw new Error('fixture campaign vanished');
      await launchCampaign(tx, row, {
        launchedOn: reportPeriod,
        actorId: clerk.id,
        reason: 'development fixture',
      });
    });
  }
  if (reached('reported')) {
    // The month's sales: net (10,000 - 3,000 - 200) + (2,000 - 600) = €8,200.
    const report = await fileReport(ctx, studio.id, campaignId, {
      kind: 'regular',
      period_kind: 'month',
      period_start: reportPeriod,
      lines: [
        {
          store: 'steam',
          gross_cents: 1_000_000,
          store_fees_cents: 300_000,
          refunds_cents: 20_000,
          taxes_cents: 0,
        },
        {
          store: 'playstation',
          gross_cents: 200_000,
          store_fees_cents: 60_000,
          refunds_cents: 0,
          taxes_cents: 0,
        },
      ],
    });
    fixture.report_id = report.id;
  }
  if (reached('verified') && fixture.report_id) {
    const verified = await verifyReport(ctx, { id: clerk.id, isAdmin: true }, fixture.report_id);
    if (!verified.distribution) throw new Error('fixture report verified without a distribution');
    fixture.distribution_id = verified.distribution.id;
    if (reached('paid')) {
      // The developer's bank transfer of exactly the pool, as an admin records it; the payout follows.
      await fundDistribution(ctx, verified.distribution.id, {
        bankTransactionId: `FIXTURE-${code}`,
        amountCents: verified.distribution.pool_cents,
        actorId: clerk.id,
      });
    }
  }
  const settled = await ctx.db.transaction((tx) => lockCampaign(tx, campaignId));
  fixture.campaign.status = settled?.status ?? 'unknown';
  return fixture;
}
