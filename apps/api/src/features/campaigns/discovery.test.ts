import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/fixtures/investing.ts';
import { newMember } from '../../../test/fixtures/settlement.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// Discovery on /campaigns: search by game or studio, sort, and one page at a time.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const tag = () => randomBytes(3).toString('hex');

async function list(query: string) {
  const res = await t.client().get(`/api/campaigns/?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    campaigns: Array<{ title: string }>;
    total: number;
    page: number;
    page_size: number;
  };
}
const titles = async (query: string) => (await list(query)).campaigns.map((c) => c.title);

describe('searching the public campaigns', () => {
  it('finds a game by words of its title, in any case, and a studio by its name', async () => {
    const word = tag();
    await insertCampaign(t.database.db, { title: `Lanterns of ${word}` });
    await insertCampaign(t.database.db, { title: `Harbour Lights`, studioLegalName: `Faro ${word} S.r.l.` });
    const developer = await newMember(t.database.db);
    const username = `m_${developer.id.slice(0, 12)}`;
    await insertCampaign(t.database.db, { title: `Tidebound ${tag()}`, developerId: developer.id });
    await insertCampaign(t.database.db, { title: `Unrelated ${tag()}` });

    expect((await titles(`q=${word.toUpperCase()}`)).sort()).toEqual([
      'Harbour Lights',
      `Lanterns of ${word}`,
    ]);
    expect(await titles(`q=${encodeURIComponent(`  lanterns of ${word} `)}`)).toEqual([
      `Lanterns of ${word}`,
    ]);
    expect((await titles(`q=${username}`)).length).toBe(1);
  });

  it('takes wildcards literally and refuses an over-long search', async () => {
    const word = tag();
    await insertCampaign(t.database.db, { title: `Ninety${word}% Done` });
    await insertCampaign(t.database.db, { title: `Ninety${word}x Done` });
    await insertCampaign(t.database.db, { title: `Under_${word}` });
    await insertCampaign(t.database.db, { title: `Underx${word}` });
    expect(await titles(`q=${word}${encodeURIComponent('%')}`)).toEqual([`Ninety${word}% Done`]);
    expect(await titles(`q=Under_${word}`)).toEqual([`Under_${word}`]);
    const long = await t.client().get(`/api/campaigns/?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it('never finds a draft or a finished demo round', async () => {
    const word = tag();
    await insertCampaign(t.database.db, { title: `Draft ${word}`, status: 'draft' });
    await insertCampaign(t.database.db, { title: `Demo ${word}`, status: 'funded', currency: 'DEMO' });
    expect(await titles(`q=${word}`)).toEqual([]);
  });

  it('splits one search into real and demo money, each with its own total (the two sections of the page)', async () => {
    const word = tag();
    await insertCampaign(t.database.db, { title: `Real ${word} One` });
    await insertCampaign(t.database.db, { title: `Real ${word} Two` });
    await insertCampaign(t.database.db, { title: `Demo ${word} Live`, currency: 'DEMO' });
    const real = await list(`currency=EUR&q=${word}&page_size=1`);
    expect(real.total).toBe(2);
    expect(real.campaigns).toHaveLength(1);
    expect(real.campaigns[0]?.title).toMatch(/^Real /);
    const demo = await list(`currency=DEMO&q=${word}`);
    expect(demo.total).toBe(1);
    expect(demo.campaigns.map((c) => c.title)).toEqual([`Demo ${word} Live`]);
    expect((await t.client().get('/api/campaigns/?currency=GBP')).statusCode).toBe(400);
  });
});

describe('sorting and pages', () => {
  it('sorts by ending soon, most funded or newest', async () => {
    const word = tag();
    const now = Date.now();
    await insertCampaign(t.database.db, {
      title: `${word} A`,
      startsAt: new Date(now - 3 * HOUR),
      deadlineAt: new Date(now + 30 * HOUR),
      committedCents: 100_000,
    });
    await insertCampaign(t.database.db, {
      title: `${word} B`,
      startsAt: new Date(now - 1 * HOUR),
      deadlineAt: new Date(now + 10 * HOUR),
      committedCents: 300_000,
    });
    await insertCampaign(t.database.db, {
      title: `${word} C`,
      startsAt: new Date(now - 2 * HOUR),
      deadlineAt: new Date(now + 20 * HOUR),
      committedCents: 200_000,
    });
    expect(await titles(`q=${word}&sort=ending_soon`)).toEqual([`${word} B`, `${word} C`, `${word} A`]);
    expect(await titles(`q=${word}&sort=most_funded`)).toEqual([`${word} B`, `${word} C`, `${word} A`]);
    expect(await titles(`q=${word}&sort=newest`)).toEqual([`${word} B`, `${word} C`, `${word} A`]);
    expect((await t.client().get('/api/campaigns/?sort=cheapest')).statusCode).toBe(400);
  });

  it('gives one page at a time with the total over all pages', async () => {
    const word = tag();
    for (let i = 0; i < 5; i++)
      await insertCampaign(t.database.db, {
        title: `${word} ${i}`,
        deadlineAt: new Date(Date.now() + (i + 1) * HOUR),
      });
    const first = await list(`q=${word}&page_size=2`);
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.campaigns.map((c) => c.title)).toEqual([`${word} 0`, `${word} 1`]);
    expect((await list(`q=${word}&page_size=2&page=3`)).campaigns.map((c) => c.title)).toEqual([`${word} 4`]);
    // Past the last page: nothing, and still the total.
    expect(await list(`q=${word}&page_size=2&page=4`)).toMatchObject({ campaigns: [], total: 5, page: 4 });
    expect((await list(`q=${word}`)).page_size).toBe(12);
    for (const bad of ['page=0', 'page_size=49', 'page=abc'])
      expect((await t.client().get(`/api/campaigns/?${bad}`)).statusCode, bad).toBe(400);
  });
});
