import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EvidenceFile as File,
  evidenceForm as form,
  fund,
  insertCampaign,
  investBody,
  makeAdmin,
  newKey,
  readyInvestor,
} from '../../../test/fixtures/investing.ts';
import { makePdf } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { auditEvents } from '../../db/schema.ts';
import { investorProfiles, sophisticatedEvidence } from '../../db/schema-investing.ts';
import { runSophisticatedExpiryRound } from './sophisticated-expiry.ts';

// Sophisticated investors under Annex II (ADR 0033): the criteria and their evidence, the admin's
// decision, the end of an approval after two years with a reminder before; and the tax residence
// asked once before the first real-euro investment.

let t: TestApp;
let pdf: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  pdf = await makePdf('Bank statement');
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;

const natural = (...criteria: string[]): Array<[string, string]> => [
  ['person_type', 'natural'],
  ...criteria.map((c): [string, string] => ['criteria', c]),
];

const ask = (c: TestClient, fields: Array<[string, string]>, files: File[]) =>
  c.request('POST', '/api/investor-profile/sophisticated-request', form(fields, files));

const askValid = (c: TestClient) =>
  ask(
    c,
    [...natural('income_or_portfolio', 'financial_experience'), ['reason', 'Ten years at a bank']],
    [
      { data: pdf, name: 'payslips 2025.pdf' },
      { data: png, name: 'contract.png', type: 'image/png' },
    ],
  );

async function admin() {
  const a = await registerUser(t);
  await makeAdmin(db(), a.id);
  return a;
}

