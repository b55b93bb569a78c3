import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@indiesplit/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { GOOGLE_CLIENT_ID, type GoogleStub, startGoogleStub } from '../../../test/oauth-provider-stubs.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { legalAcceptances, legalDocumentVersions } from '../../db/schema-legal.ts';
import { oauthIdentities } from '../../db/schema-oauth.ts';

// Google sign-in against a real OpenID provider on localhost: ID tokens signed with its keys,
// verified by our server against its JWKS.

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

let n = 0;
function person() {
  n++;
  const id = `${randomBytes(4).toString('hex')}${n}`;
  return { sub: `g-${id}`, email: `gina_${id}@gmail.example`, name: 'Gina Rossi', picture: null };
}

const signUpBody = (credential: string, email: string, overrides: Record<string, unknown> = {}) => ({
  credential,
  username: `gina_${randomBytes(4).toString('hex')}`,
  email,
  newsletter: true,
  user_types: ['gamer'],
  accepted_terms: true,
  ...overrides,
});

async function userCount() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

async function whoAmI(client: TestClient) {
  return (await client.get('/api/auth/authenticated/')).json();
}

function b64(value: unknown) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('GET /api/auth/providers/', () => {
  it('tells the web app the Google client id and script at run time', async () => {
    const res = await t.client().get('/api/auth/providers/');
    expect(res.json()).toEqual({
      google_client_id: GOOGLE_CLIENT_ID,
      google_script_url: `${google.issuer}/gsi/client`,
      discord: false,
    });
  });
});

