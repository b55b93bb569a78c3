import { MESSAGES } from '@indiesplit/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, submit, validFields } from '../../test/fixtures/pitches.ts';
import { createTestApp, newUser, type TestApp } from '../../test/harness.ts';
import { users } from '../db/schema.ts';

// Hostile input from anonymous clients: crafted emails, over-large bodies, control characters.

const en = MESSAGES.en;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const countUsers = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

describe('crafted email addresses', () => {
  // The input that made the old pattern backtrack quadratically: a@ + dots + @, about 1 MB.
  const crafted = `a@${'.'.repeat(1_000_000)}@`;

  it.each([
    ['registration', '/api/auth/register/', (email: string) => newUser({ email })],
    ['password recovery', '/api/auth/recover-password/', (email: string) => ({ email })],
    ['pitch contact', '/api/projects/add-contact/', (email: string) => ({ name: 'Ada', email })],
    ['campaign watchers', '/api/campaigns/some-campaign/watchers', (email: string) => ({ email })],
  ])('refuses a 1 MB crafted address on %s with a field error', async (_label, url, body) => {
    const res = await t.client().post(url, body(crafted));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalidEmail', errors: { email: en.invalidEmail } });
  });

  it('refuses the crafted address in a pitch submission form', async () => {
    const res = await submit(t.client(), validFields({ email: `a@${'.'.repeat(60_000)}@` }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toMatchObject({ email: 'invalidEmail' });
  });

  it.each([
    ['a display name', 'Ada <ada@example.com>'],
    ['a bracketed address', 'A<ada@example.com>'],
    ['a list', 'x,ada@example.com'],
    ['a semicolon list', 'x@example.com;ada@example.com'],
    ['a quoted local part', '"ada"@example.com'],
  ])('refuses %s on registration and stores nothing', async (_label, email) => {
    const res = await t.client().post('/api/auth/register/', newUser({ email }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalidEmail', errors: { email: en.invalidEmail } });
    expect(await countUsers(email)).toBe(0);
  });

  it('answers a deeply nested anonymous body with a 400, not a crash', async () => {
    const nested = (depth: number) => `{"email":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`;
    const send = (payload: string) =>
      t.client().request('POST', '/api/auth/recover-password/', {
        payload,
        headers: { 'content-type': 'application/json' },
      });
    // 200,000 levels: the control-character check walks them without recursion.
    const deep = await send(nested(200_000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error_codes).toEqual({ email: 'controlCharacters' });
  });

  it('answers an anonymous JSON body over 1 MiB with 413, translated', async () => {
    const res = await t.client().post(
      '/api/auth/recover-password/',
      { email: `${'a'.repeat(1024 * 1024)}@example.com` },
      {
        'accept-language': 'it',
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payloadTooLarge', message: MESSAGES.it.payloadTooLarge });
  });
});

describe('control characters in text', () => {
  it('refuses a NUL in a registration field with a field error and stores nothing', async () => {
    const payload = newUser({ name: 'Ada\u0000' });
    const res = await t.client().post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'controlCharacters',
      errors: { name: en.controlCharacters },
    });
    expect(await countUsers(payload.email)).toBe(0);
  });

  it('translates the refusal', async () => {
    const res = await t
      .client()
      .post('/api/auth/register/', newUser({ username: 'ada\u0000x' }), { 'accept-language': 'it' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: MESSAGES.it.controlCharacters });
  });

  it('refuses a NUL in a nested value (registration user types)', async () => {
    const payload = newUser({ user_types: ['investor\u0000'] });
    const res = await t.client().post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ user_types: 'controlCharacters' });
    expect(await countUsers(payload.email)).toBe(0);
  });

  it('refuses a NUL in a login field', async () => {
    for (const body of [
      { username: 'ada\u0000', password: 'Sunny-Harbor-42' },
      { username: 'ada', password: 'Sunny\u0000Harbor-42' },
    ]) {
      const res = await t.client().post('/api/auth/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('controlCharacters');
    }
  });

  it('refuses other control characters but keeps tab, line feed and carriage return in text', async () => {
    const ansi = await t.client().post('/api/projects/add-contact/', {
      name: 'Ada\u001b[31m',
      email: 'ada@example.com',
    });
    expect(ansi.statusCode).toBe(400);
    expect(ansi.json().errors).toEqual({ name: en.controlCharacters });
    const ok = await t.client().post('/api/projects/add-contact/', {
      name: 'Ada\tLovelace\r\n',
      email: 'ada@example.com',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a line break inside a one-line field such as a name', async () => {
    const payload = newUser({ surname: 'Lovelace\nBcc: someone@example.com' });
    const res = await t.client().post('/api/auth/register/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ surname: en.controlCharacters });
    expect(await countUsers(payload.email)).toBe(0);
  });

  it('refuses a NUL in a multipart pitch field', async () => {
    const res = await submit(t.client(), validFields({ project_name: 'Our\u0000Game' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toEqual({ project_name: 'controlCharacters' });
  });

  it('refuses a NUL in a path parameter or a query string', async () => {
    const path = await t.client().get('/api/campaigns/some%00campaign');
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toEqual({ slug: en.controlCharacters });

    const listing = await t.client().get('/api/campaigns/?genre=rpg%00');
    expect(listing.statusCode).toBe(400);
    expect(listing.json().errors).toEqual({ genre: en.controlCharacters });

    const { client } = await member(t, 'admin');
    const search = await client.get('/api/backoffice/pitches?q=ada%00');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'controlCharacters', errors: { q: en.controlCharacters } });
    // Refused before a route's own access check looks the id up.
    const report = await client.get('/api/my-campaigns/%00/revenue-reports/');
    expect(report.statusCode).toBe(400);
    expect(report.json().errors).toEqual({ id: en.controlCharacters });
    const lineBreak = await client.get('/api/backoffice/pitches?q=ada%0Aeve');
    expect(lineBreak.statusCode).toBe(400);
    expect((await client.get('/api/backoffice/pitches?q=ada')).statusCode).toBe(200);
  });
});