describe('a request to be treated as sophisticated', () => {
  it('needs at least two criteria for a natural person and one for a legal person, of its own kind', async () => {
    const { client } = await registerUser(t);
    const files = [{ data: pdf, name: 'proof.pdf' }];
    const one = await ask(client, natural('income_or_portfolio'), files);
    expect(one.statusCode).toBe(400);
    expect(one.json().error_codes).toEqual({ criteria: 'sophisticatedTwoCriteria' });
    expect(one.json().errors.criteria).toMatch(/at least two/);

    const mixed = await ask(client, natural('income_or_portfolio', 'own_funds'), files);
    expect(mixed.json().error_codes).toEqual({ criteria: 'sophisticatedCriteriaMismatch' });

    const noKind = await ask(client, [['criteria', 'own_funds']], files);
    expect(noKind.json().error_codes.person_type).toBe('sophisticatedPersonType');

    const legalNone = await ask(client, [['person_type', 'legal']], files);
    expect(legalNone.json().error_codes).toEqual({ criteria: 'sophisticatedOneCriterion' });

    // Nothing was recorded by the refusals.
    expect((await client.get('/api/investor-profile/')).json().sophisticated_request.status).toBe('none');

    const legal = await ask(
      client,
      [
        ['person_type', 'legal'],
        ['criteria', 'net_turnover'],
      ],
      files,
    );
    expect(legal.statusCode).toBe(200);
    expect(legal.json().sophisticated_request).toMatchObject({
      status: 'requested',
      person_type: 'legal',
      criteria: ['net_turnover'],
    });
  });

  it('needs evidence: PDF or images only, each at most 10 MB, at most five', async () => {
    const { client } = await registerUser(t);
    const fields = natural('income_or_portfolio', 'professional_client');
    const none = await ask(client, fields, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error_codes).toEqual({ evidence: 'evidenceRequired' });

    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]);
    const exe = await ask(client, fields, [{ data: program, name: 'proof.pdf' }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error_codes).toEqual({ evidence: 'evidenceInvalid' });

    // Named and declared as a PDF, and it starts as one, but it is not a document.
    const fake = await ask(client, fields, [{ data: Buffer.from('%PDF-1.7\nnot really'), name: 'a.pdf' }]);
    expect(fake.json().error_codes).toEqual({ evidence: 'evidenceInvalid' });

    const html = await ask(client, fields, [
      { data: Buffer.from('<script>alert(1)</script>'), name: 'x.png' },
    ]);
    expect(html.json().error_codes).toEqual({ evidence: 'evidenceInvalid' });

    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await ask(client, fields, [{ data: big, name: 'big.pdf' }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('evidenceInvalid');

    const six = Array.from({ length: 6 }, (_, i) => ({ data: pdf, name: `p${i}.pdf` }));
    const tooMany = await ask(client, fields, six);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error_codes).toEqual({ evidence: 'evidenceInvalid' });

    const profile = (await client.get('/api/investor-profile/')).json();
    expect(profile.sophisticated_request).toMatchObject({ status: 'none', evidence: [] });
  });

  it('keeps the evidence private: its investor and admins download it as an attachment, nobody else', async () => {
    const investor = await registerUser(t);
    const res = await askValid(investor.client);
    expect(res.statusCode).toBe(200);
    const evidence = res.json().sophisticated_request.evidence;
    expect(evidence).toHaveLength(2);
    // Listed by name; the names made safe for a download.
    expect(evidence[0]).toMatchObject({ file_name: 'contract.png', content_type: 'image/png' });
    expect(evidence[1]).toMatchObject({ file_name: 'payslips_2025.pdf', content_type: 'application/pdf' });
    const url = `/api/investor-profile/evidence/${evidence[1].id}`;

    const own = await investor.client.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe('attachment; filename=payslips_2025.pdf');
    expect(own.headers['x-content-type-options']).toBe('nosniff');

    const stranger = await registerUser(t);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await t.client().get(url)).statusCode).toBe(401);
    expect((await stranger.client.get('/api/investor-profile/evidence/not-an-id')).statusCode).toBe(404);

    const a = await admin();
    const asAdmin = await a.client.get(url);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.rawPayload.equals(pdf)).toBe(true);
    // The queue shows the criteria and links to the same files.
    const queue = (await a.client.get('/api/backoffice/investors/?status=requested')).json();
    const mine = queue.investors.find((i: { user_id: string }) => i.user_id === investor.id);
    expect(mine).toMatchObject({
      person_type: 'natural',
      criteria: ['income_or_portfolio', 'financial_experience'],
      reason: 'Ten years at a bank',
    });
    expect(mine.evidence.map((e: { id: string }) => e.id)).toEqual(evidence.map((e: { id: string }) => e.id));
  });

  it('is refused by an admin with a reason the investor reads, and can then be asked again', async () => {
    const investor = await registerUser(t);
    await askValid(investor.client);
    const a = await admin();
    const bare = await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'reject',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error_codes).toEqual({ reason: 'sophisticatedRefusalReason' });

    const refused = await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'reject',
      reason: 'The payslips do not show <60,000 euros> a year.',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      sophisticated_request: 'rejected',
      investor_class: 'non_sophisticated',
      decision_reason: 'The payslips do not show <60,000 euros> a year.',
    });
    const [mail] = await t.mailbox(investor.payload.email);
    expect(mail?.subject).toBe('Your request to be treated as a sophisticated investor');
    expect(mail?.text).toContain('The payslips do not show <60,000 euros> a year.');
    expect(mail?.html).toContain('&#60;60,000 euros&#62;');
    expect(mail?.html).not.toContain('<60,000');
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, investor.id), eq(auditEvents.kind, 'sophisticated_status_changed')));
    expect(events.map((e) => (e.data as { decision: string }).decision)).toEqual(['refused']);

    const again = await ask(investor.client, natural('financial_experience', 'professional_client'), [
      { data: png, name: 'cert.png', type: 'image/png' },
    ]);
    expect(again.statusCode).toBe(200);
    expect(again.json().sophisticated_request).toMatchObject({
      status: 'requested',
      decision_reason: null,
      evidence: [{ file_name: 'cert.png' }],
    });
  });
});

describe('erasing personal data', () => {
  it('deletes the evidence files and the tax number', async () => {
    const investor = await registerUser(t);
    const asked = (await askValid(investor.client)).json();
    await investor.client.request('PUT', '/api/investor-profile/tax-residence', {
      body: { country: 'IT', tax_id: 'RSSMRA85T10A562S' },
    });
    const key = (
      await db().select().from(sophisticatedEvidence).where(eq(sophisticatedEvidence.userId, investor.id))
    )[0]?.storageKey;
    expect(key && (await t.app.ctx.storage.get(key))).toBeTruthy();

    expect((await investor.client.delete('/api/user/delete-all-data/')).statusCode).toBe(200);
    const a = await admin();
    const url = `/api/investor-profile/evidence/${asked.sophisticated_request.evidence[0].id}`;
    expect((await a.client.get(url)).statusCode).toBe(404);
    expect(await t.app.ctx.storage.get(key as string)).toBeNull();
    const profile = (await investor.client.get('/api/investor-profile/')).json();
    expect(profile.tax_residence).toMatchObject({ country: 'IT', tax_id: null });
    expect(profile.sophisticated_request.evidence).toEqual([]);
  });
});

