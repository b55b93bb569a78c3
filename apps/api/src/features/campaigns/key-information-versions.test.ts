import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeEdit, draftCampaign } from '../../../test/fixtures/campaign-editor.ts';
import { investBody, newKey, readyInvestor } from '../../../test/fixtures/investing.ts';
import { verifyStudio } from '../../../test/fixtures/kyb.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, onPostgres, type TestApp, type TestClient } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { investments } from '../../db/schema-investing.ts';
import { keyInformationVersions } from '../../db/schema-key-information.ts';
import { revoke } from '../investing/commands/revoke-investment.ts';
import { investmentPostedEmail } from '../settlement/emails.ts';
import { canonicalJson, changedFields, isMaterial, sheetHash } from './commands/key-information-version.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof member>>;
let developer: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
  developer = await member(t);
  // Its campaigns open: the studio is verified (ADR 0036).
  await verifyStudio(t.app.ctx, developer.id, admin.id);
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
const db = () => t.database.db;
const draft = () => draftCampaign(db(), developer.id);
const complete = completeEdit;

const edit = (id: string, body: unknown) =>
  admin.client.request('PATCH', `/api/backoffice/campaigns/${id}`, { body });
const move = (id: string, to: string) => admin.client.post(`/api/backoffice/campaigns/${id}/status`, { to });

async function published(status: 'scheduled' | 'live') {
  const id = await draft();
  const body = complete();
  expect((await edit(id, body)).statusCode).toBe(200);
  expect((await move(id, 'scheduled')).statusCode).toBe(200);
  if (status === 'live') expect((await move(id, 'live')).statusCode).toBe(200);
  return { id, slug: body.slug };
}

const versionsOf = (campaignId: string) =>
  db()
    .select()
    .from(keyInformationVersions)
    .where(eq(keyInformationVersions.campaignId, campaignId))
    .orderBy(keyInformationVersions.number);

const detail = async (slug: string, client: TestClient = t.client()) =>
  (await client.get(`/api/campaigns/${slug}`)).json();

const invest = (client: TestClient, campaignId: string, version: number | undefined, cents = 10_000) =>
  client.post(
    `/api/campaigns/${campaignId}/investments`,
    investBody(cents, version === undefined ? {} : { key_information_version: version }),
    { 'idempotency-key': newKey() },
  );

describe('versions of the key information sheet', () => {
  it('makes version 1 at publishing, one more when an edit changes the sheet, none for an edit that does not', async () => {
    const id = await draft();
    const body = complete();
    expect((await edit(id, body)).statusCode).toBe(200);
    expect(await versionsOf(id)).toHaveLength(0); // a draft has no version
    expect((await move(id, 'scheduled')).statusCode).toBe(200);
    const [first] = await versionsOf(id);
    expect(first).toMatchObject({ number: 1, material: false, changes: [] });
    expect(first!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const content = first!.content as { en: { risks: string }; it: { risks: string } };
    expect(content.en.risks).toBe('You may lose all the money you invest.');
    expect(content.it.risks).toBe('Puoi perdere tutto il denaro che investi.');

    // The story is not on the sheet: no version.
    expect((await edit(id, { story_en: 'A longer story.' })).statusCode).toBe(200);
    expect(await versionsOf(id)).toHaveLength(1);

    // The Italian risks are: version 2, material, naming the field.
    expect((await edit(id, { risks_it: 'Puoi perdere tutto.' })).statusCode).toBe(200);
    const all = await versionsOf(id);
    expect(all.map((v) => [v.number, v.material, v.changes])).toEqual([
      [1, false, []],
      [2, true, ['risks']],
    ]);
    expect(all[1]!.sha256).not.toBe(all[0]!.sha256);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, id)))[0]!.keyInformationVersion).toBe(
      2,
    );

    // Opening brings the start forward: a new version, not a material one.
    expect((await move(id, 'live')).statusCode).toBe(200);
    const opened = await versionsOf(id);
    expect(opened.map((v) => [v.number, v.material, v.changes])).toContainEqual([3, false, ['starts_at']]);
  });

  it('hashes the same content the same, whatever the order of its keys', () => {
    const sheet = { a: 1, b: ['x', 'y'], c: { d: 'é', e: null } };
    const reordered = { c: { e: null, d: 'é' }, b: ['x', 'y'], a: 1 };
    expect(canonicalJson(sheet)).toBe(canonicalJson(reordered));
    const content = (risks: string) => ({ en: { risks }, it: { risks } }) as never;
    expect(sheetHash(content('r'))).toBe(sheetHash(content('r')));
    expect(sheetHash(content('r'))).not.toBe(sheetHash(content('s')));
    // A stable value, so a stored hash can be checked again later.
    expect(sheetHash(content('r'))).toBe(sheetHash(JSON.parse(JSON.stringify(content('r')))));
  });

  it('counts every change as material but the start of the offer', () => {
    const en = { starts_at: '1', deadline_at: '2', risks: 'r', use_of_funds: 'u' };
    const before = { en, it: en } as never;
    expect(changedFields(before, { en: { ...en, starts_at: '0' }, it: en } as never)).toEqual(['starts_at']);
    expect(isMaterial(['starts_at'])).toBe(false);
    expect(isMaterial(['use_of_funds'])).toBe(true);
    expect(isMaterial(['a_field_the_sheet_gains_later'])).toBe(true);
  });

  it('shows the current version on the campaign, and serves every version as JSON and PDF', async () => {
    const { id, slug } = await published('live');
    const page = await detail(slug);
    const [v1, v2] = await versionsOf(id);
    expect(page.key_information_version).toEqual({
      number: 2,
      sha256: v2!.sha256,
      created_at: v2!.createdAt.toISOString(),
    });

    const list = (await t.client().get(`/api/campaigns/${slug}/key-information/versions`)).json();
    expect(list.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);

    const one = await t.client().get(`/api/campaigns/${slug}/key-information/versions/1`, {
      'accept-language': 'it',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ number: 1, sha256: v1!.sha256, material: false });
    expect(one.json().key_information.risks).toBe('Puoi perdere tutto il denaro che investi.');

    const pdf = await t.client().get(`/api/campaigns/${slug}/key-information/versions/1.pdf?lang=en`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    for (const path of ['9', '0', 'abc', '1.txt']) {
      const missing = await t.client().get(`/api/campaigns/${slug}/key-information/versions/${path}`, {
        'accept-language': 'it',
      });
      expect(missing.statusCode, path).toBe(404);
    }
    const missing = await t.client().get(`/api/campaigns/${slug}/key-information/versions/9`);
    expect(missing.json().code).toBe('keyInformationVersionNotFound');
    expect(missing.json().message).toContain('does not exist');
    // A draft's versions do not exist for the public.
    const hidden = await draft();
    const body = complete();
    await edit(hidden, body);
    expect((await t.client().get(`/api/campaigns/${body.slug}/key-information/versions/1`)).statusCode).toBe(
      404,
    );
  });
});

