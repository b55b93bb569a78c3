import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableAuthenticator, totpCode } from '../../../test/fixtures/mfa.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { type GoogleStub, startGoogleStub } from '../../../test/oauth-provider-stubs.ts';

// A provider sign-in is a first factor like a password: with a second factor on, it only starts a
// pending login (ADR 0016).

let t: TestApp;
let google: GoogleStub;
beforeAll(async () => {
  google = await startGoogleStub();
  t = await createTestApp({ env: google.env });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

const whoAmI = async (client: TestClient) => (await client.get('/api/auth/authenticated/')).json();

describe('Google sign-in with a second factor', () => {
  it('starts no session until the second step is answered', async () => {
    const id = randomBytes(4).toString('hex');
    const person = { sub: `g-${id}`, email: `gina_${id}@gmail.example`, name: 'Gina Rossi', picture: null };
    const browser = t.client();
    const signUp = await browser.post('/api/auth/google/signup/', {
      credential: await google.idToken(person),
      username: `gina_${id}`,
      email: person.email,
      newsletter: false,
      user_types: ['gamer'],
      accepted_terms: true,
    });
    expect(signUp.statusCode).toBe(201);
    // A social-only account has no password: the code alone turns the app on.
    const { secret } = await enableAuthenticator(browser, '');

    const other = t.client();
    const res = await other.post('/api/auth/google/', { credential: await google.idToken(person) });
    expect(res.statusCode).toBe(200);
    expect(res.json().second_factor).toEqual({ methods: ['totp', 'recovery_code'] });
    expect((await whoAmI(other)).isAuthenticated).toBe(false);
    expect((await other.post('/api/mfa/login', { code: totpCode(secret, 1) })).statusCode).toBe(200);
    expect((await whoAmI(other)).username).toBe(`gina_${id}`);
  });
});
