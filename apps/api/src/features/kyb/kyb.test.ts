import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEdit, draftCampaign } from '../../../test/fixtures/campaign-editor.ts';
import { kybData } from '../../../test/fixtures/kyb.ts';
import { makeEncryptedPdf, makePdf, member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { auditEvents } from '../../db/schema.ts';
import { campaigns } from '../../db/schema-campaigns.ts';
import { studioKyb } from '../../db/schema-kyb.ts';
import { openCampaign as openByTheClock } from '../settlement/service.ts';
import { runDueWork } from '../settlement/worker.ts';

// Studios' verification (KYB, ECSP Art 5; ADR 0036): the studio's form and its checks, the admin's
// decision, re-submission and renewal, the audit trail, and the gate on opening a campaign,
// whether an admin opens it or its start time comes.

let t: TestApp;
let pdf: Buffer;
let admin: Awaited<ReturnType<typeof member>>;
let reviewer: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await createTestApp();
  pdf = await makePdf('Registration extract');
  admin = await member(t, 'admin');
  reviewer = await member(t, 'reviewer');
});
afterAll(() => t.close());

const db = () => t.database.db;

interface Part {
  data: Buffer;
  name?: string;
  type?: string;
  field?: string;
}

function form(data: unknown, file: Part | null) {
  const boundary = `----IndieSplitKyb${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  if (data !== undefined) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${text}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'registration_proof'}"; filename="${file.name ?? 'visura camerale.pdf'}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const send = (
  c: TestClient,
  data: unknown,
  file: Part | null = { data: pdf },
  headers: Record<string, string> = {},
) => {
  const body = form(data, file);
  return c.request('POST', '/api/studio-verification', { ...body, headers: { ...body.headers, ...headers } });
};

async function studio() {
  return registerUser(t, { user_types: ['developer'] });
}

const decide = (id: string, body: Record<string, unknown>, as: TestClient = admin.client) =>
  as.post(`/api/backoffice/studio-verifications/${id}/decision`, body);

async function submitted(c: TestClient): Promise<string> {
  const res = await send(c, kybData());
  expect(res.statusCode).toBe(200);
  return res.json().latest.id as string;
}

describe("a studio's verification form", () => {
  it('is recorded with its registration proof and waits for staff; the studio reads it back', async () => {
    const s = await studio();
    expect((await s.client.get('/api/studio-verification')).json()).toEqual({
      mode: 'manual',
      provider: null,
      status: 'none',
      approved_until: null,
      can_submit: true,
      latest: null,
    });
    const res = await send(s.client, kybData({ country: 'it' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'submitted', can_submit: false, approved_until: null });
    expect(body.latest).toMatchObject({
      decision: 'submitted',
      legal_name: 'Faro Games S.r.l.',
      country: 'IT',
      refusal_reason: null,
      document: { file_name: 'visura_camerale.pdf', content_type: 'application/pdf', size_bytes: pdf.length },
    });
    expect(body.latest.ubos.map((u: { ownership_percent: number }) => u.ownership_percent)).toEqual([60, 40]);
    // The proof is in object storage, readable by its studio as an attachment.
    const doc = await s.client.get(`/api/studio-verification/${body.latest.id}/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toMatch(/^attachment/);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.rawPayload.equals(pdf)).toBe(true);
    // A second one while the first waits is refused and records nothing.
    const again = await send(s.client, kybData());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('kybAlreadySubmitted');
    expect(await db().select().from(studioKyb).where(eq(studioKyb.userId, s.id))).toHaveLength(1);
  });

  it('names each bad field with its translated message, in English and Italian', async () => {
    const s = await studio();
    const bad = kybData({
      legal_name: '  ',
      registration_number: 'no <tags>',
      country: 'XX',
      representative_birth_date: '2999-01-01',
      representative_nationality: 'Atlantis',
      representative_email: 'not-an-email',
      no_convictions: false as unknown as true,
      not_high_risk_jurisdiction: undefined as unknown as true,
      ubos: [
        {
          first_name: 'Chiara',
          last_name: '',
          birth_date: '1990-02-30',
          nationality: 'IT',
          address: 'Via Lanterna 3',
          ownership_percent: 0,
        },
      ],
    });
    const res = await send(s.client, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({
      legal_name: 'kybLegalNameRequired',
      registration_number: 'kybRegistrationNumberInvalid',
      country: 'kybCountryInvalid',
      representative_birth_date: 'kybBirthDateInvalid',
      representative_nationality: 'kybNationalityInvalid',
      representative_email: 'invalidEmail',
      'ubos.0.last_name': 'fillMandatory',
      'ubos.0.birth_date': 'kybBirthDateInvalid',
      'ubos.0.ownership_percent': 'kybOwnershipInvalid',
      no_convictions: 'kybDeclarationRequired',
      not_high_risk_jurisdiction: 'kybDeclarationRequired',
    });
    expect(res.json().errors.no_convictions).toMatch(/confirm this declaration/);
    const it_ = await send(s.client, bad, { data: pdf }, { 'accept-language': 'it' });
    expect(it_.json().errors.legal_name).toBe('Indica la ragione sociale dello studio.');

    const none = await send(s.client, kybData({ ubos: [] }));
    expect(none.json().error_codes).toEqual({ ubos: 'kybUboRequired' });
    const owners = kybData().ubos;
    const over = await send(
      s.client,
      kybData({
        ubos: [
          { ...owners[0]!, ownership_percent: 60.5 },
          { ...owners[1]!, ownership_percent: 40 },
        ],
      }),
    );
    expect(over.json().error_codes).toEqual({ ubos: 'kybOwnershipOver100' });
    const thirds = [33.33, 33.33, 33.34].map((p) => ({ ...owners[0]!, ownership_percent: p }));
    const decimals = await send(s.client, kybData({ ubos: [{ ...owners[0]!, ownership_percent: 12.345 }] }));
    expect(decimals.json().error_codes).toEqual({ 'ubos.0.ownership_percent': 'kybOwnershipInvalid' });
    expect(await db().select().from(studioKyb).where(eq(studioKyb.userId, s.id))).toHaveLength(0);
    // Exactly 100% in three parts is fine.
    expect((await send(s.client, kybData({ ubos: thirds }))).statusCode).toBe(200);
  });

  it('refuses a missing, fake, locked or too large proof, and JSON that is not JSON, storing nothing', async () => {
    const s = await studio();
    const cases: Array<[Part | null, number, string]> = [
      [null, 400, 'kybDocumentRequired'],
      [{ data: Buffer.from('MZ not a pdf at all'), name: 'proof.pdf' }, 400, 'kybDocumentInvalid'],
      [{ data: await makeEncryptedPdf() }, 400, 'kybDocumentInvalid'],
      [{ data: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]) }, 413, 'kybDocumentInvalid'],
      [{ data: pdf, field: 'something_else' }, 400, 'kybDocumentRequired'],
    ];
    for (const [file, status, code] of cases) {
      const res = await send(s.client, kybData(), file);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      if (status === 400) expect(res.json().error_codes).toEqual({ registration_proof: code });
    }
    const notJson = await send(s.client, '{"legal_name": ');
    expect([notJson.statusCode, notJson.json().code]).toEqual([400, 'invalidRequest']);
    expect(await db().select().from(studioKyb).where(eq(studioKyb.userId, s.id))).toHaveLength(0);
    // A PNG scan is accepted as well as a PDF.
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const scan = await send(s.client, kybData(), { data: png, name: 'scan.png', type: 'image/png' });
    expect(scan.statusCode).toBe(200);
    expect(scan.json().latest.document).toMatchObject({ file_name: 'scan.png', content_type: 'image/png' });
  });

  it('is for developer accounts, and for logged-in members only', async () => {
    const investor = await registerUser(t);
    const res = await send(investor.client, kybData());
    expect([res.statusCode, res.json().code]).toEqual([403, 'kybDeveloperOnly']);
    expect((await send(t.client(), kybData())).statusCode).toBe(401);
    expect((await t.client().get('/api/studio-verification')).statusCode).toBe(401);
  });

  it('has no payout account to confirm with a provider: staff review, the studio is paid outside', async () => {
    const s = await studio();
    await send(s.client, kybData());
    const res = await s.client.post(
      '/api/studio-verification/payout-account/confirm',
      {},
      {
        'accept-language': 'it',
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'kybPayoutAccountManual', message: /fornitore di pagamento/ });
    expect((await s.client.get('/api/studio-verification')).json().provider).toBeNull();
  });
});

