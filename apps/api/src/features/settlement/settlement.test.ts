import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifiedStudio } from '../../../test/fixtures/kyb.ts';
import { markSecondFactorProven } from '../../../test/fixtures/mfa.ts';
import {
  acknowledged,
  campaign,
  cancel,
  DAY,
  escrowOf,
  expectAllInvariants,
  fund,
  investmentsOf,
  newCampaign,
  newMember,
  settlementsPerReservation,
  useTestApp,
  walletOf,
} from '../../../test/fixtures/settlement.ts';
import { onPostgres, registerUser, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { campaignEvents, campaignServices, campaignWatchers, jobs } from '../../db/schema-campaigns.ts';
import { notifications } from '../../db/schema-notifications.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findJob } from '../../platform/jobs.ts';
import { revoke } from '../investing/commands/revoke-investment.ts';
import { invest } from '../investing/service.ts';
import { LEASE_KEY } from './jobs.ts';
import { settleInvestment } from './service.ts';
import { runDueWork } from './worker.ts';

let t: TestApp;
let db: Db;
let ctx: AppContext;

// A database per test: each test counts exactly what a round did to its own campaigns.
useTestApp(
  (env) => {
    ({ t, db, ctx } = env);
  },
  { each: 'test' },
);
afterEach(() => {
  vi.useRealTimers();
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.status };
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A member with `cents` in the wallet who invests `amount` in the campaign. */
async function investor(
  campaignId: string,
  amount: number,
  options: { sophisticated?: boolean; language?: 'en' | 'it'; cents?: number } = {},
) {
  const m = await newMember(db, options);
  await fund(db, m.id, options.cents ?? 100_000);
  const { investment } = await invest(
    ctx,
    m.id,
    campaignId,
    { amount_cents: amount, ...acknowledged },
    randomUUID(),
  );
  return { ...m, investmentId: investment.id };
}

/** A member's notifications of one type, oldest first: [subject, data, where its email stands]. */
async function told(userId: string, type: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);
  return rows.filter((n) => n.type === type).map((n) => [n.subjectId, n.data, n.email]);
}

describe('campaign start and deadline', () => {
  it('opens a scheduled campaign at its start time and tells each watcher once, in their language', async () => {
    const startsAt = new Date(Date.now() + DAY);
    const c = await newCampaign(db, {
      status: 'scheduled',
      startsAt,
      deadlineAt: new Date(Date.now() + 30 * DAY),
      developerId: await verifiedStudio(ctx),
    });
    const en = `w_${randomUUID().slice(0, 8)}@example.com`;
    const it_ = `w_${randomUUID().slice(0, 8)}@example.com`;
    await db.insert(campaignWatchers).values([
      { campaignId: c.id, email: en, language: 'en' },
      { campaignId: c.id, email: it_, language: 'it' },
    ]);

    await runDueWork(ctx, new Date(startsAt.getTime() - 1000));
    expect((await campaign(db, c.id)).status).toBe('scheduled');
    expect(await t.mailbox(en)).toEqual([]);

    const summary = await runDueWork(ctx, startsAt);
    expect(summary.opened).toBe(1);
    expect((await campaign(db, c.id)).status).toBe('live');
    const [mailEn] = await t.mailbox(en);
    expect(mailEn?.subject).toBe('“Lanterns <of> Vesper” is open for investment');
    expect(mailEn?.text).toContain(`/campaigns/${c.slug}`);
    expect(mailEn?.html).toContain('Lanterns &#60;of&#62; Vesper');
    expect(mailEn?.html).not.toContain('<of>');
    const [mailIt] = await t.mailbox(it_);
    expect(mailIt?.subject).toBe('«Lanterns <of> Vesper» è aperta agli investimenti');

    // A second round changes nothing and mails nobody again.
    await runDueWork(ctx, new Date(startsAt.getTime() + 60_000));
    expect(await t.mailbox(en)).toHaveLength(1);
    const events = await db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, c.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId])).toEqual([
      ['draft', 'scheduled', null],
      ['scheduled', 'live', null],
    ]);
  });

  it('refuses an investment once the deadline passed, then closes and decides the campaign', async () => {
    const deadlineAt = new Date(Date.now() + 2_000);
    const c = await newCampaign(db, { deadlineAt });
    const m = await newMember(db);
    await fund(db, m.id, 50_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deadlineAt);
    // The worker has not run yet: the campaign is still "live", yet its deadline is the answer.
    expect(
      await refusal(invest(ctx, m.id, c.id, { amount_cents: 10_000, ...acknowledged }, randomUUID())),
    ).toEqual({
      code: 'campaignDeadlinePassed',
      status: 409,
    });
    await runDueWork(ctx, deadlineAt);
    // Closed, and with nothing invested decided at once.
    const events = await db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, c.id));
    expect(events.slice(1).map((e) => `${e.fromStatus}->${e.toStatus}`)).toEqual([
      'live->closing',
      'closing->failed',
    ]);
    expect(
      await refusal(invest(ctx, m.id, c.id, { amount_cents: 10_000, ...acknowledged }, randomUUID())),
    ).toEqual({
      code: 'campaignNotOpen',
      status: 409,
    });
    expect(await walletOf(db, m.id)).toMatchObject({ available: 50_000, reservedOut: 0 });
    await expectAllInvariants(db);
  });
});

