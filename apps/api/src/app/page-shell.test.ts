import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../test/fixtures/investing.ts';
import { createTestApp, PUBLIC_URL, registerUser, type TestApp } from '../../test/harness.ts';

// Pages anyone can share: every public address answers with the web app's HTML to any client that
// does not ask for JSON alone (link-preview bots, plain HTTP clients), and the HTML carries the
// page's own title, description and link-preview tags, written in by the server.

const webDist = mkdtempSync(path.join(tmpdir(), 'indiesplit-shell-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  [
    '<!doctype html>',
    '<html>',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="description" content="The template\'s own description." />',
    '    <title>IndieSplit</title>',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n'),
);

// A build manifest as Vite writes it: the entry with its own imports, the campaign list's screen
// and what it loads on demand.
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_react-1.js'],
      css: ['assets/index-1.css'],
    },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_messages-1.js': { file: 'assets/messages-1.js', name: 'messages' },
    'src/app/query-layout.tsx': { file: 'assets/query-layout-1.js', imports: ['_react-1.js', '_query-1.js'] },
    '_query-1.js': { file: 'assets/query-1.js' },
    'src/features/campaigns/campaigns-page.tsx': {
      file: 'assets/campaigns-page-1.js',
      imports: ['_react-1.js', '_query-1.js'],
      css: ['assets/campaigns-page-1.css'],
    },
    'src/i18n/en/campaigns.json': { file: 'assets/campaigns-en.js' },
    'src/i18n/it/campaigns.json': { file: 'assets/campaigns-it.js' },
    'src/i18n/en/security.json': { file: 'assets/security-en.js' },
    'src/i18n/it/security.json': { file: 'assets/security-it.js' },
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The content of a meta tag (by property or name), entities decoded as a browser would. */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the app shell for any client', () => {
  it('serves the home page to a client that sends no Accept header, with its own title', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(titleOf(res.body)).toBe('Invest in independent video games · IndieSplit');
    // One title and one description: the template's own are replaced, not repeated.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
    expect(res.body).not.toContain("The template's own description.");
  });

  it('serves the campaign list to a client that accepts anything', async () => {
    const res = await get('/campaigns', { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Campaigns · IndieSplit');
    expect(meta(res.body, 'og:url')).toBe(`${PUBLIC_URL}/campaigns`);
  });

  it('writes the page in the reader language', async () => {
    const res = await get('/campaigns/', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' });
    expect(titleOf(res.body)).toBe('Campagne · IndieSplit');
    expect(meta(res.body, 'og:locale')).toBe('it_IT');
  });

  it('still answers JSON 404 to a client that asks for JSON only, and to missing files', async () => {
    const json = await get('/campaigns', { accept: 'application/json' });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toMatchObject({ success: false, code: 'notFound' });
    expect((await get('/favicon.ico')).statusCode).toBe(404);
    expect((await get('/assets/app-missing.js', { accept: 'text/html' })).headers['content-type']).toMatch(
      /json/,
    );
    expect((await get('/api/nothing-here', { accept: 'text/html' })).statusCode).toBe(404);
  });
});

describe('a shared campaign link', () => {
  it('previews as that campaign: title, summary, cover and address', async () => {
    const campaign = await insertCampaign(t.database.db, {
      title: 'Lanterns & "Quotes" <Deep>',
      summaryEn: 'A lighthouse keeper maps a sea that moves.',
      summaryIt: 'Un guardiano del faro mappa un mare che si muove.',
      coverImage: 'covers/lanterns.webp',
    });
    const res = await get(`/campaigns/${campaign.slug}`, { 'user-agent': 'facebookexternalhit/1.1' });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe('Lanterns & "Quotes" <Deep>');
    expect(meta(res.body, 'og:description')).toBe('A lighthouse keeper maps a sea that moves.');
    expect(meta(res.body, 'og:image')).toBe(`${PUBLIC_URL}/api/media/covers/lanterns.webp`);
    expect(meta(res.body, 'og:url')).toBe(`${PUBLIC_URL}/campaigns/${campaign.slug}`);
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(res.body, 'twitter:title')).toBe('Lanterns & "Quotes" <Deep>');
    // The title is text, never markup.
    expect(res.body).not.toContain('<Deep>');

    const italian = await get(`/campaigns/${campaign.slug}`, { 'accept-language': 'it' });
    expect(meta(italian.body, 'og:description')).toBe('Un guardiano del faro mappa un mare che si muove.');
  });

  it('answers 404 with the app shell for a campaign the public may not see', async () => {
    const draft = await insertCampaign(t.database.db, { status: 'draft', title: 'Secret draft' });
    for (const url of [`/campaigns/${draft.slug}`, '/campaigns/no-such-game']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(titleOf(res.body)).toBe('Campaign not found · IndieSplit');
      expect(res.body).not.toContain('Secret draft');
    }
  });

  it('gives a campaign without a cover a text-only card', async () => {
    const campaign = await insertCampaign(t.database.db, { summaryEn: 'No art yet.' });
    const res = await get(`/campaigns/${campaign.slug}`);
    expect(meta(res.body, 'og:image')).toBeUndefined();
    expect(meta(res.body, 'twitter:card')).toBe('summary');
  });
});