describe("staff's review", () => {
  it('is for admins only: members get 403 staffOnly, reviewers 403 adminOnly, and nothing changes', async () => {
    const s = await studio();
    const id = await submitted(s.client);
    const someone = await member(t);
    for (const res of [
      await someone.client.get('/api/backoffice/studio-verifications/'),
      await decide(id, { decision: 'approve' }, someone.client),
    ])
      expect([res.statusCode, res.json().code]).toEqual([403, 'staffOnly']);
    for (const res of [
      await reviewer.client.get('/api/backoffice/studio-verifications/'),
      await reviewer.client.get(`/api/backoffice/studio-verifications/${id}`),
      await decide(id, { decision: 'approve' }, reviewer.client),
    ])
      expect([res.statusCode, res.json().code]).toEqual([403, 'adminOnly']);
    // Someone else's proof does not exist for them.
    expect((await someone.client.get(`/api/studio-verification/${id}/document`)).statusCode).toBe(404);
    expect((await s.client.get('/api/studio-verification')).json().status).toBe('submitted');
  });

  it('lists waiting verifications; a refusal needs a reason, which the studio reads; it may send again', async () => {
    const s = await studio();
    const id = await submitted(s.client);
    const list = await admin.client.get('/api/backoffice/studio-verifications/?status=submitted');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({
        id,
        legal_name: 'Faro Games S.r.l.',
        decision: 'submitted',
        studio: expect.objectContaining({ id: s.id }),
      }),
    );
    const noReason = await decide(id, { decision: 'refuse', reason: '  ' });
    expect([noReason.statusCode, noReason.json().error_codes]).toEqual([400, { reason: 'kybRefusalReason' }]);

    const refused = await decide(id, { decision: 'refuse', reason: 'The extract is older than six months.' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().record).toMatchObject({ decision: 'refused', valid_until: null });
    expect((await decide(id, { decision: 'approve' })).json().code).toBe('kybNotWaiting');
    const mine = (await s.client.get('/api/studio-verification')).json();
    expect(mine).toMatchObject({
      status: 'refused',
      can_submit: true,
      latest: { refusal_reason: 'The extract is older than six months.' },
    });
    // Sent again: a new submission, the refused one kept as it was decided.
    const second = await submitted(s.client);
    expect(second).not.toBe(id);
    const detail = (await admin.client.get(`/api/backoffice/studio-verifications/${second}`)).json();
    expect(detail.history).toEqual([expect.objectContaining({ id, decision: 'refused' })]);
    // The admin reads the proof too.
    expect((await admin.client.get(`/api/studio-verification/${second}/document`)).statusCode).toBe(200);
  });

  it('approves for the configured months, and audits every step with who did it', async () => {
    const s = await studio();
    const id = await submitted(s.client);
    const before = Date.now();
    const res = await decide(id, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json().decided_by).toBe(admin.payload.username);
    const until = new Date(res.json().record.valid_until).getTime();
    const months = t.config.kybValidMonths;
    expect(months).toBe(12);
    // Twelve calendar months: between 365 and 366 days ahead.
    expect(until - before).toBeGreaterThanOrEqual(365 * 86_400_000 - 60_000);
    expect(until - before).toBeLessThanOrEqual(366 * 86_400_000 + 60_000);
    expect((await s.client.get('/api/studio-verification')).json()).toMatchObject({
      status: 'approved',
      approved_until: res.json().record.valid_until,
      can_submit: true,
    });
    const events = await db().select().from(auditEvents).where(eq(auditEvents.userId, s.id));
    const kinds = events.filter((e) => e.kind.startsWith('kyb_'));
    expect(kinds.map((e) => e.kind)).toEqual(['kyb_submitted', 'kyb_approved']);
    expect(kinds[1]!.data).toMatchObject({ kyb_id: id, by: admin.id });
  });
});

