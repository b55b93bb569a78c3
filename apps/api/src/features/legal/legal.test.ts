import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@indiesplit/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  insertCampaign,
  investBody,
  makeAdmin,
  newKey,
  readyInvestor,
} from '../../../test/fixtures/investing.ts';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { legalAcceptances, legalDocumentVersions } from '../../db/schema-legal.ts';
import { defaultLegalDir } from './folder.ts';

// Legal documents (ADR 0034): served per language and version, accepted at sign-up, asked for
// again when a new terms version comes into force, and required before investing or withdrawing.

const shipped = defaultLegalDir();
const folders: string[] = [];

/** A copy of the shipped folder the test may add versions to, and an app reading it. */
async function appWithOwnFolder(): Promise<{ t: TestApp; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'legal-'));
  folders.push(dir);
  cpSync(shipped, dir, { recursive: true });
  return { t: await createTestApp({ env: { LEGAL_DIR: dir } }), dir };
}

function writeVersion(dir: string, document: string, version: number, effective: string, words: string) {
  writeFileSync(
    path.join(dir, document, `${version}.en.md`),
    `---\neffective: ${effective}\n---\n# Terms of service\n\n${words} (English).\n`,
  );
  writeFileSync(
    path.join(dir, document, `${version}.it.md`),
    `---\neffective: ${effective}\n---\n# Termini di servizio\n\n${words} (italiano).\n`,
  );
}

async function adminClient(t: TestApp): Promise<TestClient> {
  const admin = await registerUser(t);
  await makeAdmin(t.database.db, admin.id);
  return admin.client;
}

const invest = (client: TestClient, campaignId: string) =>
  client.post(`/api/campaigns/${campaignId}/investments`, investBody(10_000), {
    'idempotency-key': newKey(),
  });

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('reading the documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves each document in force in English and in Italian, with its version, date and hash', async () => {
    const c = t.client();
    for (const document of ['terms', 'privacy', 'cookies']) {
      const en = await c.get(`/api/legal/${document}?lang=en`);
      const it = await c.get(`/api/legal/${document}?lang=it`);
      expect(en.statusCode).toBe(200);
      expect(it.statusCode).toBe(200);
      expect(en.json()).toMatchObject({ document, version: 1, language: 'en', current: true });
      expect(it.json()).toMatchObject({ document, version: 1, language: 'it', current: true });
      expect(en.json().content_hash).toMatch(/^[0-9a-f]{64}$/);
      // One version, one hash over both languages: the two answers prove the same record.
      expect(it.json().content_hash).toBe(en.json().content_hash);
      expect(en.json().body).not.toBe(it.json().body);
      expect(en.json().versions).toEqual([{ version: 1, effective_at: en.json().effective_at }]);
    }
    expect((await c.get('/api/legal/terms?lang=en')).json().title).toBe('Terms of service');
    expect((await c.get('/api/legal/terms?lang=it')).json().title).toBe('Termini di servizio');
    expect((await c.get('/api/legal/privacy?lang=en')).json().body).toContain('2016/679');
    expect((await c.get('/api/legal/terms?lang=en')).json().body).toContain('2020/1503');
  });

  it('answers in the caller’s language when none is asked', async () => {
    const res = await t.client().get('/api/legal/cookies', { 'accept-language': 'it-IT,it;q=0.9' });
    expect(res.json()).toMatchObject({ language: 'it', title: 'Informativa sui cookie' });
  });

  it('answers 404 for a document or a version that does not exist, 400 for a malformed name', async () => {
    const c = t.client();
    expect((await c.get('/api/legal/pricing')).statusCode).toBe(404);
    expect((await c.get('/api/legal/terms/versions/7')).statusCode).toBe(404);
    expect((await c.get('/api/legal/terms/versions/0')).statusCode).toBe(400);
    expect((await c.get('/api/legal/..%2Fsecrets')).statusCode).toBe(400);
    expect((await c.get('/api/legal/terms?lang=de')).statusCode).toBe(400);
  });
});

