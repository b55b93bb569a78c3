import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedStudio } from '../../../test/fixtures/kyb.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { STUDIO_EDIT } from '../../../test/fixtures/studio.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { campaignEvents, campaignServices, campaigns } from '../../db/schema-campaigns.ts';
import { completeFunded, openCampaign } from './service.ts';

// The moves both an admin (back office) and the settlement worker make go through the same
// campaign commands: the same emails, the same rows.

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
let studio: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
});
beforeAll(async () => {
  studio = await verifiedStudio(t.app.ctx);
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const rowOf = async (id: string) =>
  (await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

/** A complete campaign an admin published (scheduled, or live). */
async function published(status: 'scheduled' | 'live'): Promise<{ id: string; slug: string }> {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      title: `Lantern <Keeper> ${randomBytes(3).toString('hex')}`,
      platforms: ['PC'],
      goalCents: 2_000_000,
      developerId: studio,
    })
    .returning({ id: campaigns.id });
  const id = row!.id;
  const slug = `lantern-${randomBytes(4).toString('hex')}`;
  const edited = await admin.client.request('PATCH', `/api/backoffice/campaigns/${id}`, {
    body: {
      slug,
      summary_en: 'A cosy lighthouse game.',
      summary_it: 'Un gioco accogliente in un faro.',
      story_en: 'We are three friends.',
      story_it: 'Siamo tre amici.',
      risks_en: 'You may lose all the money you invest.',
      risks_it: 'Puoi perdere tutto il denaro che investi.',
      use_of_funds_en: 'Art and music.',
      use_of_funds_it: 'Grafica e musica.',
      ...STUDIO_EDIT,
      services: ['marketing', 'publishing'],
      goal: '20000',
      max: '30000',
      min_ticket: '50',
      revenue_share: '7.5',
      starts_at: inDays(1),
      deadline_at: inDays(30),
    },
  });
  expect(edited.statusCode).toBe(200);
  expect((await moveAsAdmin(id, { to: status })).statusCode).toBe(200);
  return { id, slug };
}

const moveAsAdmin = (id: string, body: Record<string, unknown>) =>
  admin.client.post(`/api/backoffice/campaigns/${id}/status`, { reason: '', ...body });

async function watch(slug: string, language: 'en' | 'it'): Promise<string> {
  const email = `fan_${randomBytes(3).toString('hex')}@example.com`;
  const res = await t.client().request('POST', `/api/campaigns/${slug}/watchers`, {
    body: { email },
    headers: { 'accept-language': language },
  });
  expect(res.statusCode).toBe(200);
  return email;
}

describe('opening a campaign', () => {
  it('sends watchers the same email whether an admin opens it or its start time comes', async () => {
    const byAdmin = await published('scheduled');
    const byClock = await published('scheduled');
    const fans = {
      admin: { en: await watch(byAdmin.slug, 'en'), it: await watch(byAdmin.slug, 'it') },
      clock: { en: await watch(byClock.slug, 'en'), it: await watch(byClock.slug, 'it') },
    };

    expect((await moveAsAdmin(byAdmin.id, { to: 'live' })).statusCode).toBe(200);
    const startsAt = (await rowOf(byClock.id)).startsAt!;
    expect(await openCampaign(t.app.ctx, byClock.id, startsAt)).toBe(true);
    for (const c of [byAdmin, byClock]) expect((await rowOf(c.id)).status).toBe('live');

    // The same message, but for each campaign's own title and address.
    const titles = { admin: (await rowOf(byAdmin.id)).title, clock: (await rowOf(byClock.id)).title };
    // (Titles differ in their last word only: the HTML has them escaped.)
    const suffix = (title: string) => title.split(' ').at(-1)!;
    const asAdmins = (text: string) =>
      text.replaceAll(suffix(titles.clock), suffix(titles.admin)).replaceAll(byClock.slug, byAdmin.slug);
    for (const language of ['en', 'it'] as const) {
      const fromAdmin = await t.mailbox(fans.admin[language]);
      const fromClock = await t.mailbox(fans.clock[language]);
      expect(fromAdmin).toHaveLength(1);
      expect(fromClock).toHaveLength(1);
      expect(fromAdmin[0]!.subject).toBe(
        language === 'en'
          ? `“${titles.admin}” is open for investment`
          : `«${titles.admin}» è aperta agli investimenti`,
      );
      expect(fromAdmin[0]!.text).toContain(`/campaigns/${byAdmin.slug}`);
      expect(fromAdmin[0]!.html).not.toContain('<Keeper>');
      for (const part of ['subject', 'text', 'html'] as const) {
        expect(asAdmins(fromClock[0]![part])).toBe(fromAdmin[0]![part]);
      }
    }
  });
});

describe('starting the services', () => {
  it('writes the same checklist and event whether an admin or the worker starts them', async () => {
    const byAdmin = await published('live');
    const byWorker = await published('live');
    for (const c of [byAdmin, byWorker]) {
      await t.database.db.update(campaigns).set({ status: 'funded' }).where(eq(campaigns.id, c.id));
    }
    expect((await moveAsAdmin(byAdmin.id, { to: 'services_active' })).statusCode).toBe(200);
    expect(await completeFunded(t.app.ctx, byWorker.id)).toBe(true);

    const checklist = async (id: string) =>
      (await t.database.db.select().from(campaignServices).where(eq(campaignServices.campaignId, id)))
        .map((s) => [s.service, s.status, s.updatedBy])
        .sort();
    expect(await checklist(byAdmin.id)).toEqual([
      ['marketing', 'pending', admin.id],
      ['publishing', 'pending', admin.id],
    ]);
    expect(await checklist(byWorker.id)).toEqual([
      ['marketing', 'pending', null],
      ['publishing', 'pending', null],
    ]);
    for (const c of [byAdmin, byWorker]) {
      expect((await rowOf(c.id)).status).toBe('services_active');
      const events = await t.database.db
        .select()
        .from(campaignEvents)
        .where(eq(campaignEvents.campaignId, c.id));
      expect(events.at(-1)).toMatchObject({ fromStatus: 'funded', toStatus: 'services_active' });
    }
  });
});