describe('acknowledging a version when investing', () => {
  it('records the version the investor read, and shows it in the portfolio', async () => {
    const { id, slug } = await published('live');
    const { client } = await readyInvestor(t, { cents: 100_000 });
    const version = (await detail(slug)).key_information_version.number;
    const res = await invest(client, id, version);
    expect(res.statusCode).toBe(201);
    expect(res.json().key_information_version).toBe(version);
    const [row] = await db().select().from(investments).where(eq(investments.id, res.json().id));
    expect(row!.keyInformationVersion).toBe(version);
    const portfolio = (await client.get('/api/portfolio/')).json();
    expect(portfolio.investments[0]).toMatchObject({ id: res.json().id, key_information_version: version });
  });

  it('refuses a stale version with a translated error, and takes the new one', async () => {
    const { id, slug } = await published('live');
    const { client } = await readyInvestor(t, { cents: 100_000 });
    const seen = (await detail(slug)).key_information_version.number;
    expect((await edit(id, { use_of_funds_en: 'Art, music and a port to consoles.' })).statusCode).toBe(200);

    const stale = await client.request('POST', `/api/campaigns/${id}/investments`, {
      body: investBody(10_000, { key_information_version: seen }),
      headers: { 'idempotency-key': newKey(), 'accept-language': 'it' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('keyInformationChanged');
    expect(stale.json().message).toContain('è cambiata');
    expect((await db().select().from(investments).where(eq(investments.campaignId, id))).length).toBe(0);

    const current = (await detail(slug)).key_information_version.number;
    expect(current).toBe(seen + 1);
    expect((await invest(client, id, current)).statusCode).toBe(201);
  });

  it('gives a campaign published before versions existed its first version at the first investment', async () => {
    const { id } = await published('live');
    await db().delete(keyInformationVersions).where(eq(keyInformationVersions.campaignId, id));
    await db().update(campaigns).set({ keyInformationVersion: null }).where(eq(campaigns.id, id));
    const { client } = await readyInvestor(t, { cents: 100_000 });
    const res = await invest(client, id, undefined);
    expect(res.statusCode).toBe(201);
    expect(res.json().key_information_version).toBe(1);
    expect(await versionsOf(id)).toHaveLength(1);
  });
});

describe('a material change while the campaign is live', () => {
  it('reopens revocation for 4 days and tells every investor in their language', async () => {
    const { id, slug } = await published('live');
    const a = await readyInvestor(t, { cents: 100_000 });
    const b = await readyInvestor(t, { cents: 100_000 });
    await db().update(users).set({ language: 'it' }).where(eq(users.id, b.id));
    const version = (await detail(slug)).key_information_version.number;
    const invA = (await invest(a.client, id, version)).json();
    const invB = (await invest(b.client, id, version)).json();
    // A's reflection period is over (as if 5 days had passed).
    await db()
      .update(investments)
      .set({ reflectionEndsAt: new Date(Date.now() - 1_000) })
      .where(eq(investments.id, invA.id));
    const over = await a.client.post(`/api/investments/${invA.id}/revoke`);
    expect(over.json().code).toBe('reflectionPeriodOver');

    const changedAt = Date.now();
    expect(
      (await edit(id, { risks_en: 'You may lose everything: the studio has one developer.' })).statusCode,
    ).toBe(200);

    const mailA = (await t.mailbox(a.payload.email as string))[0]!;
    expect(mailA.subject).toContain('key information');
    expect(mailA.text).toContain('- the risks');
    expect(mailA.text).toContain(`Version ${version + 1}`);
    const mailB = (await t.mailbox(b.payload.email as string))[0]!;
    expect(mailB.subject).toContain('informazioni chiave');
    expect(mailB.text).toContain('- i rischi');

    // Both may revoke again, for the campaign's reflection period (4 days) from the change.
    const [rowA] = await db().select().from(investments).where(eq(investments.id, invA.id));
    expect(rowA!.reflectionEndsAt.getTime()).toBeGreaterThanOrEqual(changedAt + 4 * DAY - 1_000);
    expect(rowA!.reflectionEndsAt.getTime()).toBeLessThanOrEqual(Date.now() + 4 * DAY);
    const portfolio = (await a.client.get('/api/portfolio/')).json();
    expect(portfolio.investments.find((i: { id: string }) => i.id === invA.id).revocable).toBe(true);

    // After the 4 days: refused.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(rowA!.reflectionEndsAt.getTime() + 1_000));
    await expect(revoke(t.app.ctx, b.id, invB.id)).rejects.toMatchObject({ code: 'reflectionPeriodOver' });
    // Within them: A revokes.
    vi.setSystemTime(new Date(rowA!.reflectionEndsAt.getTime() - 60_000));
    expect((await revoke(t.app.ctx, a.id, invA.id)).status).toBe('revoked');
  });

  it.runIf(onPostgres)(
    'racing investments either come before the change and are reopened, or are refused',
    async () => {
      const { id, slug } = await published('live');
      const investors = await Promise.all(
        Array.from({ length: 8 }, () => readyInvestor(t, { cents: 100_000 })),
      );
      const seen = (await detail(slug)).key_information_version.number;
      const [edited, ...answers] = await Promise.all([
        edit(id, { risks_en: 'New risks, raced.' }),
        ...investors.map((i) => invest(i.client, id, seen)),
      ]);
      expect(edited!.statusCode).toBe(200);
      for (const res of answers) {
        if (res.statusCode !== 201) expect(res.json().code).toBe('keyInformationChanged');
      }
      const latest = (await versionsOf(id)).at(-1)!;
      expect(latest.number).toBe(seen + 1);
      const rows = await db().select().from(investments).where(eq(investments.campaignId, id));
      expect(rows).toHaveLength(answers.filter((r) => r.statusCode === 201).length);
      for (const row of rows) {
        // Taken under the version the investor read, so before the change: its revocation reopened.
        expect(row.keyInformationVersion).toBe(seen);
        expect(row.reflectionEndsAt.getTime()).toBeGreaterThanOrEqual(latest.createdAt.getTime() + 4 * DAY);
      }
    },
  );

  it('sends nothing and reopens nothing for a change that is not material or not on the sheet', async () => {
    const { id, slug } = await published('live');
    const a = await readyInvestor(t, { cents: 100_000 });
    const inv = (await invest(a.client, id, (await detail(slug)).key_information_version.number)).json();
    const [before] = await db().select().from(investments).where(eq(investments.id, inv.id));
    const count = (await versionsOf(id)).length;
    expect((await edit(id, { story_en: 'A new chapter.' })).statusCode).toBe(200);
    expect(await versionsOf(id)).toHaveLength(count);
    const [after] = await db().select().from(investments).where(eq(investments.id, inv.id));
    expect(after!.reflectionEndsAt).toEqual(before!.reflectionEndsAt);
    const mail = await t.mailbox(a.payload.email as string);
    // The investment's receipt and the sign-up's email: nothing about the sheet.
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your investment in “.+” is reserved$/),
      'Confirm your email address',
    ]);
  });
});

describe('the investor’s documents', () => {
  it('the confirmation email names the acknowledged version and links its PDF, in the investor’s language', () => {
    const mail = investmentPostedEmail(
      { to: 'ada@example.com', userId: null, language: 'it', name: 'Ada' },
      { title: 'Lantern', slug: 'lantern', currency: 'EUR' },
      10_000,
      'http://indiesplit.test',
      3,
    );
    expect(mail.text).toContain('versione 3 della scheda');
    expect(mail.text).toContain(
      'http://indiesplit.test/api/campaigns/lantern/key-information/versions/3.pdf?lang=it',
    );
    const before = investmentPostedEmail(
      { to: 'ada@example.com', userId: null, language: 'en', name: 'Ada' },
      { title: 'Lantern', slug: 'lantern', currency: 'EUR' },
      10_000,
      'http://indiesplit.test',
      null,
    );
    expect(before.text).not.toContain('key-information');
  });
});