describe('an approval', () => {
  it('lasts two years, is reminded of once 30 days before, and then ends: reflection period and warning again', async () => {
    const investor = await readyInvestor(t, { cents: 2_000_000 });
    await askValid(investor.client);
    const a = await admin();
    const approved = await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    const body = approved.json();
    expect(body).toMatchObject({ investor_class: 'sophisticated', sophisticated_request: 'approved' });
    const decided = new Date(body.decided_at);
    const until = new Date(body.valid_until);
    expect(until.getUTCFullYear() * 12 + until.getUTCMonth()).toBe(
      decided.getUTCFullYear() * 12 + decided.getUTCMonth() + 24,
    );
    const [approvalMail] = await t.mailbox(investor.payload.email);
    expect(approvalMail?.subject).toBe('You are now treated as a sophisticated investor');

    // Before the reminder window nothing happens.
    const early = await runSophisticatedExpiryRound(t.app.ctx, new Date(until.getTime() - 31 * DAY));
    expect(early).toMatchObject({ leased: true, reminded: 0, expired: 0 });

    const remind = new Date(until.getTime() - 29 * DAY);
    expect((await runSophisticatedExpiryRound(t.app.ctx, remind)).reminded).toBeGreaterThanOrEqual(1);
    await runSophisticatedExpiryRound(t.app.ctx, new Date(remind.getTime() + DAY));
    const reminders = (await t.mailbox(investor.payload.email)).filter((m) =>
      m.subject.startsWith('Your sophisticated investor status ends on'),
    );
    expect(reminders).toHaveLength(1);
    expect((await investor.client.get('/api/investor-profile/')).json().investor_class).toBe('sophisticated');

    const after = await runSophisticatedExpiryRound(t.app.ctx, new Date(until.getTime() + 60_000));
    expect(after.expired).toBeGreaterThanOrEqual(1);
    const profile = (await investor.client.get('/api/investor-profile/')).json();
    expect(profile.investor_class).toBe('non_sophisticated');
    expect(profile.sophisticated_request).toMatchObject({ status: 'expired', valid_until: null });
    const mails = await t.mailbox(investor.payload.email);
    expect(mails.filter((m) => m.subject === 'Your sophisticated investor status has ended')).toHaveLength(1);

    // Treated as non-sophisticated again: the high-amount consent and a reflection period.
    const campaign = await insertCampaign(db());
    const big = await investor.client.post(`/api/campaigns/${campaign.id}/investments`, investBody(900_000), {
      'idempotency-key': newKey(),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().code).toBe('highAmountConsentRequired');
    const small = await investor.client.post(
      `/api/campaigns/${campaign.id}/investments`,
      investBody(50_000),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(small.statusCode).toBe(201);
    expect(small.json().revocable).toBe(true);

    // It can be asked for again.
    expect((await askValid(investor.client)).statusCode).toBe(200);
  });

  it('is renewed from its reminder on: sophisticated meanwhile, two more years when approved', async () => {
    const investor = await registerUser(t);
    await askValid(investor.client);
    const a = await admin();
    await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, { decision: 'approve' });
    const early = await askValid(investor.client);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('sophisticatedAlreadyApproved');

    // Ten days before the end the investor may send fresh documents.
    const end = new Date(Date.now() + 10 * DAY);
    await db()
      .update(investorProfiles)
      .set({ sophisticatedValidUntil: end })
      .where(eq(investorProfiles.userId, investor.id));
    const renewal = await askValid(investor.client);
    expect(renewal.statusCode).toBe(200);
    expect(renewal.json()).toMatchObject({
      investor_class: 'sophisticated',
      sophisticated_request: { status: 'requested', valid_until: end.toISOString() },
    });
    const approved = await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, {
      decision: 'approve',
    });
    const until = new Date(approved.json().valid_until);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 700 * DAY);
  });

  it('ends at its date even while a renewal waits: non-sophisticated, the renewal still to decide', async () => {
    const investor = await registerUser(t);
    await askValid(investor.client);
    const a = await admin();
    await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, { decision: 'approve' });
    const end = new Date(Date.now() + 5 * DAY);
    await db()
      .update(investorProfiles)
      .set({ sophisticatedValidUntil: end })
      .where(eq(investorProfiles.userId, investor.id));
    expect((await askValid(investor.client)).statusCode).toBe(200);
    await runSophisticatedExpiryRound(t.app.ctx, new Date(end.getTime() + 60_000));
    const profile = (await investor.client.get('/api/investor-profile/')).json();
    expect(profile.investor_class).toBe('non_sophisticated');
    expect(profile.sophisticated_request.status).toBe('requested');
  });

  it('gives a sophisticated investor no reflection period while it runs', async () => {
    const investor = await readyInvestor(t, { cents: 1_000_000 });
    await askValid(investor.client);
    const a = await admin();
    await a.client.post(`/api/backoffice/investors/${investor.id}/decision`, { decision: 'approve' });
    const campaign = await insertCampaign(db());
    const res = await investor.client.post(`/api/campaigns/${campaign.id}/investments`, investBody(900_000), {
      'idempotency-key': newKey(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ revocable: false, high_amount_consent: false });

    // Past its end, before the expiry job has run: non-sophisticated already.
    await db()
      .update(investorProfiles)
      .set({ sophisticatedValidUntil: new Date(Date.now() - 60_000) })
      .where(eq(investorProfiles.userId, investor.id));
    expect((await investor.client.get('/api/investor-profile/')).json().investor_class).toBe(
      'non_sophisticated',
    );
    const after = await investor.client.post(
      `/api/campaigns/${campaign.id}/investments`,
      investBody(20_000),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(after.statusCode).toBe(201);
    expect(after.json().revocable).toBe(true);
  });
});