describe('reflection period (injected clock)', () => {
  it('lets a non-sophisticated investor revoke on day 4 and refuses it after', async () => {
    const start = new Date('2031-03-02T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const c = await newCampaign(db, {
      startsAt: new Date(start.getTime() - DAY),
      deadlineAt: new Date(start.getTime() + 30 * DAY),
    });
    const a = await investor(c.id, 20_000);
    const b = await investor(c.id, 30_000);
    expect((await campaign(db, c.id)).committedCents).toBe(50_000);

    // Day 4, one minute before the end of the fourth day: revocable.
    vi.setSystemTime(new Date(start.getTime() + 4 * DAY - 60_000));
    const revoked = await revoke(ctx, a.id, a.investmentId);
    expect(revoked.status).toBe('revoked');
    expect(await walletOf(db, a.id)).toMatchObject({ available: 100_000, reservedOut: 0 });

    // Just after the four days: refused, nothing moves.
    vi.setSystemTime(new Date(start.getTime() + 4 * DAY + 1_000));
    expect(await refusal(revoke(ctx, b.id, b.investmentId))).toEqual({
      code: 'reflectionPeriodOver',
      status: 409,
    });
    expect(await walletOf(db, b.id)).toMatchObject({ available: 70_000, reservedOut: 30_000 });
    expect((await campaign(db, c.id)).committedCents).toBe(30_000);
    await expectAllInvariants(db);
  });
});

