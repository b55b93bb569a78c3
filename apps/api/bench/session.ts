import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@indiesplit/shared/constants';
import { BenchError } from './postgres.ts';

/** Name/value pairs of the response's Set-Cookie headers. */
function cookiesOf(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) {
    throw new BenchError(`${what}: expected HTTP ${status}, got ${res.status} ${await res.text()}`);
  }
}

export interface LoggedIn {
  username: string;
  /** The Cookie header that carries the session. */
  cookie: string;
  /** The exact body GET /api/auth/authenticated/ answers for this session. */
  authenticatedBody: string;
}

/** Registers a new account through the public API, as the browser does, and returns its session. */
export async function registerThroughApi(baseUrl: string): Promise<LoggedIn> {
  const origin = new URL(baseUrl).origin;

  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf_cookie`);
  await expectStatus(csrfRes, 200, 'GET /api/auth/csrf_cookie');
  const csrf = cookiesOf(csrfRes).get(CSRF_COOKIE);
  if (!csrf) throw new BenchError(`GET /api/auth/csrf_cookie set no ${CSRF_COOKIE} cookie`);

  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = 'Bench-Harbor-42';
  const registerRes = await fetch(`${baseUrl}/api/auth/register/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      cookie: `${CSRF_COOKIE}=${csrf}`,
      [CSRF_HEADER]: csrf,
    },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      re_password: password,
      name: 'Bench',
      surname: 'Mark',
      user_types: ['investor'],
      newsletter: false,
      accepted_terms: true,
    }),
  });
  await expectStatus(registerRes, 201, 'POST /api/auth/register/');
  const session = cookiesOf(registerRes).get(SESSION_COOKIE);
  if (!session) throw new BenchError(`POST /api/auth/register/ set no ${SESSION_COOKIE} cookie`);
  const cookie = `${SESSION_COOKIE}=${session}`;

  const whoRes = await fetch(`${baseUrl}/api/auth/authenticated/`, { headers: { cookie } });
  await expectStatus(whoRes, 200, 'GET /api/auth/authenticated/');
  const authenticatedBody = await whoRes.text();
  const who = JSON.parse(authenticatedBody) as { isAuthenticated?: unknown; username?: unknown };
  if (who.isAuthenticated !== true || who.username !== username) {
    throw new BenchError(`GET /api/auth/authenticated/ does not see the new session: ${authenticatedBody}`);
  }
  return { username, cookie, authenticatedBody };
}