describe('POST /api/auth/google/ refuses tokens that are not ours', () => {
  const cases: Array<[string, () => Promise<string>]> = [
    ['a token for another client (aud)', () => google.idToken({ ...person(), aud: 'someone-else' })],
    ['a token from another issuer (iss)', () => google.idToken({ ...person(), iss: 'https://evil.example' })],
    ['an expired token', () => google.idToken(person(), { expiresIn: -600 })],
    [
      'an unsigned token (alg none)',
      async () =>
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...person(), iss: google.issuer, aud: GOOGLE_CLIENT_ID, exp: Math.floor(Date.now() / 1000) + 600 })}.`,
    ],
    [
      'a token whose claims were changed after signing (bad signature)',
      async () => {
        const [head, , sig] = (await google.idToken(person())).split('.');
        const forged = {
          ...person(),
          iss: google.issuer,
          aud: GOOGLE_CLIENT_ID,
          exp: Math.floor(Date.now() / 1000) + 600,
        };
        return `${head}.${b64(forged)}.${sig}`;
      },
    ],
    [
      'a token signed with a key the provider does not publish',
      async () => {
        const other = await startGoogleStub();
        try {
          other.server.issuer.url = google.issuer;
          return await other.idToken(person());
        } finally {
          await other.stop();
        }
      },
    ],
    [
      'an HS256 token (algorithm confusion)',
      async () => {
        const [, body, sig] = (await google.idToken(person())).split('.');
        return `${b64({ alg: 'HS256', typ: 'JWT', kid: 'x' })}.${body}.${sig}`;
      },
    ],
    ['garbage', async () => 'not-a-jwt'],
  ];

  for (const [name, make] of cases) {
    it(`401 googleLoginFailed for ${name}, and no account appears`, async () => {
      const before = await userCount();
      const res = await t.client().post('/api/auth/google/', { credential: await make() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'googleLoginFailed' });
      expect(res.json().message).toBe(MESSAGES.en.googleLoginFailed);
      expect(await userCount()).toBe(before);
    });
  }

  it('answers in Italian for an Italian browser', async () => {
    const res = await t
      .client()
      .post('/api/auth/google/', { credential: 'x.y.z' }, { 'accept-language': 'it-IT,it;q=0.9' });
    expect(res.json().message).toBe(MESSAGES.it.googleLoginFailed);
  });
});

describe('first Google sign-in', () => {
  it('answers 404 with what /register prefills, then signs up with a verified address and no password', async () => {
    const p = person();
    const credential = await google.idToken({ ...p, picture: 'https://lh3.example/photo.png' });
    const client = t.client();
    const first = await client.post('/api/auth/google/', { credential });
    expect(first.statusCode).toBe(404);
    expect(first.json()).toMatchObject({
      success: false,
      code: 'socialAccountNotFound',
      google_user_info: { email: p.email, name: 'Gina Rossi', picture: 'https://lh3.example/photo.png' },
    });
    expect((await whoAmI(client)).isAuthenticated).toBe(false);

    const body = signUpBody(credential, p.email);
    const res = await client.post('/api/auth/google/signup/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, isEmailVerified: true });
    const me = await whoAmI(client);
    expect(me).toMatchObject({
      isAuthenticated: true,
      username: body.username,
      email: p.email,
      isEmailVerified: true,
    });
    const profile = (await client.get('/api/user/')).json().user;
    expect(profile).toMatchObject({ has_password: false, user_types: ['gamer'], newsletter: true });
    const [identity] = await t.database.db
      .select()
      .from(oauthIdentities)
      .where(eq(oauthIdentities.subject, p.sub));
    expect(identity).toMatchObject({ provider: 'google', userId: me.id, email: p.email });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.userId, me.id));
    expect(events.map((e) => e.kind)).toContain('social_signup');
    // The terms box of the sign-up form: the versions in force are recorded (ADR 0034).
    const accepted = await t.database.db
      .select({ document: legalDocumentVersions.document, occasion: legalAcceptances.occasion })
      .from(legalAcceptances)
      .innerJoin(legalDocumentVersions, eq(legalDocumentVersions.id, legalAcceptances.documentVersionId))
      .where(eq(legalAcceptances.userId, me.id))
      .orderBy(legalDocumentVersions.document);
    expect(accepted).toEqual([
      { document: 'privacy', occasion: 'social_sign_up' },
      { document: 'terms', occasion: 'social_sign_up' },
    ]);
    expect(me.termsAcceptanceRequired).toBe(false);
  });

  it('keeps the rules of registration: terms, a user type, a username', async () => {
    const p = person();
    const credential = await google.idToken(p);
    const client = t.client();
    const noTerms = await client.post(
      '/api/auth/google/signup/',
      signUpBody(credential, p.email, { accepted_terms: false }),
    );
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().code).toBe('acceptTerms');
    const noTypes = await client.post(
      '/api/auth/google/signup/',
      signUpBody(credential, p.email, { user_types: [] }),
    );
    expect(noTypes.json().code).toBe('selectUserType');
    const badName = await client.post(
      '/api/auth/google/signup/',
      signUpBody(credential, p.email, { username: 'a!' }),
    );
    expect(badName.json().code).toBe('invalidUsername');
  });

  it('refuses an address other than the one Google verified', async () => {
    const p = person();
    const credential = await google.idToken(p);
    const res = await t
      .client()
      .post('/api/auth/google/signup/', signUpBody(credential, 'someone.else@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'socialEmailMismatch',
      error_codes: { email: 'socialEmailMismatch' },
    });
  });

  it('refuses a taken username with the usual 409', async () => {
    const { payload } = await registerUser(t);
    const p = person();
    const res = await t
      .client()
      .post(
        '/api/auth/google/signup/',
        signUpBody(await google.idToken(p), p.email, { username: payload.username }),
      );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('usernameExists');
  });
});

describe('returning Google sign-in', () => {
  it('logs in the account holding the identity, even after the Google address changed', async () => {
    const p = person();
    const signup = t.client();
    await signup.post('/api/auth/google/signup/', signUpBody(await google.idToken(p), p.email));
    const id = (await whoAmI(signup)).id;

    const client = t.client();
    const res = await client.post('/api/auth/google/', {
      credential: await google.idToken({ ...p, email: 'new.address@gmail.example' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      isEmailVerified: true,
      user: { isEmailVerified: true },
    });
    expect(res.cookies.find((c) => c.name === 'sessionid')?.httpOnly).toBe(true);
    expect((await whoAmI(client)).id).toBe(id);
  });

  it('a second sign-up with the same identity is refused', async () => {
    const p = person();
    const credential = await google.idToken(p);
    expect(
      (await t.client().post('/api/auth/google/signup/', signUpBody(credential, p.email))).statusCode,
    ).toBe(201);
    const again = await t.client().post('/api/auth/google/signup/', signUpBody(credential, p.email));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('socialAlreadyRegistered');
  });
});

describe('identities are keyed by subject, never by email', () => {
  it('does not take over an existing account with the same address: 409 socialEmailInUse', async () => {
    const { payload, id } = await registerUser(t);
    const intruder = t.client();
    const credential = await google.idToken({ sub: 'g-intruder-1', email: payload.email });
    const login = await intruder.post('/api/auth/google/', { credential });
    expect(login.statusCode).toBe(409);
    expect(login.json()).toMatchObject({ code: 'socialEmailInUse' });
    expect(login.json().message).toContain('Social media connections');
    const signup = await intruder.post('/api/auth/google/signup/', signUpBody(credential, payload.email));
    expect(signup.statusCode).toBe(409);
    expect(signup.json().code).toBe('socialEmailInUse');
    expect((await whoAmI(intruder)).isAuthenticated).toBe(false);
    const linked = await t.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, id));
    expect(linked).toEqual([]);
  });

  it('never creates or matches an account from an unverified Google address', async () => {
    const p = person();
    const credential = await google.idToken({ ...p, email_verified: false });
    const before = await userCount();
    const login = await t.client().post('/api/auth/google/', { credential });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('socialEmailUnverified');
    const signup = await t.client().post('/api/auth/google/signup/', signUpBody(credential, p.email));
    expect(signup.statusCode).toBe(403);
    expect(await userCount()).toBe(before);

    // Nor does an unverified address reach an existing account of that address.
    const { payload } = await registerUser(t);
    const res = await t.client().post('/api/auth/google/', {
      credential: await google.idToken({
        sub: 'g-unverified-2',
        email: payload.email,
        email_verified: false,
      }),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Google not configured', () => {
  it('answers 404 socialProviderDisabled and shows no button', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.client().post('/api/auth/google/', { credential: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('socialProviderDisabled');
      expect((await plain.client().get('/api/auth/providers/')).json()).toEqual({
        google_client_id: null,
        google_script_url: null,
        discord: false,
      });
      const csp = String((await plain.client().get('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
    } finally {
      await plain.close();
    }
  });
});

describe('security headers with Google configured', () => {
  it('allow the sign-in script, frames and styles from the configured folder only', async () => {
    const res = await t.client().get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const folder = `${google.issuer}/gsi/`;
    expect(csp).toContain(`script-src 'self' ${folder};`);
    expect(csp).toContain(`style-src 'self' ${folder};`);
    // Besides the campaign trailers' players, which every page may frame.
    expect(csp).toContain(`frame-src ${folder} https://www.youtube-nocookie.com https://player.vimeo.com;`);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