describe('settlement at the deadline', () => {
  it('waits for the reflection periods, then posts every reservation, activates the services and tells everyone', async () => {
    const dev = await newMember(db, { language: 'it' });
    const c = await newCampaign(db, {
      goalCents: 50_000,
      developerId: dev.id,
      services: ['mentoring', 'legal'],
    });
    const a = await investor(c.id, 30_000);
    const b = await investor(c.id, 25_000, { language: 'it' });
    const pro = await investor(c.id, 5_000, { sophisticated: true });
    const deadline = (await campaign(db, c.id)).deadlineAt!;

    // Deadline passed: closing; a reflection period still runs (B's ends 4 days after investing).
    const first = await runDueWork(ctx, new Date(deadline.getTime() + 1_000));
    expect(first.closed).toBe(1);
    expect((await campaign(db, c.id)).status).toBe('closing');
    expect(first.waiting).toBe(1);
    expect((await investmentsOf(db, c.id)).every((i) => i.status === 'reserved')).toBe(true);

    const later = new Date(Date.now() + 5 * DAY);
    const second = await runDueWork(ctx, later);
    expect(second.funded).toBe(1);
    const after = await campaign(db, c.id);
    expect(after.status).toBe('services_active');
    expect(after.committedCents).toBe(60_000);
    expect(after.investorCount).toBe(3);
    expect((await investmentsOf(db, c.id)).map((i) => i.status)).toEqual(['posted', 'posted', 'posted']);
    expect(await escrowOf(db, c.id)).toMatchObject({ posted: 60_000, pendingIn: 0 });
    expect(await walletOf(db, a.id)).toEqual({
      posted: 70_000,
      reservedOut: 0,
      pendingIn: 0,
      available: 70_000,
    });
    const services = await db.select().from(campaignServices).where(eq(campaignServices.campaignId, c.id));
    expect(services.map((s) => [s.service, s.status]).sort()).toEqual([
      ['legal', 'pending'],
      ['mentoring', 'pending'],
    ]);
    const events = await db.select().from(campaignEvents).where(eq(campaignEvents.campaignId, c.id));
    expect(events.slice(1).map((e) => `${e.fromStatus}->${e.toStatus}:${e.actorId}`)).toEqual([
      'live->closing:null',
      'closing->funded:null',
      'funded->services_active:null',
    ]);

    const [mailA] = await t.mailbox(a.email);
    expect(mailA?.subject).toBe('“Lanterns <of> Vesper” reached its goal');
    expect(mailA?.text).toContain('€300.00');
    const [mailB] = await t.mailbox(b.email);
    expect(mailB?.subject).toBe('«Lanterns <of> Vesper» ha raggiunto l’obiettivo');
    expect(mailB?.text).toMatch(/250,00\s€/);
    expect(await t.mailbox(pro.email)).toHaveLength(2); // the receipt, then this
    const [devMail] = await t.mailbox(dev.email);
    expect(devMail?.subject).toBe('Congratulazioni: «Lanterns <of> Vesper» è finanziato!');
    expect(devMail?.text).toMatch(/600,00\s€/);

    // Each investor is notified of the result in the app; its email is the one above.
    expect(await told(a.id, 'settlement_result')).toEqual([
      [a.investmentId, { outcome: 'posted', amount_cents: 30_000, currency: 'EUR' }, 'queued'],
    ]);

    // Running again changes nothing and sends nothing.
    await runDueWork(ctx, new Date(later.getTime() + 60_000));
    expect(await told(a.id, 'settlement_result')).toHaveLength(1);
    // The receipt, the campaign passing 50 % (A's investment) and 100 % (B's) of its goal, the news.
    expect(await t.mailbox(a.email)).toHaveLength(4);
    expect(await t.mailbox(dev.email)).toHaveLength(1);
    expect(await settlementsPerReservation(db, c.id)).toEqual([1, 1, 1]);
    await expectAllInvariants(db);
  });

  it('refunds every investor in full when the goal is missed, and tells them', async () => {
    const dev = await newMember(db);
    const c = await newCampaign(db, { goalCents: 150_000, developerId: dev.id });
    const a = await investor(c.id, 40_000, { sophisticated: true });
    const b = await investor(c.id, 60_000, { sophisticated: true, language: 'it' });
    const revoker = await investor(c.id, 10_000);
    await revoke(ctx, revoker.id, revoker.investmentId);
    const deadline = (await campaign(db, c.id)).deadlineAt!;

    const summary = await runDueWork(ctx, new Date(deadline.getTime() + 1_000));
    expect(summary.failed).toBe(1);
    const after = await campaign(db, c.id);
    expect(after.status).toBe('failed');
    expect(after.committedCents).toBe(0);
    expect(after.investorCount).toBe(0);
    const statuses = (await investmentsOf(db, c.id)).map((i) => i.status).sort();
    expect(statuses).toEqual(['refunded', 'refunded', 'revoked']);
    for (const who of [a, b, revoker])
      expect(await walletOf(db, who.id)).toEqual({
        posted: 100_000,
        reservedOut: 0,
        pendingIn: 0,
        available: 100_000,
      });
    expect(await escrowOf(db, c.id)).toMatchObject({ posted: 0, pendingIn: 0 });

    const [mailA] = await t.mailbox(a.email);
    expect(mailA?.subject).toBe('“Lanterns <of> Vesper” missed its goal: you have been refunded');
    expect(mailA?.text).toContain('€400.00');
    const [mailB] = await t.mailbox(b.email);
    expect(mailB?.subject).toBe('«Lanterns <of> Vesper» non ha raggiunto l’obiettivo: ti abbiamo rimborsato');
    // The revoker had only the receipt and the revocation's confirmation: no refund.
    expect((await t.mailbox(revoker.email)).map((m) => m.subject)).toEqual([
      'You revoked your investment in “Lanterns <of> Vesper”',
      'Your investment in “Lanterns <of> Vesper” is reserved',
    ]);
    const [devMail] = await t.mailbox(dev.email);
    expect(devMail?.subject).toBe('“Lanterns <of> Vesper” did not reach its goal');
    expect(await told(b.id, 'settlement_result')).toEqual([
      [b.investmentId, { outcome: 'refunded', amount_cents: 60_000, currency: 'EUR' }, 'queued'],
    ]);
    expect(await told(revoker.id, 'settlement_result')).toEqual([]);
    await runDueWork(ctx, new Date(deadline.getTime() + 60_000));
    expect(await told(b.id, 'settlement_result')).toHaveLength(1);
    expect(await t.mailbox(a.email)).toHaveLength(3); // the receipt, 50 % of the goal passed, the refund
    await expectAllInvariants(db);
  });

  it('refunds a cancelled campaign at once, reflection period or not', async () => {
    const c = await newCampaign(db, { goalCents: 10_000 });
    const a = await investor(c.id, 20_000);
    const b = await investor(c.id, 30_000, { language: 'it' });
    await cancel(db, c.id);
    const summary = await runDueWork(ctx, new Date());
    expect(summary.refunded).toBeGreaterThanOrEqual(2);
    expect((await investmentsOf(db, c.id)).map((i) => i.status)).toEqual(['refunded', 'refunded']);
    expect((await campaign(db, c.id)).status).toBe('cancelled');
    expect(await walletOf(db, a.id)).toMatchObject({ available: 100_000, reservedOut: 0 });
    expect(await walletOf(db, b.id)).toMatchObject({ available: 100_000, reservedOut: 0 });
    const [mailB] = await t.mailbox(b.email);
    expect(mailB?.subject).toBe('«Lanterns <of> Vesper» è stata annullata: ti abbiamo rimborsato');
    await expectAllInvariants(db);
  });

  it('settles each investment exactly once when a round dies half-way and runs again', async () => {
    const c = await newCampaign(db, { goalCents: 30_000 });
    const people = [];
    for (let i = 0; i < 8; i++) people.push(await investor(c.id, 5_000, { sophisticated: true }));
    const deadline = (await campaign(db, c.id)).deadlineAt!;
    const at = new Date(deadline.getTime() + 1_000);

    // The hook throws after the third investment committed: the round records the failure.
    const crashed = await runDueWork(ctx, at, {
      afterInvestment: (_id, n) => {
        if (n === 3) throw new Error('simulated crash after 3 investments');
      },
    });
    expect(crashed.posted).toBe(3);
    expect(crashed.errors.join()).toContain('simulated crash');
    expect((await campaign(db, c.id)).status).toBe('funded');
    const half = await investmentsOf(db, c.id);
    expect(half.filter((i) => i.status === 'posted')).toHaveLength(3);
    expect(half.filter((i) => i.status === 'reserved')).toHaveLength(5);
    const job = await findJob(db, `campaign:${c.id}:settle`);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job?.lastError).toContain('simulated crash');
    await expectAllInvariants(db);

    const resumed = await runDueWork(ctx, at);
    expect(resumed.posted).toBe(5);
    expect((await campaign(db, c.id)).status).toBe('services_active');
    expect(await settlementsPerReservation(db, c.id)).toEqual(Array(8).fill(1));
    expect(await escrowOf(db, c.id)).toMatchObject({ posted: 40_000, pendingIn: 0 });
    for (const p of people)
      expect(await walletOf(db, p.id)).toMatchObject({ posted: 95_000, reservedOut: 0 });
    // The receipt and the news each, once; and the goal's milestones to those invested when they
    // were passed (50 % by the third investment, 100 % by the sixth).
    const mails = await Promise.all(people.map(async (p) => (await t.mailbox(p.email)).length));
    expect(mails).toEqual([4, 4, 4, 3, 3, 3, 2, 2]);
    expect(await findJob(db, `campaign:${c.id}:settle`)).toMatchObject({
      state: 'done',
      attempts: 2,
      lastError: null,
    });
    await expectAllInvariants(db);
  });
});