describe('opening a campaign', () => {
  async function scheduledCampaignOf(studioId: string): Promise<string> {
    const id = await draftCampaign(db(), studioId);
    const edit = await admin.client.request('PATCH', `/api/backoffice/campaigns/${id}`, {
      body: completeEdit(),
    });
    expect(edit.statusCode).toBe(200);
    expect(
      (await admin.client.post(`/api/backoffice/campaigns/${id}/status`, { to: 'scheduled' })).statusCode,
    ).toBe(200);
    return id;
  }
  const statusOf = async (id: string) =>
    (await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]!.status;

  it('is refused to an admin until the studio is approved, naming the missing verification', async () => {
    const s = await studio();
    const id = await scheduledCampaignOf(s.id);
    const open = () => admin.client.post(`/api/backoffice/campaigns/${id}/status`, { to: 'live' });
    const none = await open();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'studioKybRequired',
      error_codes: { studio_kyb: 'studioKybRequired' },
    });
    expect(none.json().message).toMatch(/no approved verification/);
    const it_ = await admin.client.request('POST', `/api/backoffice/campaigns/${id}/status`, {
      body: { to: 'live' },
      headers: { 'accept-language': 'it' },
    });
    expect(it_.json().message).toMatch(/non ha una verifica/);
    // Waiting for a decision is not enough, nor is a refusal.
    const kyb = await submitted(s.client);
    expect((await open()).json().code).toBe('studioKybRequired');
    await decide(kyb, { decision: 'refuse', reason: 'Wrong company.' });
    expect((await open()).json().code).toBe('studioKybRequired');
    expect(await statusOf(id)).toBe('scheduled');

    await decide(await submitted(s.client), { decision: 'approve' });
    expect((await open()).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('live');
  });

  it('lists the verification among the other missing items of an incomplete campaign', async () => {
    const s = await studio();
    const id = await draftCampaign(db(), s.id);
    const res = await admin.client.post(`/api/backoffice/campaigns/${id}/status`, { to: 'live' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('campaignIncomplete');
    expect(res.json().error_codes).toMatchObject({ slug: 'fillMandatory', studio_kyb: 'studioKybRequired' });
  });

  it('waits at its start time until the studio is approved, then the worker opens it', async () => {
    const s = await studio();
    const id = await scheduledCampaignOf(s.id);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    const startsAt = row!.startsAt!;
    expect(await openByTheClock(t.app.ctx, id, startsAt)).toBe(false);
    const round = await runDueWork(t.app.ctx, startsAt);
    expect(round.errors).toEqual([]);
    expect(await statusOf(id)).toBe('scheduled');

    await decide(await submitted(s.client), { decision: 'approve' });
    expect(await openByTheClock(t.app.ctx, id, startsAt)).toBe(true);
    expect(await statusOf(id)).toBe('live');
  });

  it('is refused once the approval has run out, until the studio renews it', async () => {
    const s = await studio();
    const kyb = await submitted(s.client);
    await decide(kyb, { decision: 'approve' });
    await db()
      .update(studioKyb)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(and(eq(studioKyb.id, kyb)));
    expect((await s.client.get('/api/studio-verification')).json()).toMatchObject({
      status: 'expired',
      approved_until: null,
      can_submit: true,
    });
    const id = await scheduledCampaignOf(s.id);
    const open = () => admin.client.post(`/api/backoffice/campaigns/${id}/status`, { to: 'live' });
    expect((await open()).json().code).toBe('studioKybRequired');
    await decide(await submitted(s.client), { decision: 'approve' });
    expect((await open()).statusCode).toBe(200);
  });

  it('keeps a running approval while a renewal waits for staff', async () => {
    const s = await studio();
    await decide(await submitted(s.client), { decision: 'approve' });
    await submitted(s.client);
    const mine = (await s.client.get('/api/studio-verification')).json();
    expect(mine.status).toBe('submitted');
    expect(mine.approved_until).not.toBeNull();
    const id = await scheduledCampaignOf(s.id);
    expect(
      (await admin.client.post(`/api/backoffice/campaigns/${id}/status`, { to: 'live' })).statusCode,
    ).toBe(200);
  });
});