/** The answers a page came with, as the web app reads them (undefined when it has none). */
function pageData(html: string): { lang: string; answers: Record<string, unknown> } | undefined {
  const element = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  return element?.[1] === undefined ? undefined : JSON.parse(element[1]);
}
const preloads = (html: string, rel: string) =>
  [
    ...html.matchAll(new RegExp(`<link rel="${rel}"(?: as="[a-z]+")?(?: crossorigin)? href="([^"]+)"`, 'g')),
  ].map((m) => m[1]);

describe('a page that needs no round trip to show its content', () => {
  it("holds a campaign's API answer, in the reader's language, and fetches its cover first", async () => {
    const campaign = await insertCampaign(t.database.db, {
      title: 'Tide </script><script>alert(1)</script> & Co',
      summaryEn: 'Sails <b>and</b> storms.',
      summaryIt: 'Vele e tempeste.',
      coverImage: 'covers/tide.webp',
    });
    for (const lang of ['en', 'it']) {
      const page = await get(`/campaigns/${campaign.slug}`, { 'accept-language': lang });
      const api = await get(`/api/campaigns/${campaign.slug}`, {
        accept: 'application/json',
        'accept-language': lang,
      });
      expect(api.statusCode).toBe(200);
      // Exactly what the API gives anyone, under the address the app asks for.
      expect(pageData(page.body)).toEqual({ lang, answers: { [`/campaigns/${campaign.slug}`]: api.json() } });
    }
    const page = await get(`/campaigns/${campaign.slug}`);
    // The title cannot close the data element and start a script of its own.
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
    expect(preloads(page.body, 'preload')).toContain('/api/media/covers/tide.webp');
    // Link previews point at the address the cover is really served at.
    expect(meta(page.body, 'og:image')).toBe(`${PUBLIC_URL}/api/media/covers/tide.webp`);
  });

  it('holds both lists of the campaign list as first opened, and none for a search', async () => {
    await insertCampaign(t.database.db, { title: 'Real money game' });
    await insertCampaign(t.database.db, { title: 'Virtual money game', currency: 'DEMO' });
    const page = await get('/campaigns');
    const data = pageData(page.body);
    expect(data?.lang).toBe('en');
    const real = await get('/api/campaigns/?currency=EUR', { accept: 'application/json' });
    const demo = await get('/api/campaigns/?currency=DEMO&page_size=48', { accept: 'application/json' });
    expect(data?.answers).toEqual({
      '/campaigns/?currency=EUR': real.json(),
      '/campaigns/?currency=DEMO&page_size=48': demo.json(),
    });
    expect(JSON.stringify(data)).toContain('Real money game');
    expect(JSON.stringify(data)).toContain('Virtual money game');
    // A search in the address is the app's to make.
    expect(pageData((await get('/campaigns?q=virtual')).body)).toBeUndefined();
    // Pages without such data carry none.
    expect(pageData((await get('/')).body)).toBeUndefined();
    expect(pageData((await get('/campaigns/no-such-game')).body)).toBeUndefined();
  });

  it("names the screen's code, texts and styles for the browser to fetch with the entry", async () => {
    const italian = await get('/campaigns', { 'accept-language': 'it' });
    expect(preloads(italian.body, 'modulepreload').sort()).toEqual(
      [
        '/assets/campaigns-page-1.js',
        '/assets/campaigns-it.js',
        '/assets/messages-1.js',
        '/assets/query-1.js',
        '/assets/query-layout-1.js',
        '/assets/security-it.js',
      ].sort(),
    );
    expect(preloads(italian.body, 'preload')).toEqual(['/assets/campaigns-page-1.css']);
    // What the entry loads itself (index.html names it) is not named twice.
    expect(italian.body).not.toContain('react-1.js');
    // The home page is the entry's own; a page the table does not know gets no hints.
    for (const url of ['/', '/news']) {
      const res = await get(url);
      expect(preloads(res.body, 'modulepreload')).toEqual([]);
    }
  });

  it('compresses the page for a client that accepts it, and not for one that does not', async () => {
    await insertCampaign(t.database.db);
    const plain = await get('/campaigns', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await get('/campaigns', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const brHtml = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(brHtml.length).toBeGreaterThan(br.rawPayload.length);
    expect(brHtml).toBe(plain.body);

    const gzip = await get('/campaigns', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('a shared studio link (ADR 0038)', () => {
  it('previews as that studio: its name and bio; a studio without public campaigns is a 404', async () => {
    const studio = await registerUser(t);
    await insertCampaign(t.database.db, { developerId: studio.id, studioLegalName: 'Faro <Games>' });
    await studio.client.request('PUT', '/api/studio-profile/', { body: { bio: 'Cozy games from Genoa.' } });
    const res = await get(`/studios/${studio.payload.username}`, { 'user-agent': 'facebookexternalhit/1.1' });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Faro &#60;Games&#62;: game studio · IndieSplit');
    expect(meta(res.body, 'og:description')).toBe('Cozy games from Genoa.');
    expect(meta(res.body, 'og:url')).toBe(`${PUBLIC_URL}/studios/${studio.payload.username}`);
    const italian = await get(`/studios/${studio.payload.username}`, { 'accept-language': 'it' });
    expect(titleOf(italian.body)).toBe('Faro &#60;Games&#62;: studio di sviluppo · IndieSplit');

    const nobody = await registerUser(t);
    expect((await get(`/studios/${nobody.payload.username}`)).statusCode).toBe(404);
  });
});