describe('tax residence', () => {
  it('is required before the first real-euro investment, not for demo money, and asked only once', async () => {
    const investor = await readyInvestor(t, { cents: 500_000, taxResidence: false });
    const campaign = await insertCampaign(db());
    const invest = () =>
      investor.client.post(`/api/campaigns/${campaign.id}/investments`, investBody(20_000), {
        'idempotency-key': newKey(),
      });
    const refused = await invest();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'taxResidenceRequired',
      message: 'Before your first investment in euros, please tell us your tax residence.',
    });

    // Demo money never asks.
    await fund(db(), investor.id, 100_000, 'DEMO');
    const demo = await insertCampaign(db(), { currency: 'DEMO', reflectionSeconds: 60 });
    const played = await investor.client.post(
      `/api/campaigns/${demo.id}/investments`,
      investBody(10_000, { currency: 'DEMO' }),
      { 'idempotency-key': newKey() },
    );
    expect(played.statusCode).toBe(201);

    const saved = await investor.client.request('PUT', '/api/investor-profile/tax-residence', {
      body: { country: 'it', tax_id: 'RSSMRA85T10A562S' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().tax_residence).toMatchObject({ country: 'IT', tax_id: 'RSSMRA85T10A562S' });
    expect((await invest()).statusCode).toBe(201);
    // Once recorded it is not asked again.
    expect((await invest()).statusCode).toBe(201);

    // Editable in the profile; the tax number is optional.
    const edited = await investor.client.request('PUT', '/api/investor-profile/tax-residence', {
      body: { country: 'DE' },
    });
    expect(edited.json().tax_residence).toMatchObject({ country: 'DE', tax_id: null });
  });

  it('refuses a country that is not an ISO 3166-1 code and a malformed tax number, with field errors', async () => {
    const { client } = await registerUser(t);
    for (const country of ['ZZ', 'ITA', '', 'UK']) {
      const res = await client.request('PUT', '/api/investor-profile/tax-residence', { body: { country } });
      expect(res.statusCode, country).toBe(400);
      expect(res.json().error_codes, country).toEqual({ country: 'taxCountryInvalid' });
    }
    for (const tax_id of ['x'.repeat(31), 'DROP TABLE;']) {
      const res = await client.request('PUT', '/api/investor-profile/tax-residence', {
        body: { country: 'FR', tax_id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_codes).toEqual({ tax_id: 'taxIdInvalid' });
    }
    expect((await client.get('/api/investor-profile/')).json().tax_residence).toBeNull();
    expect(
      (await t.client().request('PUT', '/api/investor-profile/tax-residence', { body: { country: 'FR' } }))
        .statusCode,
    ).toBe(401);
  });
});
