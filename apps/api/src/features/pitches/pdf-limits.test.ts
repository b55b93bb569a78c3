import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { CSRF_HEADER } from '@indiesplit/shared/constants';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  compressedObjectsPdf,
  makePdf,
  manyObjectsPdf,
  multipart,
  submit,
  validFields,
} from '../../../test/fixtures/pitches.ts';
import type { TestApp } from '../../../test/harness.ts';
import { createTestApp, ORIGIN } from '../../../test/harness.ts';
import { pitches } from '../../db/schema-pitches.ts';

// Untrusted PDFs (ADR 0017), through the real app: the object ceiling, the time budget and the
// concurrency cap are lowered by configuration so that small files and one held upload show them.

/** Files in the uploads directory must be exactly those of stored pitches: a refusal leaves none. */
async function expectNothingOrphaned(t: TestApp) {
  const dir = path.join(t.config.uploadsDir, 'pitches');
  const stored = existsSync(dir) ? await readdir(dir) : [];
  const rows = await t.database.db.select({ key: pitches.pdfKey }).from(pitches);
  expect(stored.sort()).toEqual(rows.map((r) => r.key.replace('pitches/', '')).sort());
  return rows.length;
}

const pitchCount = async (t: TestApp) =>
  (await t.database.db.select({ id: pitches.id }).from(pitches)).length;

describe('PDF checks with a low object ceiling and one slot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PDF_MAX_OBJECTS: '200', PDF_CHECK_CONCURRENCY: '1', PDF_CHECK_TIMEOUT_MS: '20000' },
    });
  });
  afterAll(async () => t?.close());

  it('still accepts a normal deck and stores it', async () => {
    const res = await submit(t.client(), validFields(), { data: await makePdf('Lantern Keeper') });
    expect(res.statusCode).toBe(201);
    expect(await expectNothingOrphaned(t)).toBe(1);
  });

  it('refuses a file of many tiny objects before parsing it, in the caller’s language, storing nothing', async () => {
    const before = await pitchCount(t);
    const crafted = manyObjectsPdf(500);
    const res = await submit(t.client(), validFields(), { data: crafted }, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'pdfTooComplex',
      error_codes: { pitch_file: 'pdfTooComplex' },
    });
    expect(res.json().errors.pitch_file).toMatch(/^Questo PDF è troppo complesso/);
    expect(await pitchCount(t)).toBe(before);
    await expectNothingOrphaned(t);
    // The same shape under the ceiling is an ordinary one-page document.
    expect((await submit(t.client(), validFields(), { data: manyObjectsPdf(150) })).statusCode).toBe(201);
  });

  it('counts objects hidden in compressed object streams too', async () => {
    const before = await pitchCount(t);
    const res = await submit(t.client(), validFields(), { data: await compressedObjectsPdf(500) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ pitch_file: 'pdfTooComplex' });
    expect(res.json().message).toMatch(/too complex/);
    expect(await pitchCount(t)).toBe(before);
    await expectNothingOrphaned(t);
  });

  it('answers 503 with Retry-After while the slot is taken, and frees it when that upload ends', async () => {
    // One upload holds the only slot: its body is still arriving.
    const held = multipart(validFields(), { data: await makePdf('Held deck') });
    const body = new PassThrough();
    const first = t.app.inject({
      method: 'POST',
      url: '/api/projects/submit-project/',
      headers: { ...held.headers, ...(await csrfHeaders(t)) },
      remoteAddress: '10.250.0.1',
      payload: body,
    });
    body.write(held.payload.subarray(0, 100));
    await vi.waitFor(() => expect(t.app.ctx.pdfChecks.active).toBe(1));

    const busy = await submit(t.client(), validFields(), undefined, { 'accept-language': 'it' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('20');
    expect(busy.json()).toMatchObject({ code: 'uploadsBusy', retry_after: 20 });
    expect(busy.json().message).toBe(
      'Stiamo controllando troppi file in questo momento. Riprova tra 20 secondi.',
    );

    body.end(held.payload.subarray(100));
    expect((await first).statusCode).toBe(201);
    expect(t.app.ctx.pdfChecks.active).toBe(0);
    expect((await submit(t.client(), validFields())).statusCode).toBe(201);
    await expectNothingOrphaned(t);
  });

  it('gives the slot back when the sender goes away in the middle of an upload', async () => {
    // Over a real socket: the connection is cut with most of the deck still unsent.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const deck = multipart(validFields(), { data: Buffer.alloc(2 * 1024 * 1024, 0x20) });
    const req = request(`${address}/api/projects/submit-project/`, {
      method: 'POST',
      headers: {
        ...deck.headers,
        ...(await csrfHeaders(t)),
        'content-length': String(deck.payload.length),
      },
    });
    req.on('error', () => {});
    req.write(deck.payload.subarray(0, 256 * 1024));
    await vi.waitFor(() => expect(t.app.ctx.pdfChecks.active).toBe(1));
    req.destroy();
    await vi.waitFor(() => expect(t.app.ctx.pdfChecks.active).toBe(0), { timeout: 5000 });
    expect((await submit(t.client(), validFields())).statusCode).toBe(201);
    await expectNothingOrphaned(t);
  });

  it('refuses a body announced larger than a deck before reading it', async () => {
    const body = new PassThrough();
    const { headers } = multipart(validFields());
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/projects/submit-project/',
      headers: { ...headers, ...(await csrfHeaders(t)), 'content-length': String(40 * 1024 * 1024) },
      remoteAddress: '10.250.0.2',
      payload: body,
    });
    body.write('--');
    // The body never ends: only a refusal made before reading it can answer.
    const res = await Promise.race([
      answer,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);
    body.destroy();
    expect(res?.statusCode).toBe(413);
    expect(res?.json().error_codes).toEqual({ pitch_file: 'pdfTooLarge' });
    expect(t.app.ctx.pdfChecks.active).toBe(0);
  });
});

describe('PDF checks with a short time budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PDF_MAX_OBJECTS: '10000000', PDF_CHECK_TIMEOUT_MS: '100' } });
  });
  afterAll(async () => t?.close());

  it('stops a parse past its budget and refuses the file, storing nothing', async () => {
    const res = await submit(t.client(), validFields(), { data: manyObjectsPdf(60_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ pitch_file: 'pdfTooComplex' });
    expect(await pitchCount(t)).toBe(0);
    await expectNothingOrphaned(t);
    expect(t.app.ctx.pdfChecks.active).toBe(0);
  });
});

describe('PDF checks with a small heap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PDF_MAX_OBJECTS: '10000000', PDF_CHECK_TIMEOUT_MS: '60000', PDF_CHECK_MEMORY_MB: '16' },
    });
  });
  afterAll(async () => t?.close());

  it('refuses a file whose parse outgrows the worker’s heap, and the server goes on', async () => {
    const res = await submit(t.client(), validFields(), { data: manyObjectsPdf(200_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ pitch_file: 'pdfTooComplex' });
    expect(await pitchCount(t)).toBe(0);
    await expectNothingOrphaned(t);
    // A small deck fits in the same heap.
    expect((await submit(t.client(), validFields())).statusCode).toBe(201);
  });
});

/** A CSRF cookie and header for a raw inject call (the test client does this for its own requests). */
async function csrfHeaders(t: TestApp): Promise<Record<string, string>> {
  const client = t.client();
  const token = await client.csrf();
  return { cookie: client.cookieHeader(), [CSRF_HEADER]: token, origin: ORIGIN };
}
