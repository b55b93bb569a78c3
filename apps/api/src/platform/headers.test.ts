import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, registerUser, type TestApp } from '../../test/harness.ts';

// What every answer of a development/test instance carries, and how it answers what it cannot serve.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function cspDirectives(header: string | string[] | number | undefined): Map<string, string> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  it('sends a strict CSP, nosniff and anti-framing headers on API answers', async () => {
    const res = await t.client().get('/api/auth/csrf_cookie');
    expect(res.statusCode).toBe(200);
    const csp = cspDirectives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    // Inline style attributes only (the server-rendered first screen's, ADR 0041): no inline
    // script, no style element.
    expect(csp.get('script-src')).not.toContain('unsafe-inline');
    expect(csp.get('style-src')).not.toContain('unsafe-inline');
    expect(csp.get('style-src-attr')).toBe("'unsafe-inline'");
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the same headers on error answers and on the web app shell', async () => {
    for (const res of [
      await t.client().get('/api/user/'),
      await t.client().get('/settings', { accept: 'text/html' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(cspDirectives(res.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    }
  });

  it('allows frames only from the trailer players and the origins an operator lists in CSP_FRAME_SRC', async () => {
    // Campaign trailers: YouTube's privacy-enhanced player and Vimeo's player, nothing else.
    expect(
      cspDirectives((await t.client().get('/api/health')).headers['content-security-policy']).get(
        'frame-src',
      ),
    ).toBe('https://www.youtube-nocookie.com https://player.vimeo.com');
    const embedding = await createTestApp({ env: { CSP_FRAME_SRC: 'https://www.instagram.com' } });
    try {
      const csp = cspDirectives(
        (await embedding.client().get('/api/health')).headers['content-security-policy'],
      );
      expect(csp.get('frame-src')).toBe(
        'https://www.instagram.com https://www.youtube-nocookie.com https://player.vimeo.com',
      );
      expect(csp.get('frame-ancestors')).toBe("'none'");
    } finally {
      await embedding.close();
    }
  });

  it('does not send HSTS outside production', async () => {
    const res = await t.client().get('/api/health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('sets session cookies HttpOnly and SameSite=Lax, without Secure on plain-HTTP development', async () => {
    const res = await t.client().post('/api/auth/register/', newUser());
    expect(res.statusCode).toBe(201);
    const session = res.cookies.find((c) => c.name === 'sessionid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.secure).toBeFalsy();
    const csrf = res.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy(); // the browser reads it to echo it in X-CSRFToken
  });

  it('tags every answer with a request id, keeping a well-formed one the caller sent', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(own.headers['x-request-id']).toBe('trace-12345678');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\r\nwith-newline' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('answers for what does not exist or cannot be read', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.client().get('/api/no/such/endpoint');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, code: 'notFound', message: 'Not found.' });
  });

  it('answers an unknown API path with a JSON 404 even when a browser asks for HTML', async () => {
    const res = await t.client().get('/api/nothing-here', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notFound');
  });

  it('answers a wrong method on a known path as not found, without running it', async () => {
    const { client } = await registerUser(t);
    const res = await client.request('PUT', '/api/user/delete/');
    expect(res.statusCode).toBe(404);
    expect((await client.get('/api/user/')).statusCode).toBe(200);
  });

  it('refuses malformed JSON with 400 invalidRequest', async () => {
    const { client } = await registerUser(t);
    const res = await client.request('POST', '/api/user/subscriptions/', {
      payload: '{"newsletter": tru',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'invalidRequest' });
  });

  it('refuses a JSON body over the size limit with 413', async () => {
    const { client } = await registerUser(t);
    const res = await client.request('POST', '/api/user/update/', {
      payload: JSON.stringify({ first_name: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payloadTooLarge');
  });
});

describe('language of error texts', () => {
  it('answers in Italian when Accept-Language prefers it', async () => {
    const res = await t.client().get('/api/user/', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'notAuthenticated', message: 'Accedi per continuare.' });
    const missing = await t.client().get('/api/missing', { 'accept-language': 'it' });
    expect(missing.json().message).toBe('Non trovato.');
  });

  it('takes the first supported language by preference and falls back to English', async () => {
    const ranked = await t.client().get('/api/user/', { 'accept-language': 'fr-FR, en;q=0.3, it;q=0.7' });
    expect(ranked.json().message).toBe('Accedi per continuare.');
    const unsupported = await t.client().get('/api/user/', { 'accept-language': 'de-DE,fr;q=0.5' });
    expect(unsupported.json().message).toBe('Please log in to continue.');
  });

  it('follows the language the web app stored in its cookie over the header', async () => {
    const client = t.client();
    client.cookies.set('i18next', 'it');
    const res = await client.get('/api/user/', { 'accept-language': 'en' });
    expect(res.json().message).toBe('Accedi per continuare.');
  });

  it('translates validation errors and field errors', async () => {
    const { client, payload } = await registerUser(t);
    const res = await client.post(
      '/api/user/change-password/',
      { old_password: payload.password, new_password: 'corto', re_new_password: 'corto' },
      { 'accept-language': 'it' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'passwordRequirements',
      errors: {
        new_password:
          'La password deve avere almeno 8 caratteri e contenere una lettera minuscola, una maiuscola e un numero.',
      },
    });
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document with the account endpoints', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/user/',
      '/user/update/',
      '/user/change-password/',
      '/user/update-profile-picture/',
      '/user/delete/',
      '/user/delete-all-data/',
      '/user/subscriptions/',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