describe('accepting', () => {
  const opened: TestApp[] = [];
  afterEach(async () => {
    for (const t of opened.splice(0)) await t.close();
  });

  it('records the terms and privacy versions a member accepted at registration', async () => {
    const { t } = await appWithOwnFolder();
    opened.push(t);
    const before = Date.now();
    const member = await registerUser(t);
    const rows = await t.database.db
      .select({
        document: legalDocumentVersions.document,
        version: legalDocumentVersions.version,
        occasion: legalAcceptances.occasion,
        acceptedAt: legalAcceptances.acceptedAt,
      })
      .from(legalAcceptances)
      .innerJoin(legalDocumentVersions, eq(legalDocumentVersions.id, legalAcceptances.documentVersionId))
      .where(eq(legalAcceptances.userId, member.id))
      .orderBy(legalDocumentVersions.document);
    expect(rows.map(({ acceptedAt: _, ...r }) => r)).toEqual([
      { document: 'privacy', version: 1, occasion: 'registration' },
      { document: 'terms', version: 1, occasion: 'registration' },
    ]);
    expect(rows[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await member.client.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(false);
  });

  it('a new terms version asks the member again, refuses investing until accepted, and records the acceptance', async () => {
    const { t, dir } = await appWithOwnFolder();
    opened.push(t);
    const member = await readyInvestor(t, { cents: 100_000 });
    const campaign = await insertCampaign(t.database.db);

    writeVersion(dir, 'terms', 2, '2026-01-01', 'Version two');
    const admin = await adminClient(t);
    const reload = await admin.post('/api/backoffice/legal/reload');
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toEqual({ added: ['terms/2'], refused: [] });

    // Logging in again (a new session) reports it.
    const login = t.client();
    expect(
      (
        await login.post('/api/auth/', {
          username: member.payload.username,
          password: member.payload.password,
        })
      ).statusCode,
    ).toBe(200);
    expect((await login.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(true);

    const refused = await invest(login, campaign.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'termsAcceptanceRequired',
      message: MESSAGES.en.termsAcceptanceRequired,
    });
    const refusedIt = await login.post(`/api/campaigns/${campaign.id}/investments`, investBody(10_000), {
      'idempotency-key': newKey(),
      'accept-language': 'it',
    });
    expect(refusedIt.json().message).toBe(MESSAGES.it.termsAcceptanceRequired);
    const withdrawal = await login.post('/api/funds/withdrawals/', { amount_cents: 1_000 });
    expect(withdrawal.json().code).toBe('termsAcceptanceRequired');

    // The new text is served, and the old one stays readable by its number.
    const current = (await login.get('/api/legal/terms?lang=it')).json();
    expect(current).toMatchObject({
      version: 2,
      current: true,
      body: expect.stringContaining('Version two'),
    });
    expect(current.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const old = (await login.get('/api/legal/terms/versions/1?lang=en')).json();
    expect(old).toMatchObject({ version: 1, current: false, title: 'Terms of service' });

    // Accepting the version read before the change is refused: what is accepted is what was read.
    const stale = await login.post('/api/legal/acceptances', { terms_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('legalVersionOutdated');

    const accepted = await login.post('/api/legal/acceptances', { terms_version: 2 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, terms_version: 2 });
    const [row] = await t.database.db
      .select({ occasion: legalAcceptances.occasion })
      .from(legalAcceptances)
      .innerJoin(legalDocumentVersions, eq(legalDocumentVersions.id, legalAcceptances.documentVersionId))
      .where(
        and(
          eq(legalAcceptances.userId, member.id),
          eq(legalDocumentVersions.document, 'terms'),
          eq(legalDocumentVersions.version, 2),
        ),
      );
    expect(row).toEqual({ occasion: 'update' });
    const events = await t.database.db
      .select({ kind: auditEvents.kind })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, member.id), eq(auditEvents.kind, 'terms_accepted')));
    expect(events).toHaveLength(1);

    expect((await login.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(false);
    expect((await invest(login, campaign.id)).statusCode).toBe(201);

    // Someone signing up now accepts version 2 and is not asked again.
    const newcomer = await registerUser(t);
    expect((await newcomer.client.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(
      false,
    );
  });

  it('keeps a recorded version as it was: a changed file is refused, and a version before its date is not in force', async () => {
    const { t, dir } = await appWithOwnFolder();
    opened.push(t);
    const member = await registerUser(t);
    const admin = await adminClient(t);
    const originalEn = (await t.client().get('/api/legal/terms?lang=en')).json();

    writeFileSync(
      path.join(dir, 'terms', '1.en.md'),
      '---\neffective: 2026-11-01\n---\n# Terms of service\n\nQuietly rewritten.\n',
    );
    writeVersion(dir, 'terms', 3, '2999-01-01', 'Far future');
    const reload = await admin.post('/api/backoffice/legal/reload');
    expect(reload.json()).toEqual({
      added: ['terms/3'],
      refused: [{ file: 'terms/1', reason: expect.stringContaining('never change') }],
    });
    const after = (await t.client().get('/api/legal/terms?lang=en')).json();
    expect(after).toMatchObject({ version: 1, body: originalEn.body, content_hash: originalEn.content_hash });
    expect((await t.client().get('/api/legal/terms/versions/3')).statusCode).toBe(404);
    expect((await member.client.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(false);
  });

  it('asks a member from before the recorded terms once, and not an account made after them', async () => {
    const { t } = await appWithOwnFolder();
    opened.push(t);
    const db = t.database.db;
    const older = await registerUser(t);
    const newer = await registerUser(t);
    // As accounts made before acceptances were recorded: no record, only the sign-up's time.
    for (const m of [older, newer])
      await db.delete(legalAcceptances).where(eq(legalAcceptances.userId, m.id));
    await db
      .update(users)
      .set({ termsAcceptedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, older.id));
    expect((await older.client.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(true);
    expect((await newer.client.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(false);
    expect((await older.client.post('/api/legal/acceptances', { terms_version: 1 })).statusCode).toBe(200);
    expect((await older.client.get('/api/auth/authenticated/')).json().termsAcceptanceRequired).toBe(false);
  });

  it('only an admin reloads, and accepting needs a session and the CSRF token', async () => {
    const { t } = await appWithOwnFolder();
    opened.push(t);
    const member = await registerUser(t);
    expect((await member.client.post('/api/backoffice/legal/reload')).statusCode).toBe(403);
    expect((await t.client().post('/api/backoffice/legal/reload')).statusCode).toBe(401);
    expect((await t.client().post('/api/legal/acceptances', { terms_version: 1 })).statusCode).toBe(401);
    const noCsrf = await member.client.request('POST', '/api/legal/acceptances', {
      body: { terms_version: 1 },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const bad = await member.client.post('/api/legal/acceptances', { terms_version: 'one' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields ?? bad.json().error_codes).toHaveProperty('terms_version');
  });
});