describe("a campaign's committed total and investor count", () => {
  // One rule whether an investment is revoked (investing) or refunded (settlement): the count is the
  // number of distinct investors holding a reserved or posted investment.
  it('counts an investor once while any of their investments is live, whether one is revoked or refunded', async () => {
    const c = await newCampaign(db, { goalCents: 1_000_000, maxCents: 2_000_000 });
    const a = await investor(c.id, 10_000);
    const more = async (amount: number) =>
      (await invest(ctx, a.id, c.id, { amount_cents: amount, ...acknowledged }, randomUUID())).investment.id;
    const second = await more(20_000);
    await more(30_000);
    await investor(c.id, 5_000);
    expect(await campaign(db, c.id)).toMatchObject({ committedCents: 65_000, investorCount: 2 });

    await revoke(ctx, a.id, a.investmentId);
    expect(await campaign(db, c.id)).toMatchObject({ committedCents: 55_000, investorCount: 2 });

    await cancel(db, c.id);
    expect(await settleInvestment(ctx, c.id, second, 'void', new Date())).toBe(true);
    expect(await campaign(db, c.id)).toMatchObject({ committedCents: 35_000, investorCount: 2 });
    await expectAllInvariants(db);

    await runDueWork(ctx, new Date());
    expect(await campaign(db, c.id)).toMatchObject({ committedCents: 0, investorCount: 0 });
    await expectAllInvariants(db);
  });
});

