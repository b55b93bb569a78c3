import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { earliestReleaseDate, PITCH_PDF_MAX_BYTES } from '@indiesplit/shared/pitches';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEncryptedPdf, makePdf, submit, validFields } from '../../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/harness.ts';
import { pitchContacts, pitchEvents, pitches } from '../../db/schema-pitches.ts';
import { decryptPitchPassword } from './pitch-password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(pitches).where(eq(pitches.id, id));
  return row;
};
const pitchCount = async () => (await t.database.db.select({ id: pitches.id }).from(pitches)).length;

/** Submits from a fresh address (the per-IP limit never interferes) and returns the answer's JSON. */
async function refused(fields: Record<string, string>, file?: Parameters<typeof submit>[2]) {
  const res = await submit(t.client(), fields, file);
  return { status: res.statusCode, body: res.json() };
}

describe('POST /api/projects/add-contact/', () => {
  it('saves a call-back request from a visitor, in the visitor’s language', async () => {
    const client = t.client();
    const res = await client.post(
      '/api/projects/add-contact/',
      { name: 'Studio Lumen', email: 'hello@lumen.example', asked_for_contact: true },
      { 'accept-language': 'it-IT,it;q=0.9' },
    );
    expect(res.statusCode).toBe(200);
    const { success, id } = res.json();
    expect(success).toBe(true);
    const [row] = await t.database.db.select().from(pitchContacts).where(eq(pitchContacts.id, id));
    expect(row).toMatchObject({
      name: 'Studio Lumen',
      askedForContact: true,
      language: 'it',
      calledAt: null,
    });
  });

  it('requires a name and a valid email, with field errors', async () => {
    const res = await t.client().post('/api/projects/add-contact/', { name: ' ', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ name: 'fillMandatory', email: 'invalidEmail' });
  });

  it('is rate limited per IP address', async () => {
    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await client.post('/api/projects/add-contact/', { name: 'Spam', email: `s${i}@x.example` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/projects/submit-project/', () => {
  it('stores a valid pitch: cents, lists, booleans, the language, an event and a receipt email', async () => {
    const fields = validFields({ pitch_password: 'trailer pass 1', demo_link: 'http://demo.example/x' });
    const res = await submit(t.client(), fields, undefined, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(201);
    const { success, id } = res.json();
    expect(success).toBe(true);
    const row = (await rowOf(id))!;
    expect(row).toMatchObject({
      userId: null,
      name: 'Studio Lumen',
      email: fields.email,
      language: 'it',
      productionBudgetCents: 12_000_050,
      requiredFundingCents: 8_000_000,
      platforms: ['PC', 'NINTENDO SWITCH'],
      isDebutTitle: true,
      planToChoosePublisher: false,
      lookingFor: ['funding', 'services'],
      expectedReleaseDate: fields.expected_release_date,
      trailerLink: 'https://video.example.com/lantern',
      demoLink: 'http://demo.example/x',
      status: 'submitted',
      revision: 1,
    });
    // Encrypted at rest, readable with the server's secret only.
    expect(row.pitchPasswordEnc).not.toContain('trailer pass 1');
    expect(decryptPitchPassword(t.config.sessionSecret, id, row.pitchPasswordEnc!)).toBe('trailer pass 1');
    expect(
      decryptPitchPassword('another secret of at least 32 chars!!', id, row.pitchPasswordEnc!),
    ).toBeNull();
    // A server-made name, outside the web root, holding the very bytes sent.
    expect(row.pdfKey).toMatch(/^pitches\/[a-f0-9]{32}\.pdf$/);
    expect(existsSync(path.join(t.config.uploadsDir, row.pdfKey))).toBe(true);
    const events = await t.database.db.select().from(pitchEvents).where(eq(pitchEvents.pitchId, id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'submitted', actorId: null }]);
    const [mail] = await t.mailbox(fields.email);
    // Sent logged out: the receipt carries none of the form's words (pitch-receipt-mail.test.ts).
    expect(mail?.subject).toMatch(/Abbiamo ricevuto/);
    expect(mail?.text).toContain('http://indiesplit.test/my-pitches');
  });

  it('defaults the required funding to 0 and the booleans to false', async () => {
    const fields = validFields({
      required_funding_size: '',
      is_debut_title: '',
      plan_to_choose_publisher: '',
    });
    const res = await submit(t.client(), fields);
    expect(res.statusCode).toBe(201);
    expect(await rowOf(res.json().id)).toMatchObject({
      requiredFundingCents: 0,
      isDebutTitle: false,
      planToChoosePublisher: false,
    });
  });

  it('links the pitch to the account of a logged-in developer', async () => {
    const { client, id: userId } = await registerUser(t);
    const res = await submit(client);
    expect(res.statusCode).toBe(201);
    expect((await rowOf(res.json().id))?.userId).toBe(userId);
  });

  it('requires name, email, project name, budget, release date, platforms, service choice and the PDF', async () => {
    const res = await refused(
      {
        name: '',
        email: '',
        project_name: '  ',
        expected_production_budget: '',
        expected_release_date: '',
        distribution_platforms: '',
        i_am_looking_for: '',
      },
      null,
    );
    expect(res.status).toBe(400);
    expect(res.body.error_codes).toEqual({
      name: 'fillMandatory',
      email: 'fillMandatory',
      project_name: 'fillMandatory',
      expected_production_budget: 'fillMandatory',
      expected_release_date: 'fillMandatory',
      distribution_platforms: 'selectPlatform',
      i_am_looking_for: 'selectService',
      pitch_file: 'pdfRequired',
    });
    expect(res.body.errors.pitch_file).toBe('Please attach your pitch as a PDF file.');
  });

  it.each([
    ['email', 'not-an-email', 'invalidEmail'],
    ['name', 'x'.repeat(201), 'pitchFieldTooLong'],
    ['project_name', 'x'.repeat(201), 'pitchFieldTooLong'],
    ['expected_production_budget', '-5', 'invalidAmount'],
    ['expected_production_budget', '12.345', 'amountAmbiguous'],
    ['expected_production_budget', '1e6', 'invalidAmount'],
    ['expected_production_budget', '1,000,00', 'invalidAmount'],
    ['required_funding_size', 'lots', 'invalidAmount'],
    ['expected_release_date', '2030-02-30', 'invalidDate'],
    ['expected_release_date', 'next year', 'invalidDate'],
    ['distribution_platforms', 'PC,GAME BOY', 'selectPlatform'],
    ['distribution_platforms', ' , ', 'selectPlatform'],
    ['i_am_looking_for', 'services', 'selectService'],
    ['i_am_looking_for', 'funding,hr', 'selectService'],
    ['is_debut_title', 'yes', 'invalidValue'],
    ['plan_to_choose_publisher', '1', 'invalidValue'],
    ['trailer_link', 'javascript:alert(1)', 'invalidUrl'],
    ['demo_link', 'ftp://demo.example/game.zip', 'invalidUrl'],
    ['trailer_link', 'not a url', 'invalidUrl'],
    ['notes', 'x'.repeat(5001), 'textTooLong'],
    ['pitch_password', 'p'.repeat(201), 'pitchFieldTooLong'],
  ])('refuses %s = %j with %s', async (field, value, code) => {
    const res = await refused(validFields({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.error_codes).toEqual({ [field]: code });
  });

  it('accepts budgets written with a decimal comma and stores exact cents', async () => {
    const res = await submit(t.client(), validFields({ expected_production_budget: '0,1' }));
    expect(res.statusCode).toBe(201);
    expect((await rowOf(res.json().id))?.productionBudgetCents).toBe(10);
  });

  it('reads Italian and English thousands separators alike (ADR 0025)', async () => {
    for (const typed of ['25.000,50', '25,000.50']) {
      const res = await submit(t.client(), validFields({ expected_production_budget: typed }));
      expect(res.statusCode, typed).toBe(201);
      expect((await rowOf(res.json().id))?.productionBudgetCents).toBe(2_500_050);
    }
  });

  it('accepts each of the three service choices', async () => {
    for (const [choice, stored] of [
      ['funding', ['funding']],
      ['funding, services, hr', ['funding', 'services', 'hr']],
    ] as const) {
      const res = await submit(t.client(), validFields({ i_am_looking_for: choice }));
      expect(res.statusCode).toBe(201);
      expect((await rowOf(res.json().id))?.lookingFor).toEqual(stored);
    }
  });

  it('wants the release date at least one month ahead, with the spec’s message, in both languages', async () => {
    const earliest = earliestReleaseDate();
    const dayBefore = new Date(Date.parse(`${earliest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const en = await refused(validFields({ expected_release_date: dayBefore }));
    expect(en.status).toBe(400);
    expect(en.body.error_codes).toEqual({ expected_release_date: 'releaseDateTooSoon' });
    expect(en.body.errors.expected_release_date).toBe(
      'Release date must be at least one month in the future',
    );
    const it = await submit(t.client(), validFields({ expected_release_date: dayBefore }), undefined, {
      'accept-language': 'it',
    });
    expect(it.json().errors.expected_release_date).toBe(
      'La data di uscita deve essere ad almeno un mese da oggi',
    );
    const onTheDay = await submit(t.client(), validFields({ expected_release_date: earliest }));
    expect(onTheDay.statusCode).toBe(201);
  });

  it('computes “one month ahead” on the calendar, clamped at the end of a short month', () => {
    expect(earliestReleaseDate(new Date('2025-01-31T12:00:00Z'))).toBe('2025-02-28');
    expect(earliestReleaseDate(new Date('2024-01-31T12:00:00Z'))).toBe('2024-02-29');
    expect(earliestReleaseDate(new Date('2025-12-15T23:59:00Z'))).toBe('2026-01-15');
  });

  it('refuses a file that is not a PDF, whatever its name and declared type', async () => {
    const fake = Buffer.from('MZ\x90\x00 this is a program, renamed pitch.pdf');
    const res = await refused(validFields(), { data: fake, filename: 'pitch.pdf', type: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body.error_codes).toEqual({ pitch_file: 'invalidPdf' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await refused(validFields(), { data: png, filename: 'deck.pdf' })).body.error_codes).toEqual({
      pitch_file: 'invalidPdf',
    });
  });

  it('refuses an empty file as a missing one', async () => {
    const res = await refused(validFields(), { data: Buffer.alloc(0) });
    expect(res.body.error_codes).toEqual({ pitch_file: 'pdfRequired' });
  });

  it('refuses a PDF with a valid header that does not parse, and a truncated one', async () => {
    const broken = await refused(validFields(), { data: Buffer.from('%PDF-1.7\nthis is not a document') });
    expect(broken.status).toBe(400);
    expect(broken.body.error_codes).toEqual({ pitch_file: 'pdfBroken' });
    const whole = await makePdf();
    const truncated = await refused(validFields(), { data: whole.subarray(0, 200) });
    expect(truncated.body.error_codes).toEqual({ pitch_file: 'pdfBroken' });
  });

  it('refuses an encrypted PDF with its own message', async () => {
    const res = await refused(validFields(), { data: await makeEncryptedPdf() });
    expect(res.status).toBe(400);
    expect(res.body.error_codes).toEqual({ pitch_file: 'pdfEncrypted' });
    expect(res.body.message).toMatch(/password/);
  });

  it('accepts exactly 25 MB and refuses 25 MB + 1 byte with 413 and a translated message', async () => {
    const pdf = await makePdf();
    // Bytes after %%EOF are ignored by readers: a real PDF padded to the limit.
    const exact = Buffer.concat([pdf, Buffer.alloc(PITCH_PDF_MAX_BYTES - pdf.length, 0x20)]);
    const before = await pitchCount();
    const ok = await submit(t.client(), validFields(), { data: exact });
    expect(ok.statusCode).toBe(201);
    expect((await rowOf(ok.json().id))?.pdfBytes).toBe(PITCH_PDF_MAX_BYTES);

    const tooBig = Buffer.concat([exact, Buffer.from(' ')]);
    const res = await submit(t.client(), validFields(), { data: tooBig }, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'pdfTooLarge',
      message: 'Il PDF può pesare al massimo 25 MB.',
      error_codes: { pitch_file: 'pdfTooLarge' },
    });
    expect(await pitchCount()).toBe(before + 1);
  });

  it('refuses a request that is not multipart', async () => {
    const res = await t.client().post('/api/projects/submit-project/', validFields());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('pdfRequired');
  });

  it('saves nothing when the database refuses the row: the stored file is deleted again', async () => {
    const db = t.database.db;
    await db.execute(
      sql`alter table pitches add constraint test_refuse check (project_name <> 'Refused Game')`,
    );
    try {
      const before = await pitchCount();
      const res = await submit(t.client(), validFields({ project_name: 'Refused Game' }));
      expect(res.statusCode).toBe(500);
      expect(await pitchCount()).toBe(before);
      const stored = await readdir(path.join(t.config.uploadsDir, 'pitches'));
      const rows = await db.select({ key: pitches.pdfKey }).from(pitches);
      expect(stored.sort()).toEqual(rows.map((r) => r.key.replace('pitches/', '')).sort());
    } finally {
      await db.execute(sql`alter table pitches drop constraint test_refuse`);
    }
  });

  it('is rate limited per IP address', async () => {
    const client = t.client();
    for (let i = 0; i < 10; i++) {
      const res = await submit(client, validFields({ name: '' }), null);
      expect(res.statusCode).toBe(400);
    }
    expect((await submit(client, validFields())).statusCode).toBe(429);
  });
});
