import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kybData, kybProviderData, registrationScan, verifiedStudio } from '../../../test/fixtures/kyb.ts';
import { registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { useSandboxApp } from '../../../test/payments-sandbox.ts';
import { auditEvents } from '../../db/schema.ts';
import { providerStudios, studioKyb } from '../../db/schema-kyb.ts';
import { providerRecipients } from '../../db/schema-payments.ts';
import { decideKycDocument, decideUboDeclaration, kybStateOf } from '../../platform/payments/sandbox/kyb.ts';
import type { SandboxProvider } from '../../platform/payments/sandbox/server.ts';
import { findSend } from './provider-repo.ts';
import { sendWaitingKyb, studioAtProvider } from './provider-studio.ts';
import { assertStudioVerified } from './service.ts';

// A studio's verification through the payment provider (PAYMENTS=sandbox; ADR 0036): the real
// Mangopay adapter and SDK talk HTTP to the sandbox provider, whose events come back into the app.
// What the studio sends, what reaches the provider, the verdicts applied from what the provider
// answers by id, faults on the way, and notices that are late, repeated, forged or unknown.

let t: TestApp;
let sandbox: SandboxProvider;
let admin: { client: TestClient };

useSandboxApp((env) => {
  ({ t, sandbox, admin } = env);
});

const db = () => t.database.db;

function form(data: unknown, file: Buffer) {
  const boundary = `----IndieSplitKyb${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="registration_proof"; filename="visura.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function send(c: TestClient, data: unknown, headers: Record<string, string> = {}) {
  const body = form(data, await registrationScan());
  return c.request('POST', '/api/studio-verification', { ...body, headers: { ...body.headers, ...headers } });
}

const studio = () => registerUser(t, { user_types: ['developer'] });
const page = async (c: TestClient) => (await c.get('/api/studio-verification')).json();
const hook = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/payments/hooks?${new URLSearchParams(query)}` });
const notice = (EventType: string, RessourceId: string) =>
  hook({ EventType, RessourceId, Date: String(Math.floor(Date.now() / 1000)) });

/** A studio whose verification was sent: its account, the submission and the provider's ids. */
async function sent() {
  const s = await studio();
  const res = await send(s.client, kybProviderData());
  expect(res.statusCode).toBe(200);
  const kybId = res.json().latest.id as string;
  const row = await findSend(db(), kybId);
  expect(row?.sentAt).not.toBeNull();
  return { ...s, kybId, documentId: row!.documentId!, declarationId: row!.declarationId! };
}

const decisionOf = async (kybId: string) =>
  (await db().select().from(studioKyb).where(eq(studioKyb.id, kybId)))[0]!;
const audits = (userId: string, kind: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, userId), eq(auditEvents.kind, kind)));

/** What the sandbox holds for a studio (by its account id, the legal user's tag). */
function atSandbox(studioId: string) {
  const users = [...sandbox.state.users.values()].filter(
    (u) => u.Tag === studioId && u.PersonType === 'LEGAL',
  );
  const ids = new Set(users.map((u) => u.Id));
  const kyb = kybStateOf(sandbox.state);
  return {
    users,
    documents: [...kyb.documents.values()].filter((d) => ids.has(d.UserId)),
    declarations: [...kyb.declarations.values()].filter((d) => ids.has(d.UserId)),
    wallets: [...sandbox.state.wallets.values()].filter((w) => ids.has((w.Owners as string[])[0])),
    recipients: [...ids].flatMap((id) => sandbox.recipientsOf(String(id))),
    pages: (id: unknown) => kyb.pages.get(String(id)) ?? [],
  };
}