describe('the lease', () => {
  it('lets one worker run at a time and takes over from one that died', async () => {
    const c = await newCampaign(db, { goalCents: 5_000 });
    await investor(c.id, 5_000, { sophisticated: true });
    const at = new Date((await campaign(db, c.id)).deadlineAt!.getTime() + 1_000);
    // Another process holds the lease (and then dies without releasing it).
    await runDueWork(ctx, new Date(0)); // creates the lease row
    await db
      .update(jobs)
      .set({ leaseUntil: sql`now() + interval '1 minute'`, payload: { owner: 'other-process' } })
      .where(eq(jobs.key, LEASE_KEY));
    const blocked = await runDueWork(ctx, at);
    expect(blocked.leased).toBe(false);
    expect((await campaign(db, c.id)).status).toBe('live');

    await db
      .update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.key, LEASE_KEY));
    const taken = await runDueWork(ctx, at);
    expect(taken.leased).toBe(true);
    expect((await campaign(db, c.id)).status).toBe('services_active');
    const lease = await findJob(db, LEASE_KEY);
    expect(lease?.state).toBe('done');
    expect(lease?.leaseUntil).toBeNull();
  });

  it.runIf(onPostgres)('runs two rounds started at once only once', async () => {
    const c = await newCampaign(db, { goalCents: 5_000 });
    await investor(c.id, 5_000, { sophisticated: true });
    const at = new Date((await campaign(db, c.id)).deadlineAt!.getTime() + 1_000);
    const rounds = await Promise.all([runDueWork(ctx, at), runDueWork(ctx, at), runDueWork(ctx, at)]);
    const total = rounds.reduce((n, r) => n + r.posted, 0);
    expect(total).toBe(1);
    expect(await settlementsPerReservation(db, c.id)).toEqual([1]);
    await expectAllInvariants(db);
  });
});

describe('GET /api/backoffice/invariants/', () => {
  it('answers admins with both reports, and nobody else', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/backoffice/invariants/')).statusCode).toBe(401);

    const member = await registerUser(t);
    const res403 = await member.client.get('/api/backoffice/invariants/');
    expect(res403.statusCode).toBe(403);

    await db.execute(sql`update users set staff_role = 'reviewer' where id = ${member.id}`);
    await markSecondFactorProven(db, member.id); // staff reach the back office with one (ADR 0016)
    const reviewer = await member.client.get('/api/backoffice/invariants/');
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().code).toBe('adminOnly');

    await db.execute(sql`update users set staff_role = 'admin' where id = ${member.id}`);
    const res = await member.client.get('/api/backoffice/invariants/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.ledger).toEqual({ ok: true, violations: [] });
    expect(body.investments).toEqual({ ok: true, violations: [] });
    expect(typeof body.checked_at).toBe('string');

    // A total written by hand, outside the rules, is reported.
    const c = await newCampaign(db);
    await db.execute(sql`update campaigns set committed_cents = 777 where id = ${c.id}`);
    const broken = (await member.client.get('/api/backoffice/invariants/')).json();
    expect(broken.investments.ok).toBe(false);
    expect(broken.investments.violations.join()).toContain(`campaign ${c.id}: committed 777`);
    await db.execute(sql`update campaigns set committed_cents = 0 where id = ${c.id}`);
  });
});
