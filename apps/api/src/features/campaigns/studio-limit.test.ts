import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../../test/fixtures/pitches.ts';
import { STUDIO_EDIT } from '../../../test/fixtures/studio.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { campaignEvents, campaigns } from '../../db/schema-campaigns.ts';

// The per-studio limit (ECSP Art 1(2)(c), ADR 0031): a campaign's cap, plus what the same studio
// raised on IndieSplit in the last 12 months, plus what it declares it raised elsewhere, may not pass
// 5,000,000 EUR. The editor and the opening refuse it, on the field, translated.

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const db = () => t.database.db;

const edit = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  admin.client.request('PATCH', `/api/backoffice/campaigns/${id}`, { body, headers });
const move = (id: string, to: string) =>
  admin.client.request('POST', `/api/backoffice/campaigns/${id}/status`, { body: { to } });

async function campaign(values: Partial<typeof campaigns.$inferInsert>) {
  const [row] = await db()
    .insert(campaigns)
    .values({
      title: `Game ${randomBytes(3).toString('hex')}`,
      platforms: ['PC'],
      goalCents: 2_000_000,
      ...values,
    })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** A campaign of the developer's that was funded `daysAgo` days ago with `cents` raised. */
async function funded(developerId: string, cents: number, daysAgo: number, currency: 'EUR' | 'DEMO' = 'EUR') {
  const id = await campaign({
    developerId,
    status: 'funded',
    currency,
    slug: `funded-${randomBytes(4).toString('hex')}`,
    goalCents: cents,
    maxCents: cents,
    committedCents: cents,
    revenueShareBps: 800,
    startsAt: inDays(-daysAgo - 30),
    deadlineAt: inDays(-daysAgo),
  });
  await db()
    .insert(campaignEvents)
    .values({ campaignId: id, fromStatus: 'closing', toStatus: 'funded', createdAt: inDays(-daysAgo) });
  return id;
}

const terms = (max: string) => ({
  slug: `harbour-${randomBytes(4).toString('hex')}`,
  summary_en: 'A harbour game.',
  summary_it: 'Un gioco di porto.',
  story_en: 'Story.',
  story_it: 'Storia.',
  risks_en: 'The game may never ship.',
  risks_it: 'Il gioco potrebbe non uscire mai.',
  use_of_funds_en: 'Art.',
  use_of_funds_it: 'Grafica.',
  goal: '20000',
  max,
  min_ticket: '50',
  revenue_share: '8',
  starts_at: inDays(1).toISOString(),
  deadline_at: inDays(30).toISOString(),
  ...STUDIO_EDIT,
  studio_registration_number: `REA ${randomBytes(4).toString('hex')}`,
});

describe('the 5,000,000 EUR limit per studio', () => {
  it('accepts a cap that reaches the limit exactly and refuses one cent more, on the field', async () => {
    const developer = await member(t);
    await funded(developer.id, 300_000_000, 40); // 3,000,000 EUR raised here 40 days ago
    await funded(developer.id, 450_000_000, 400); // more than 12 months ago: not counted
    await funded(developer.id, 450_000_000, 10, 'DEMO'); // virtual money: not counted
    const id = await campaign({ developerId: developer.id });

    // 3,000,000 here + 1,000,000 declared elsewhere: 1,000,000 EUR left.
    const over = await edit(id, { ...terms('1000000.01'), studio_raised_elsewhere: '1000000' });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('studioLimitExceeded');
    expect(over.json().error_codes).toEqual({ max: 'studioLimitExceeded' });
    expect(over.json().message).toBe(
      'With this amount the studio would raise more than 5,000,000 EUR in 12 months: at most 1000000.00 EUR is left under the limit.',
    );
    const italian = await edit(
      id,
      { max: '1000000.01', studio_raised_elsewhere: '1000000' },
      { 'accept-language': 'it' },
    );
    expect(italian.json().message).toMatch(
      /^Con questo importo lo studio raccoglierebbe più di 5\.000\.000 EUR/,
    );

    const edge = await edit(id, { ...terms('1000000'), studio_raised_elsewhere: '1000000' });
    expect(edge.statusCode).toBe(200);
    expect(edge.json().max_cents).toBe(100_000_000);
    expect(edge.json().studio_raised_elsewhere_cents).toBe(100_000_000);

    // Declaring one more cent raised elsewhere is refused on the declaration.
    const declared = await edit(id, { studio_raised_elsewhere: '1000000.01' });
    expect(declared.statusCode).toBe(400);
    expect(declared.json().error_codes).toEqual({ studio_raised_elsewhere: 'studioLimitExceeded' });
    expect((await move(id, 'scheduled')).statusCode).toBe(200);
  });

  it('counts the same studio across developer accounts by its registration number', async () => {
    const first = await member(t);
    const second = await member(t);
    const registration = `REA ${randomBytes(4).toString('hex')}`;
    const earlier = await funded(first.id, 400_000_000, 100);
    await db()
      .update(campaigns)
      .set({ studioRegistrationNumber: registration, studioCountry: 'IT' })
      .where(eq(campaigns.id, earlier));
    const id = await campaign({ developerId: second.id });
    const res = await edit(id, { ...terms('1000000.01'), studio_registration_number: registration });
    expect(res.json().error_codes).toEqual({ max: 'studioLimitExceeded' });
    expect(
      (await edit(id, { ...terms('1000000'), studio_registration_number: registration })).statusCode,
    ).toBe(200);
  });

  it('counts another open campaign of the studio at its cap, and refuses the opening', async () => {
    const developer = await member(t);
    const id = await campaign({ developerId: developer.id });
    expect((await edit(id, terms('2500000'))).statusCode).toBe(200);
    // Another campaign of the studio, opened meanwhile with a 3,000,000 EUR cap (not through this editor).
    await campaign({
      developerId: developer.id,
      status: 'live',
      slug: `live-${randomBytes(4).toString('hex')}`,
      maxCents: 300_000_000,
      revenueShareBps: 800,
      startsAt: inDays(-1),
      deadlineAt: inDays(20),
    });
    const res = await move(id, 'scheduled');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ max: 'studioLimitExceeded' });
    // A text can still be fixed: the limit is judged when the cap or the declaration changes.
    expect((await edit(id, { summary_en: 'A harbour game, at night.' })).statusCode).toBe(200);
    expect((await edit(id, { max: '2000000' })).statusCode).toBe(200);
    expect((await move(id, 'scheduled')).statusCode).toBe(200);
  });

  it('never refuses a demo campaign', async () => {
    const developer = await member(t);
    await funded(developer.id, 500_000_000, 20);
    const id = await campaign({ developerId: developer.id, currency: 'DEMO' });
    expect((await edit(id, terms('3000000'))).statusCode).toBe(200);
  });

  it('refuses a declaration that is not an amount', async () => {
    const id = await campaign({});
    const res = await edit(id, { studio_raised_elsewhere: 'a lot' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ studio_raised_elsewhere: 'invalidAmount' });
  });
});