describe('the form in provider mode', () => {
  it('asks what the provider needs, each missing or bad field named and translated', async () => {
    const s = await studio();
    expect(await page(s.client)).toMatchObject({ mode: 'provider', provider: null, status: 'none' });
    const missing = await send(s.client, kybData(), { 'accept-language': 'it' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_codes).toMatchObject({
      registered_office: 'invalidValue',
      representative_country_of_residence: 'kybResidenceInvalid',
      payout_iban: 'fillMandatory',
      'ubos.0.residence': 'invalidValue',
      'ubos.0.birthplace_city': 'fillMandatory',
      'ubos.0.birthplace_country': 'kybBirthplaceCountryInvalid',
    });
    const bad = await send(
      s.client,
      kybProviderData({
        registered_office: { line1: 'Via Roma 1', city: '', postal_code: '20121!', country: 'XX' },
        payout_iban: 'IT60 X054 2811 1010 0000 0123 457',
      }),
      { 'accept-language': 'it' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_codes).toEqual({
      'registered_office.city': 'fillMandatory',
      'registered_office.postal_code': 'kybPostalCodeInvalid',
      'registered_office.country': 'kybAddressCountryInvalid',
      payout_iban: 'invalidIban',
    });
    const postal = await send(
      s.client,
      kybProviderData({
        registered_office: { line1: 'Via Roma 1', city: 'Milano', postal_code: '20121!', country: 'IT' },
      }),
      { 'accept-language': 'it' },
    );
    expect(postal.json()).toMatchObject({ code: 'kybPostalCodeInvalid', message: /codice postale/ });
    expect(await db().select().from(studioKyb).where(eq(studioKyb.userId, s.id))).toHaveLength(0);
  });
});

describe('to approval by the provider’s events', () => {
  it('sends the legal user, the proof, the owners, the wallet and the IBAN, then approves on both verdicts', async () => {
    const s = await sent();
    const mine = await page(s.client);
    expect(mine).toMatchObject({
      mode: 'provider',
      status: 'submitted',
      can_submit: false,
      provider: {
        state: 'waiting',
        document_status: 'VALIDATION_ASKED',
        declaration_status: 'VALIDATION_ASKED',
        sandbox_url: `${sandbox.baseUrl}/sandbox/kyb`,
      },
      latest: {
        registered_address: 'Via Lanterna 3, 20121 Milano, IT',
        registered_office: { line1: 'Via Lanterna 3', city: 'Milano', postal_code: '20121', country: 'IT' },
        representative_country_of_residence: 'IT',
        payout_iban: 'IT60X0542811101000000123456',
      },
    });
    expect(mine.latest.ubos[1]).toMatchObject({ birthplace_city: 'Torino', birthplace_country: 'IT' });

    const at = atSandbox(s.id);
    expect(at.users).toHaveLength(1);
    expect(at.users[0]).toMatchObject({
      LegalPersonType: 'BUSINESS',
      UserCategory: 'OWNER',
      Name: 'Faro Games S.r.l.',
      CompanyNumber: 'REA MI-2034567',
      HeadquartersAddress: {
        AddressLine1: 'Via Lanterna 3',
        City: 'Milano',
        PostalCode: '20121',
        Country: 'IT',
      },
      LegalRepresentativeBirthday: Date.UTC(1987, 2, 14) / 1000,
      LegalRepresentativeNationality: 'IT',
      LegalRepresentativeCountryOfResidence: 'IT',
      LegalRepresentativeEmail: 'chiara@farogames.example',
      KYCLevel: 'LIGHT',
    });
    expect(at.documents).toMatchObject([
      { Type: 'REGISTRATION_PROOF', Status: 'VALIDATION_ASKED', Tag: s.kybId },
    ]);
    expect(at.pages(at.documents[0]?.Id)).toEqual([(await registrationScan()).length]);
    expect(at.declarations).toHaveLength(1);
    expect(at.declarations[0]!.Ubos).toMatchObject([
      {
        FirstName: 'Chiara',
        Birthplace: { City: 'Genova', Country: 'IT' },
        Address: { PostalCode: '20121' },
      },
      {
        FirstName: 'Marco',
        Birthday: Date.UTC(1990, 10, 2) / 1000,
        Address: { AddressLine1: 'Corso Como 8' },
      },
    ]);
    // The payout IBAN, in the studio's legal name at its registered office, for the representative
    // to confirm with strong customer authentication.
    expect(at.recipients).toMatchObject([
      {
        Status: 'PENDING',
        UserId: at.users[0]!.Id,
        RecipientType: 'Business',
        BusinessRecipient: {
          BusinessName: 'Faro Games S.r.l.',
          Address: { AddressLine1: 'Via Lanterna 3', City: 'Milano', PostalCode: '20121', Country: 'IT' },
        },
        LocalBankTransfer: { EUR: { IBAN: 'IT60X0542811101000000123456' } },
        Tag: s.id,
      },
    ]);
    expect(mine.provider.payout_account).toEqual({ iban: 'IT60X0542811101000000123456', status: 'PENDING' });
    // Registered, but no money is paid to that account before the verification is approved.
    expect(await studioAtProvider(db(), s.id)).toBeNull();
    // Every creation carried an idempotency key.
    for (const r of sandbox.requests.filter(
      (q) => q.method === 'POST' && q.path.includes(String(at.users[0]!.Id)),
    ))
      expect(r.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);

    // The gate: waiting for the provider is not an approval.
    await expect(assertStudioVerified(db(), s.id, new Date())).rejects.toMatchObject({
      code: 'studioKybRequired',
    });

    // The compliance team validates the proof on the sandbox's page: one verdict is not enough.
    const listed = await (await fetch(`${sandbox.baseUrl}/sandbox/kyb`)).text();
    expect(listed).toContain(s.documentId);
    expect(listed).toContain('Chiara Galli');
    const validate = await fetch(`${sandbox.baseUrl}/sandbox/kyb`, {
      method: 'POST',
      body: new URLSearchParams({ kind: 'document', id: s.documentId, outcome: 'VALIDATED' }),
      redirect: 'manual',
    });
    expect(validate.status).toBe(303);
    await sandbox.flushHooks();
    expect((await decisionOf(s.kybId)).decision).toBe('submitted');
    expect((await page(s.client)).provider).toMatchObject({ state: 'waiting', document_status: 'VALIDATED' });

    decideUboDeclaration(sandbox, s.declarationId, 'VALIDATED');
    await sandbox.flushHooks();
    const row = await decisionOf(s.kybId);
    expect(row).toMatchObject({ decision: 'approved', decidedBy: null, refusalReason: null });
    const months = (row.validUntil!.getTime() - row.decidedAt!.getTime()) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(12);
    expect(await page(s.client)).toMatchObject({ status: 'approved', provider: { state: 'approved' } });
    expect(await audits(s.id, 'kyb_approved')).toMatchObject([
      { data: { kyb_id: s.kybId, by: null, provider: true } },
    ]);
    await expect(assertStudioVerified(db(), s.id, new Date())).resolves.toBeUndefined();
    expect(sandbox.state.users.get(String(at.users[0]!.Id))?.KYCLevel).toBe('REGULAR');
    // Approved, but the payout account waits for the representative: the money would wait in the wallet.
    expect(await studioAtProvider(db(), s.id)).toEqual({
      providerUserId: at.users[0]!.Id,
      walletId: at.wallets[0]!.Id,
      recipientId: null,
    });

    // The representative asks to confirm it and is sent to the provider's page, which brings them
    // back to the verification page.
    const confirm = await s.client.post('/api/studio-verification/payout-account/confirm', {});
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['cache-control']).toBe('private, no-store');
    const recipientId = String(at.recipients[0]!.Id);
    const returnUrl = `${t.app.ctx.config.publicUrl}/studio-verification`;
    expect(confirm.json()).toEqual({
      status: 'PENDING',
      confirm_url: `${sandbox.baseUrl}/sandbox/sca/${recipientId}?returnUrl=${encodeURIComponent(returnUrl)}`,
    });
    const confirmed = await fetch(confirm.json().confirm_url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'confirm' }),
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(returnUrl);
    await sandbox.flushHooks();
    expect((await page(s.client)).provider.payout_account).toEqual({
      iban: 'IT60X0542811101000000123456',
      status: 'ACTIVE',
    });
    expect(await studioAtProvider(db(), s.id)).toEqual({
      providerUserId: at.users[0]!.Id,
      walletId: at.wallets[0]!.Id,
      recipientId,
    });
    // Confirmed: asking again changes nothing and sends nobody anywhere.
    expect((await s.client.post('/api/studio-verification/payout-account/confirm', {})).json()).toEqual({
      status: 'ACTIVE',
      confirm_url: null,
    });
    expect(atSandbox(s.id).recipients).toHaveLength(1);
  });

  it('applies duplicate and out-of-order notices once, from what the provider answers', async () => {
    const s = await sent();
    decideUboDeclaration(sandbox, s.declarationId, 'VALIDATED');
    await sandbox.flushHooks();
    // The declaration's notice again, and a document's notice before its verdict: nothing moves.
    expect((await notice('UBO_DECLARATION_VALIDATED', s.declarationId)).json().result).toBe('kyb_pending');
    expect((await notice('KYC_SUCCEEDED', s.documentId)).json().result).toBe('kyb_pending');
    expect((await decisionOf(s.kybId)).decision).toBe('submitted');
    decideKycDocument(sandbox, s.documentId, 'VALIDATED');
    await sandbox.flushHooks();
    expect((await decisionOf(s.kybId)).decision).toBe('approved');
    // Late repeats, and a failure notice for the validated document: already decided.
    expect((await notice('KYC_SUCCEEDED', s.documentId)).json().result).toBe('kyb_decided');
    expect((await notice('KYC_FAILED', s.documentId)).json().result).toBe('kyb_decided');
    expect((await notice('UBO_DECLARATION_REFUSED', s.declarationId)).json().result).toBe('kyb_decided');
    expect((await decisionOf(s.kybId)).decision).toBe('approved');
    expect(await audits(s.id, 'kyb_approved')).toHaveLength(1);
  });

  it('ignores a notice for a document or declaration it does not know, and a forged one moves nothing', async () => {
    const s = await sent();
    for (const [type, id] of [
      ['KYC_SUCCEEDED', 'kyc_000000000000'],
      ['UBO_DECLARATION_VALIDATED', 'ubod_00000000000'],
    ] as const) {
      const res = await notice(type, id);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toBe('unknown_resource');
    }
    // A real document of someone else's legal user at the provider: not a submission of ours.
    const stranger = await t.app.ctx.payments.provider!.createLegalUser(
      {
        name: 'Stranger Ltd',
        companyNumber: 'X1',
        email: 'x@example.test',
        headquarters: { line1: 'A', city: 'B', postalCode: '1', country: 'FR' },
        representative: {
          firstName: 'A',
          lastName: 'B',
          birthDate: '1980-01-01',
          nationality: 'FR',
          countryOfResidence: 'FR',
          email: 'x@example.test',
        },
        tag: 'stranger',
      },
      'stranger-legal-user-0001',
    );
    const theirs = await t.app.ctx.payments.provider!.createKycDocument(
      stranger.id,
      { type: 'REGISTRATION_PROOF', tag: 'x' },
      'stranger-document-000001',
    );
    expect((await notice('KYC_SUCCEEDED', theirs.id)).json().result).toBe('unknown_resource');
    // Forged verdicts naming our own resources: the provider says they still wait.
    expect((await notice('KYC_SUCCEEDED', s.documentId)).json().result).toBe('kyb_pending');
    expect((await notice('UBO_DECLARATION_VALIDATED', s.declarationId)).json().result).toBe('kyb_pending');
    expect((await notice('KYC_FAILED', s.documentId)).json().result).toBe('kyb_pending');
    expect((await hook({ EventType: 'KYC_SUCCEEDED', RessourceId: '../x', Date: '1' })).statusCode).toBe(400);
    expect(await decisionOf(s.kybId)).toMatchObject({ decision: 'submitted', decidedAt: null });
  });
});

