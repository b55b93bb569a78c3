import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_COOKIE, SESSION_COOKIE } from '@indiesplit/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The first screen of the public pages, rendered by the web app's server build in a worker thread
// (ADR 0041). The web app's own render is tested in apps/web (entry-server.server.test.tsx) and in
// the browser tests against the real build; here a small server build in its place shows what the
// API does with one: what it hands over, where the HTML goes, when a page goes out without it.

const root = mkdtempSync(path.join(tmpdir(), 'indiesplit-render-'));
const webDist = path.join(root, 'dist');
const serverBuild = path.join(root, 'dist-server');
mkdirSync(webDist);
mkdirSync(serverBuild);
writeFileSync(
  path.join(webDist, 'index.html'),
  [
    '<!doctype html>',
    '<!-- a comment naming <html lang> must not be taken for the element -->',
    '<html>',
    '  <head>',
    '    <title>IndieSplit</title>',
    '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n'),
);
// Echoes what it was handed, numbers its renders, and misbehaves on request.
writeFileSync(
  path.join(serverBuild, 'entry-server.js'),
  `let renders = 0;
export async function render(input) {
  renders += 1;
  if (input.url.includes('?slow')) await new Promise((r) => setTimeout(r, 5000));
  if (input.url.includes('?broken')) throw new Error('cannot render');
  if (input.url.includes('?unfinished')) return null;
  return '<main id="main">' + JSON.stringify({ renders, ...input }).replace(/</g, '') + '</main>';
}
`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** What the server build was handed for the page, read back from the HTML it returned. */
function handedOver(html: string): Record<string, unknown> | undefined {
  const at = /<div id="root"><main id="main">(.*?)<\/main><\/div>/.exec(html);
  return at?.[1] ? JSON.parse(at[1]) : undefined;
}

/** Waits for the worker to have loaded the server build: until then pages go out unrendered. */
async function untilRendered(url: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await get(url);
    if (handedOver(res.body) || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a public page rendered by the server', () => {
  it("puts the screen inside the app's root, names the language, and starts the app's code after the first paint", async () => {
    const html = await untilRendered('/login');
    expect(handedOver(html)).toMatchObject({ url: '/login', lang: 'en', consentChosen: false });
    // The <html> element, not the comment that names it.
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('a comment naming <html lang> must not');
    // The entry and its preloads leave the head; the loader names them.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '<script defer src="/app-loader.js" data-entry="/assets/index-1.js" data-modules="/assets/react-1.js"></script>',
    );
    // Style sheets stay: the rendered screen is styled in its first paint.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
  });

  it("hands over the reader's language and whether a cookie choice was made", async () => {
    const it = handedOver((await get('/login', { 'accept-language': 'it-IT,it;q=0.9' })).body);
    expect(it).toMatchObject({ lang: 'it', consentChosen: false });
    const chosen = handedOver((await get('/login', { cookie: `${CONSENT_COOKIE}=1` })).body);
    expect(chosen).toMatchObject({ lang: 'en', consentChosen: true });
  });

  it('renders a shared link once, whatever click-counting parameters it carries', async () => {
    await untilRendered('/login');
    const plain = handedOver((await get('/register?step=2')).body);
    const tracked = handedOver((await get('/register?utm_source=news&step=2&fbclid=x1')).body);
    expect(plain?.url).toBe('/register?step=2');
    expect(tracked?.url).toBe('/register?step=2');
    expect(tracked?.renders).toBe(plain?.renders);
  });

  it('renders the same page with the same data once, then serves it from memory', async () => {
    const first = handedOver((await get('/about-us')).body);
    const again = handedOver((await get('/about-us')).body);
    expect(first?.renders).toBeGreaterThan(0);
    expect(again?.renders).toBe(first?.renders);
    // Another language is another page.
    const italian = handedOver((await get('/about-us', { 'accept-language': 'it' })).body);
    expect(italian?.renders).not.toBe(first?.renders);
  });

  it('leaves pages that need what only the browser knows, a searched list and members to the browser', async () => {
    await untilRendered('/login');
    for (const [url, headers] of [
      ['/settings', {}],
      ['/portfolio', {}],
      ['/campaigns?q=lantern', {}],
      // A member's pages show who is signed in from the first frame.
      ['/', { cookie: `${SESSION_COOKIE}=some-session` }],
      // Back from a social sign-in, the notice depends on what the tab stored.
      ['/login?discord_ref=abc', {}],
      ['/login?oauth_error=denied', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(res.body, url).not.toContain('app-loader.js');
    }
  });
});

describe('a page whose render cannot be had', () => {
  it('goes out unrendered, as the browser draws it, when the render fails or gives up', async () => {
    await untilRendered('/login');
    for (const url of ['/about-us?broken', '/about-us?unfinished']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    }
    // The worker carries on with the next page.
    expect(handedOver((await get('/register')).body)).toBeDefined();
  });

  it('does not keep the visitor waiting for a slow render: the page goes out without it', async () => {
    await untilRendered('/login');
    const started = Date.now();
    const res = await get('/about-us?slow');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('a form of a rendered page submitted before the app took over', () => {
  it('gets the page again, never an error, and never a redirect to another site', async () => {
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=ada&password=correct-horse-battery',
      });
    const res = await post('/login?next=%2Fportfolio');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Fportfolio');
    expect(res.body).not.toContain('correct-horse');
    for (const url of ['//evil.example/login', '/\\evil.example/login']) {
      const away = await post(url);
      expect(away.statusCode, url).toBe(303);
      // On this site: one leading slash, and no backslash a browser would read as a second one.
      expect(away.headers.location, url).toMatch(/^\/(?![/\\])/);
    }
    // The API's own addresses keep their answers.
    expect((await post('/api/no-such-thing')).statusCode).not.toBe(303);
  });
});
