// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import { ApiError, apiRequest, apiUrl } from './api.ts';

/** What the mock API answers, by the path asked for. */
type Handler = (path: string) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function setCookie(value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests set the CSRF cookie the way the server would
  document.cookie =
    value === null
      ? 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
      : `csrftoken=${value}; path=/`;
}

// What the client passed to fetch, call by call (the mock API sees only the resulting request).
const calls: Array<{ url: string; init: RequestInit }> = [];
function mockFetch(handler: Handler) {
  server.use(http.all('/api/*', ({ request }) => handler(new URL(request.url).pathname)));
}
const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

beforeEach(() => {
  calls.length = 0;
  setCookie(null);
  const intercepted = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((url, init = {}) => {
    calls.push({ url: String(url), init });
    return intercepted(url, init);
  });
});
afterEach(() => {
  setCookie(null);
});

describe('apiRequest', () => {
  it('sends cookies and parses the JSON answer', async () => {
    mockFetch(() => json(200, { isAuthenticated: false }));
    await expect(apiRequest('/auth/authenticated/')).resolves.toEqual({ isAuthenticated: false });
    expect(calls[0]!.url).toBe('/api/auth/authenticated/');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[0]!.init.method).toBe('GET');
    expect(header(calls[0]!.init, 'X-CSRFToken')).toBeUndefined();
  });

  it('echoes the csrftoken cookie, read afresh before every unsafe call', async () => {
    mockFetch(() => json(200, { success: true }));
    setCookie('first');
    await apiRequest('/auth/', { json: { username: 'a', password: 'b' } });
    setCookie('rotated');
    await apiRequest('/auth/logout/', { method: 'POST' });
    expect(header(calls[0]!.init, 'X-CSRFToken')).toBe('first');
    expect(header(calls[0]!.init, 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"username":"a","password":"b"}');
    expect(header(calls[1]!.init, 'X-CSRFToken')).toBe('rotated');
    expect(calls[1]!.init.body).toBe('{}');
  });

  it('fetches the CSRF cookie first when there is none', async () => {
    mockFetch((url) => {
      if (url === '/api/auth/csrf_cookie') {
        setCookie('issued');
        return json(200, { csrfToken: 'issued' });
      }
      return json(200, { success: true });
    });
    await apiRequest('/auth/logout/', { method: 'POST' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/csrf_cookie', '/api/auth/logout/']);
    expect(header(calls[1]!.init, 'X-CSRFToken')).toBe('issued');
  });

  it('on 403 csrfFailed fetches a new token and retries once', async () => {
    setCookie('stale');
    let attempts = 0;
    mockFetch((url) => {
      if (url === '/api/auth/csrf_cookie') {
        setCookie('fresh');
        return json(200, { csrfToken: 'fresh' });
      }
      attempts += 1;
      return attempts === 1
        ? json(403, { success: false, code: 'csrfFailed', message: 'no' })
        : json(200, { ok: 1 });
    });
    await expect(apiRequest('/user/update/', { json: {} })).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/update/',
      '/api/auth/csrf_cookie',
      '/api/user/update/',
    ]);
    expect(header(calls[2]!.init, 'X-CSRFToken')).toBe('fresh');
  });

  it('retries only once, and not for other 403s or safe calls', async () => {
    setCookie('stale');
    mockFetch((url) =>
      url === '/api/auth/csrf_cookie'
        ? json(200, { csrfToken: 'x' })
        : json(403, { success: false, code: 'csrfFailed', message: 'no', error: 'no' }),
    );
    const err = await apiRequest('/user/update/', { json: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('csrfFailed');
    expect(calls.filter((c) => c.url === '/api/user/update/')).toHaveLength(2);

    calls.length = 0;
    await apiRequest('/user/', {}).catch(() => {});
    expect(calls).toHaveLength(1);
  });

  it('turns an error answer into an ApiError with code, status, fields and retry time', async () => {
    setCookie('t');
    mockFetch(() =>
      json(
        409,
        {
          success: false,
          code: 'usernameExists',
          message: 'Username already exists.',
          error: 'Username already exists.',
          errors: { username: 'Username already exists.' },
          error_codes: { username: 'usernameExists' },
        },
        {},
      ),
    );
    const err = (await apiRequest('/auth/register/', { json: {} }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({
      status: 409,
      code: 'usernameExists',
      fieldCodes: { username: 'usernameExists' },
      fieldMessages: { username: 'Username already exists.' },
      serverMessage: 'Username already exists.',
    });

    mockFetch(() => json(429, { success: false, code: 'resendCooldown', message: 'wait', retry_after: 42 }));
    const limited = (await apiRequest('/auth/resend-verification-email/', { method: 'POST' }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(limited.retryAfter).toBe(42);
  });

  it('names errors without a JSON body by their status', async () => {
    mockFetch(
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const err = (await apiRequest('/user/').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 502, code: 'serverError' });
  });

  it('reports a failed connection as networkError', async () => {
    server.use(http.all('/api/*', () => HttpResponse.error()));
    const err = (await apiRequest('/user/').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: 'networkError' });
  });

  it('sends multipart bodies without forcing a content type', async () => {
    setCookie('t');
    mockFetch(() => json(200, { success: true }));
    const form = new FormData();
    form.append('profile_picture', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('/user/update-profile-picture/', { form });
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.init.method).toBe('POST');
    expect(header(calls[0]!.init, 'Content-Type')).toBeUndefined();
  });
});

describe('apiUrl', () => {
  it('puts API paths under /api and leaves full URLs alone', () => {
    expect(apiUrl('/media/avatars/a.webp')).toBe('/api/media/avatars/a.webp');
    expect(apiUrl('blob:http://x/1')).toBe('blob:http://x/1');
    expect(apiUrl(null)).toBeNull();
  });
});