describe('refusals by the provider', () => {
  it('a refused registration proof refuses the submission with the provider’s reason; a new one is sent to the same legal user', async () => {
    const s = await sent();
    decideKycDocument(sandbox, s.documentId, 'REFUSED', {
      type: 'DOCUMENT_UNREADABLE',
      message: 'Scan is blurred',
    });
    await sandbox.flushHooks();
    const mine = await page(s.client);
    expect(mine).toMatchObject({
      status: 'refused',
      can_submit: true,
      provider: {
        state: 'refused',
        refused: 'document',
        reason_type: 'DOCUMENT_UNREADABLE',
        reason_message: 'Scan is blurred',
      },
      latest: {
        refusal_reason:
          'Refused by the payment provider (registration proof): DOCUMENT_UNREADABLE — Scan is blurred',
      },
    });
    expect(await audits(s.id, 'kyb_refused')).toMatchObject([{ data: { by: null, provider: true } }]);
    // The declaration validated later changes nothing: the submission is decided.
    decideUboDeclaration(sandbox, s.declarationId, 'VALIDATED');
    await sandbox.flushHooks();
    expect((await decisionOf(s.kybId)).decision).toBe('refused');

    const again = await send(s.client, kybProviderData());
    expect(again.statusCode).toBe(200);
    const at = atSandbox(s.id);
    expect(at.users).toHaveLength(1);
    expect(at.documents).toHaveLength(2);
    expect(at.declarations).toHaveLength(2);
    expect(at.wallets).toHaveLength(1);
    // The same IBAN: the account registered with the first submission is the one to confirm.
    expect(at.recipients).toHaveLength(1);
    expect((await page(s.client)).provider).toMatchObject({
      state: 'waiting',
      refused: null,
      payout_account: { status: 'PENDING' },
    });
  });

  for (const outcome of ['REFUSED', 'INCOMPLETE'] as const)
    it(`a declaration of beneficial owners found ${outcome.toLowerCase()} refuses the submission`, async () => {
      const s = await sent();
      decideKycDocument(sandbox, s.documentId, 'VALIDATED');
      decideUboDeclaration(sandbox, s.declarationId, outcome, {
        type: 'MISSING_UBO',
        message: 'A shareholder of 30% is missing',
      });
      await sandbox.flushHooks();
      expect(await page(s.client)).toMatchObject({
        status: 'refused',
        provider: {
          state: 'refused',
          refused: 'declaration',
          declaration_status: outcome,
          reason_type: 'MISSING_UBO',
          reason_message: 'A shareholder of 30% is missing',
        },
      });
      await expect(assertStudioVerified(db(), s.id, new Date())).rejects.toMatchObject({
        code: 'studioKybRequired',
      });
    });

  it('staff may still decide a submission waiting for the provider; later verdicts change nothing', async () => {
    const s = await sent();
    const res = await admin.client.post(`/api/backoffice/studio-verifications/${s.kybId}/decision`, {
      decision: 'approve',
    });
    expect(res.statusCode).toBe(200);
    decideKycDocument(sandbox, s.documentId, 'REFUSED', { type: 'DOCUMENT_UNREADABLE' });
    await sandbox.flushHooks();
    expect((await decisionOf(s.kybId)).decision).toBe('approved');
    expect((await decisionOf(s.kybId)).decidedBy).not.toBeNull();
  });
});

