import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { RULES } from './rate-limit.ts';

// What an instance shows the world: API docs and source maps (off in production unless asked for),
// and which client address the per-address limits count (a forged X-Forwarded-For changes nothing).

const webDist = mkdtempSync(path.join(tmpdir(), 'indiesplit-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>IndieSplit</title>');
writeFileSync(
  path.join(webDist, 'assets', 'app-abc123.js'),
  'console.log(1)\n//# sourceMappingURL=app-abc123.js.map',
);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'https://indiesplit.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PLATFORM_IBAN: 'DE89370400440532013000',
  PLATFORM_BIC: 'COBADEFFXXX',
  PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
  WEB_DIST_DIR: webDist,
};

async function exposure(env: Record<string, string>) {
  const t = await createTestApp({ env });
  try {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    return {
      docs: (await get('/api/docs')).statusCode,
      docsJson: (await get('/api/docs/json')).statusCode,
      map: (await get('/assets/app-abc123.js.map')).statusCode,
      script: (await get('/assets/app-abc123.js')).statusCode,
    };
  } finally {
    await t.close();
  }
}

describe('production exposure', () => {
  it('hides the API docs and the source maps in production by default', async () => {
    expect(await exposure(production)).toEqual({ docs: 404, docsJson: 404, map: 404, script: 200 });
  });

  it('serves them in production when API_DOCS and SOURCE_MAPS say so', async () => {
    const shown = await exposure({ ...production, API_DOCS: 'true', SOURCE_MAPS: 'true' });
    expect(shown.docsJson).toBe(200);
    expect(shown.docs).toBeLessThan(400);
    expect(shown.map).toBe(200);
  });
});

describe('the client address behind TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Outside production `true` means a proxy on this machine: the forms of every developer setup.
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => t?.close());

  const csrfFor = async (remoteAddress: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf_cookie', remoteAddress });
    return res.json().csrfToken as string;
  };
  const recover = async (remoteAddress: string, forwardedFor: string, csrf: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/recover-password/',
      remoteAddress,
      headers: {
        origin: PUBLIC_URL,
        'x-forwarded-for': forwardedFor,
        'x-csrftoken': csrf,
        cookie: `csrftoken=${csrf}`,
      },
      payload: { email: `nobody-${randomBytes(4).toString('hex')}@example.com` },
    });

  it('counts a forged X-Forwarded-For from an untrusted peer against the peer itself', async () => {
    const peer = '203.0.113.7';
    const csrf = await csrfFor(peer);
    const { limit } = RULES.recoverPerIp;
    for (let i = 0; i < limit; i++) {
      expect((await recover(peer, `198.51.100.${i + 1}`, csrf)).statusCode).toBe(200);
    }
    const blocked = await recover(peer, '198.51.100.200', csrf);
    expect(blocked.statusCode).toBe(429);
  });

  it('believes the address a trusted proxy on this machine forwards', async () => {
    const proxy = '127.0.0.1';
    const csrf = await csrfFor(proxy);
    const { limit } = RULES.recoverPerIp;
    for (let i = 0; i <= limit; i++) {
      expect((await recover(proxy, `192.0.2.${i + 1}`, csrf)).statusCode).toBe(200);
    }
  });
});
