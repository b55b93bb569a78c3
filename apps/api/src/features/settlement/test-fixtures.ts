import { randomUUID } from 'node:crypto';
import type { CampaignStatus } from '@indiesplit/shared/campaigns';
import type { Currency } from '@indiesplit/shared/wallet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns, investments, investorProfiles } from '../../db/schema-campaigns.ts';
import type { AppContext } from '../../platform/context.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type CampaignRow, lockCampaign, moveCampaign } from '../campaigns/state.ts';
import * as ledgerRepo from '../ledger/repo.ts';
import * as ledger from '../ledger/service.ts';
import { checkRevenueInvariants } from '../revenue/revenue-invariants.ts';
import { checkInvestmentInvariants } from './invariants.ts';

// Test data of the settlement tests: members with a complete investor profile, wallets with money
// in them (through the ledger), campaigns in the state a test needs.

export const DAY = 24 * 3600 * 1000;

export interface TestEnv {
  t: TestApp;
  db: Db;
  ctx: AppContext;
}

/**
 * One test app for the calling file: started before its tests, closed after them. `use` receives
 * the app, its database and its context once started, for the file to keep in its own variables.
 */
export function useTestApp(use: (env: TestEnv) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    use({ t, db: t.database.db, ctx: t.app.ctx });
  });
  afterAll(() => t?.close());
}

export async function newMember(
  db: Db,
  options: { sophisticated?: boolean; language?: 'en' | 'it'; staffRole?: 'admin' } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `m_${id.slice(0, 12)}@example.com`;
  await db.insert(users).values({
    id,
    username: `m_${id.slice(0, 12)}`,
    email,
    firstName: 'Ada',
    lastName: 'Investor',
    userTypes: ['investor'],
    language: options.language ?? 'en',
    staffRole: options.staffRole ?? null,
    emailVerifiedAt: new Date(),
    termsAcceptedAt: new Date(),
  });
  await db.insert(investorProfiles).values({
    userId: id,
    knowledgePassed: true,
    knowledgeTakenAt: new Date(),
    knowledgeValidUntil: new Date(Date.now() + 700 * DAY),
    annualIncomeCents: 5_000_000,
    liquidAssetsCents: 10_000_000,
    annualCommitmentsCents: 0,
    netWorthCents: 15_000_000,
    investorClass: options.sophisticated ? 'sophisticated' : 'non_sophisticated',
  });
  return { id, email };
}

/** Puts money in a member's wallet the way a deposit (EUR) or the demo mint (DEMO) does. */
export async function fund(db: Db, userId: string, cents: number, currency: Currency = 'EUR') {
  const source = await ledger.ensureAccount(
    db,
    currency === 'EUR' ? { kind: 'world', currency } : { kind: 'demo_mint', currency },
  );
  const wallet = await ledger.ensureAccount(db, { kind: 'wallet', currency, userId });
  await ledger.transfer(db, {
    debitAccountId: source.id,
    creditAccountId: wallet.id,
    amount: cents,
    currency,
    kind: 'deposit',
  });
  return wallet.id;
}

export async function walletOf(db: Db, userId: string, currency: Currency = 'EUR') {
  const account = await ledgerRepo.findAccountByCode(
    db,
    ledger.accountCode({ kind: 'wallet', currency, userId }),
  );
  return account ? ledger.balanceOf(account) : { posted: 0, reservedOut: 0, pendingIn: 0, available: 0 };
}

export async function escrowOf(db: Db, campaignId: string, currency: Currency = 'EUR') {
  const account = await ledgerRepo.findAccountByCode(
    db,
    ledger.accountCode({ kind: 'escrow', currency, campaignId }),
  );
  return account ? ledger.balanceOf(account) : { posted: 0, reservedOut: 0, pendingIn: 0, available: 0 };
}

export interface CampaignSpec {
  status?: CampaignStatus;
  goalCents?: number;
  maxCents?: number;
  minTicketCents?: number;
  currency?: Currency;
  startsAt?: Date;
  deadlineAt?: Date;
  reflectionSeconds?: number;
  developerId?: string | null;
  services?: string[];
  title?: string;
}

/** A complete campaign, moved from draft to `status` (default live) as the back office would. */
export async function newCampaign(db: Db, spec: CampaignSpec = {}): Promise<CampaignRow> {
  const now = Date.now();
  const [draft] = await db
    .insert(campaigns)
    .values({
      status: 'draft',
      slug: `c-${randomUUID().slice(0, 12)}`,
      title: spec.title ?? 'Lanterns <of> Vesper',
      platforms: ['PC'],
      goalCents: spec.goalCents ?? 100_000,
      maxCents: spec.maxCents ?? 200_000,
      minTicketCents: spec.minTicketCents ?? 5_000,
      currency: spec.currency ?? 'EUR',
      revenueShareBps: 800,
      startsAt: spec.startsAt ?? new Date(now - DAY),
      deadlineAt: spec.deadlineAt ?? new Date(now + DAY),
      reflectionSeconds: spec.reflectionSeconds ?? 4 * 24 * 3600,
      developerId: spec.developerId ?? null,
      services: spec.services ?? ['mentoring', 'marketing'],
    })
    .returning();
  if (!draft) throw new Error('campaign insert failed');
  const to = spec.status ?? 'live';
  if (to === 'draft') return draft;
  return db.transaction(async (tx) => moveCampaign(tx, draft, to, null, 'test'));
}

/** Cancels a campaign as an admin would (the worker refunds). */
export async function cancel(db: Db, campaignId: string, adminId: string | null = null) {
  await db.transaction(async (tx) => {
    const row = await lockCampaign(tx, campaignId);
    await moveCampaign(tx, row!, 'cancelled', adminId, 'test cancel');
  });
}

export async function campaign(db: Db, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}

export async function investmentsOf(db: Db, campaignId: string) {
  return db.select().from(investments).where(eq(investments.campaignId, campaignId));
}

/** How many settlements (post or void) each reservation of the campaign has. */
export async function settlementsPerReservation(db: Db, campaignId: string): Promise<number[]> {
  const result = (await db.execute(sql`
    select count(s.id)::int as n
    from investments i
    left join ledger_transfers s on s.pending_id = i.reserve_transfer_id
    where i.campaign_id = ${campaignId}
    group by i.id`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows.map((r) => Number(r.n));
}

export async function expectAllInvariants(db: Db) {
  const ledgerReport = await ledger.checkLedgerInvariants(db);
  const investmentReport = await checkInvestmentInvariants(db);
  const revenueReport = await checkRevenueInvariants(db);
  expect(ledgerReport.violations).toEqual([]);
  expect(investmentReport.violations).toEqual([]);
  expect(revenueReport.violations).toEqual([]);
}

export const acknowledged = { acknowledge_key_information: true, acknowledge_risk: true } as const;