describe('provider faults while sending', () => {
  it('retries a fault within the call with the same keys: one of everything', async () => {
    const s = await studio();
    // Each creation fails once after the sandbox did the work, then is tried again.
    for (let i = 0; i < 8; i++)
      sandbox.faults.push(
        { kind: 'status500', afterWork: true, method: 'POST' },
        { kind: 'pass', afterWork: false, method: 'POST' },
      );
    const res = await send(s.client, kybProviderData());
    sandbox.faults.length = 0;
    expect(res.statusCode).toBe(200);
    expect(res.json().provider.state).toBe('waiting');
    const at = atSandbox(s.id);
    expect([at.users.length, at.documents.length, at.declarations.length, at.wallets.length]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(at.declarations[0]!.Ubos).toHaveLength(2);
    expect(at.pages(at.documents[0]!.Id)).toHaveLength(1);
    expect(at.recipients).toHaveLength(1);
  });

  it('keeps the submission when the provider stays down, and the job sends it later, once', async () => {
    const s = await studio();
    // The first creation fails every try (after the work, the worst case); a hang follows.
    for (let i = 0; i < 3; i++) sandbox.faults.push({ kind: 'status500', afterWork: true, method: 'POST' });
    const res = await send(s.client, kybProviderData());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'submitted', provider: { state: 'sending' } });
    const kybId = res.json().latest.id as string;
    expect((await findSend(db(), kybId))?.lastError).toBeTruthy();

    // The job's try meets the provider still down (a hang, then errors): the row waits again.
    sandbox.faults.push({ kind: 'hang', afterWork: true, method: 'POST' });
    for (let i = 0; i < 2; i++) sandbox.faults.push({ kind: 'status500', afterWork: false, method: 'POST' });
    expect((await sendWaitingKyb(t.app.ctx)).failed).toBeGreaterThanOrEqual(1);
    expect((await findSend(db(), kybId))?.sentAt).toBeNull();
    // The studio's next visit sends it: the legal user made by the first try is the one used.
    expect((await page(s.client)).provider.state).toBe('waiting');

    const at = atSandbox(s.id);
    expect([at.users.length, at.documents.length, at.declarations.length, at.wallets.length]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(at.declarations[0]!.Ubos).toHaveLength(2);
    expect(at.documents[0]).toMatchObject({ Status: 'VALIDATION_ASKED' });
    expect(await sendWaitingKyb(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    // And on to approval.
    decideKycDocument(sandbox, at.documents[0]!.Id as string, 'VALIDATED');
    decideUboDeclaration(sandbox, at.declarations[0]!.Id as string, 'VALIDATED');
    await sandbox.flushHooks();
    expect((await decisionOf(kybId)).decision).toBe('approved');
    expect(await studioAtProvider(db(), s.id)).not.toBeNull();
  });

  it('answers a notice with 503 when the provider cannot be read, so that it is sent again', async () => {
    const s = await sent();
    for (let i = 0; i < 3; i++) sandbox.faults.push({ kind: 'status500', afterWork: false, method: 'GET' });
    expect((await notice('KYC_SUCCEEDED', s.documentId)).statusCode).toBe(503);
    sandbox.faults.length = 0;
    expect((await decisionOf(s.kybId)).decision).toBe('submitted');
    decideKycDocument(sandbox, s.documentId, 'VALIDATED');
    decideUboDeclaration(sandbox, s.declarationId, 'VALIDATED');
    await sandbox.flushHooks();
    expect((await decisionOf(s.kybId)).decision).toBe('approved');
  });
});

describe('the payout account its representative confirms', () => {
  /** A studio whose verification the provider approved; its payout account waits for confirmation. */
  async function approved() {
    const s = await sent();
    decideKycDocument(sandbox, s.documentId, 'VALIDATED');
    decideUboDeclaration(sandbox, s.declarationId, 'VALIDATED');
    await sandbox.flushHooks();
    expect((await decisionOf(s.kybId)).decision).toBe('approved');
    return s;
  }
  const confirmPayout = (c: TestClient, headers?: Record<string, string>) =>
    c.post('/api/studio-verification/payout-account/confirm', {}, headers);
  const recipientOf = async (studioId: string) =>
    (await db().select().from(providerStudios).where(eq(providerStudios.userId, studioId)))[0]?.recipientId;
  const ourRecipients = (studioId: string) =>
    db().select().from(providerRecipients).where(eq(providerRecipients.userId, studioId));

  it('a confirmation cancelled on the provider’s page leaves nothing to pay to; confirming again makes another', async () => {
    const s = await approved();
    const first = String(atSandbox(s.id).recipients[0]!.Id);
    const cancelled = await fetch(`${sandbox.baseUrl}/sandbox/sca/${first}`, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'cancel' }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(200);
    await sandbox.flushHooks();
    expect((await page(s.client)).provider.payout_account).toMatchObject({ status: 'CANCELED' });
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBeNull();

    const again = await confirmPayout(s.client);
    expect(again.statusCode).toBe(200);
    const recipients = atSandbox(s.id).recipients;
    expect(recipients.map((r) => r.Status)).toEqual(['CANCELED', 'PENDING']);
    const second = String(recipients[1]!.Id);
    expect(second).not.toBe(first);
    expect(again.json()).toMatchObject({
      status: 'PENDING',
      confirm_url: expect.stringContaining(`/sca/${second}?`),
    });
    expect(await recipientOf(s.id)).toBe(second);
    // Asked twice before confirming: the same waiting account, not a third.
    expect((await confirmPayout(s.client)).json().confirm_url).toContain(`/sca/${second}?`);
    expect(atSandbox(s.id).recipients).toHaveLength(2);

    sandbox.confirmRecipient(second);
    await sandbox.flushHooks();
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBe(second);
    expect((await page(s.client)).provider.payout_account).toMatchObject({ status: 'ACTIVE' });
  });

  it('a confirmation whose event is lost is read from the provider on the studio’s visit', async () => {
    const s = await approved();
    const hook = [...sandbox.state.hooks.values()].find((h) => h.EventType === 'RECIPIENT_ACTIVE')!;
    hook.Status = 'DISABLED';
    sandbox.confirmRecipient(String(atSandbox(s.id).recipients[0]!.Id));
    await sandbox.flushHooks();
    hook.Status = 'ENABLED';
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBeNull();
    expect((await page(s.client)).provider.payout_account).toMatchObject({ status: 'ACTIVE' });
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBe(String(atSandbox(s.id).recipients[0]!.Id));
  });

  it('a recipient event applies only what the provider answers: a forged one moves nothing', async () => {
    const s = await approved();
    const id = String(atSandbox(s.id).recipients[0]!.Id);
    expect((await notice('RECIPIENT_ACTIVE', id)).json().result).toBe('recipient');
    expect((await ourRecipients(s.id))[0]?.status).toBe('PENDING');
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBeNull();
  });

  it('a renewal with another IBAN registers another account, paid to once approved and confirmed', async () => {
    const s = await approved();
    const first = await recipientOf(s.id);
    sandbox.confirmRecipient(String(first));
    await sandbox.flushHooks();
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBe(first);

    const renewal = await send(s.client, kybProviderData({ payout_iban: 'DE89 3704 0044 0532 0130 00' }));
    expect(renewal.statusCode).toBe(200);
    expect(renewal.json().provider.payout_account).toEqual({
      iban: 'DE89370400440532013000',
      status: 'PENDING',
    });
    const recipients = atSandbox(s.id).recipients;
    expect(
      recipients.map((r) => [r.Status, (r.LocalBankTransfer as { EUR: { IBAN: string } }).EUR.IBAN]),
    ).toEqual([
      ['ACTIVE', 'IT60X0542811101000000123456'],
      ['PENDING', 'DE89370400440532013000'],
    ]);
    // Not before the renewal is approved, nor before its account is confirmed.
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBeNull();
    const send2 = (await findSend(db(), renewal.json().latest.id))!;
    decideKycDocument(sandbox, send2.documentId!, 'VALIDATED');
    decideUboDeclaration(sandbox, send2.declarationId!, 'VALIDATED');
    await sandbox.flushHooks();
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBeNull();
    sandbox.confirmRecipient(String(recipients[1]!.Id));
    await sandbox.flushHooks();
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBe(String(recipients[1]!.Id));
  });

  it('is refused to visitors, to accounts that are not studios and to a studio with no account to confirm', async () => {
    const s = await approved();
    const before = await ourRecipients(s.id);
    expect((await t.client().post('/api/studio-verification/payout-account/confirm', {})).statusCode).toBe(
      401,
    );
    const investor = await registerUser(t, { user_types: ['investor'] });
    const notStudio = await confirmPayout(investor.client, { 'accept-language': 'it' });
    expect(notStudio.statusCode).toBe(403);
    expect(notStudio.json()).toMatchObject({ code: 'kybDeveloperOnly', message: /sviluppatore/ });
    // Another studio acts on its own account only, and has none yet.
    const other = await studio();
    const none = await confirmPayout(other.client);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'kybPayoutAccountMissing' });
    expect(await ourRecipients(other.id)).toEqual([]);
    expect(await ourRecipients(s.id)).toEqual(before);
    expect(atSandbox(s.id).recipients).toHaveLength(1);
  });

  it('a refused verification has no account to confirm', async () => {
    const s = await sent();
    decideKycDocument(sandbox, s.documentId, 'REFUSED', { type: 'DOCUMENT_UNREADABLE' });
    await sandbox.flushHooks();
    expect((await page(s.client)).provider.payout_account).toBeNull();
    const res = await confirmPayout(s.client, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'kybPayoutAccountMissing', message: /conto di accredito/ });
  });

  it('after a renewal with the same IBAN is refused, the running approval’s account is still shown and confirmed', async () => {
    const s = await approved();
    const renewal = await send(s.client, kybProviderData());
    const send2 = (await findSend(db(), renewal.json().latest.id))!;
    decideKycDocument(sandbox, send2.documentId!, 'REFUSED', { type: 'DOCUMENT_UNREADABLE' });
    await sandbox.flushHooks();
    expect(await page(s.client)).toMatchObject({
      status: 'refused',
      approved_until: expect.any(String),
      provider: { state: 'refused', payout_account: { status: 'PENDING' } },
    });
    const res = await confirmPayout(s.client);
    expect(res.json()).toMatchObject({ status: 'PENDING', confirm_url: expect.stringContaining('/sca/') });
    sandbox.confirmRecipient(String(atSandbox(s.id).recipients[0]!.Id));
    await sandbox.flushHooks();
    expect((await studioAtProvider(db(), s.id))?.recipientId).toBe(String(atSandbox(s.id).recipients[0]!.Id));
    expect(atSandbox(s.id).recipients).toHaveLength(1);
  });

  it('answers 503 when the provider is down, records nothing, and the next try registers one account', async () => {
    const s = await approved();
    sandbox.cancelRecipient(String(atSandbox(s.id).recipients[0]!.Id));
    await sandbox.flushHooks();
    for (let i = 0; i < 3; i++) sandbox.faults.push({ kind: 'status500', afterWork: false, method: 'POST' });
    const down = await confirmPayout(s.client, { 'accept-language': 'it' });
    sandbox.faults.length = 0;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'paymentProviderUnavailable', message: /non risponde/ });
    expect(await ourRecipients(s.id)).toHaveLength(1);
    expect(atSandbox(s.id).recipients).toHaveLength(1);

    // The provider made it but its answer was lost every time: the next try gets the same one.
    for (let i = 0; i < 3; i++) sandbox.faults.push({ kind: 'status500', afterWork: true, method: 'POST' });
    expect((await confirmPayout(s.client)).statusCode).toBe(503);
    sandbox.faults.length = 0;
    const up = await confirmPayout(s.client);
    expect(up.statusCode).toBe(200);
    expect(atSandbox(s.id).recipients.map((r) => r.Status)).toEqual(['CANCELED', 'PENDING']);
    expect(await recipientOf(s.id)).toBe(String(atSandbox(s.id).recipients[1]!.Id));
  });
});

describe('the test fixture', () => {
  it('verifies a studio through the sandbox provider, which then holds its wallet and confirmed payout account', async () => {
    const id = await verifiedStudio(t.app.ctx);
    await expect(assertStudioVerified(db(), id, new Date())).resolves.toBeUndefined();
    const at = await studioAtProvider(db(), id);
    expect(at?.recipientId).toBeTruthy();
    expect(sandbox.state.wallets.get(at!.walletId)?.Owners).toEqual([at!.providerUserId]);
    expect(sandbox.state.recipients.get(at!.recipientId!)).toMatchObject({
      UserId: at!.providerUserId,
      Status: 'ACTIVE',
    });
  });
});
