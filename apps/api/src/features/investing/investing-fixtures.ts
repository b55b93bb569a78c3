import { randomBytes } from 'node:crypto';
import { KNOWLEDGE_QUESTIONS } from '@indiesplit/shared/investing';
import type { Currency } from '@indiesplit/shared/wallet';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { registerUser, type TestApp } from '../../test/harness.ts';
import { ensureAccount, transfer } from '../ledger/service.ts';
import { markSecondFactorProven } from '../mfa/mfa-fixtures.ts';

// Test helpers for investing: campaigns inserted as rows (whatever state a test needs), investors
// made ready (verified email, knowledge test passed, loss simulation done) and wallets funded.

export type CampaignValues = Partial<typeof campaigns.$inferInsert>;

export async function insertCampaign(db: Db, values: CampaignValues = {}) {
  const id = randomBytes(4).toString('hex');
  const now = Date.now();
  const [row] = await db
    .insert(campaigns)
    .values({
      status: 'live',
      slug: `game-${id}`,
      title: `Game ${id}`,
      platforms: ['PC'],
      goalCents: 500_000,
      maxCents: 1_000_000,
      minTicketCents: 5_000,
      currency: 'EUR',
      revenueShareBps: 1_000,
      startsAt: new Date(now - 3600_000),
      deadlineAt: new Date(now + 7 * 24 * 3600_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('campaign insert failed');
  return row;
}

/** Every answer right: the test is passed. */
export function rightAnswers(): Record<string, string> {
  return Object.fromEntries(
    KNOWLEDGE_QUESTIONS.map((q) => [q.code, 'correct' in q ? q.correct : q.answers[0]]),
  );
}

export async function verifyEmail(db: Db, userId: string) {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** An admin whose current sessions have proved a second factor, as the back office requires. */
export async function makeAdmin(db: Db, userId: string) {
  await db.update(users).set({ staffRole: 'admin' }).where(eq(users.id, userId));
  await markSecondFactorProven(db, userId);
}

/** Credits `cents` to the user's wallet from the outside world (as a recorded deposit would). */
export async function fund(db: Db, userId: string, cents: number, currency: Currency = 'EUR') {
  const source = await ensureAccount(db, {
    kind: currency === 'DEMO' ? 'demo_mint' : 'world',
    currency,
  });
  const wallet = await ensureAccount(db, { kind: 'wallet', currency, userId });
  await transfer(db, {
    debitAccountId: source.id,
    creditAccountId: wallet.id,
    amount: cents,
    currency,
    kind: 'deposit',
  });
}

/**
 * A registered investor with a verified email, the knowledge test passed and a loss simulation
 * (net worth 60,000 euros: the high-amount threshold is 3,000 euros), and `cents` in the wallet.
 */
export async function readyInvestor(
  t: TestApp,
  options: { cents?: number; currency?: Currency; verified?: boolean } = {},
) {
  const user = await registerUser(t);
  const db = t.database.db;
  if (options.verified !== false) await verifyEmail(db, user.id);
  const test = await user.client.request('PUT', '/api/investor-profile/knowledge-test', {
    body: { answers: rightAnswers() },
  });
  if (test.statusCode !== 200) throw new Error(`knowledge test failed: ${test.body}`);
  const sim = await user.client.request('PUT', '/api/investor-profile/loss-simulation', {
    body: { annual_income: '40000', liquid_assets: '30000', annual_commitments: '10000' },
  });
  if (sim.statusCode !== 200) throw new Error(`loss simulation failed: ${sim.body}`);
  if (options.cents) await fund(db, user.id, options.cents, options.currency ?? 'EUR');
  return user;
}

export const investBody = (amount_cents: number, extra: Record<string, unknown> = {}) => ({
  amount_cents,
  currency: 'EUR',
  acknowledge_key_information: true,
  acknowledge_risk: true,
  ...extra,
});

let keys = 0;
export const newKey = () => `key-${randomBytes(6).toString('hex')}-${keys++}`;
