import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    expect(meta(res.body, 'og:image')).toBe(`${PUBLIC_URL}/media/covers/lanterns.webp`);
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

describe('a shared studio link (ADR 0904)', () => {
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
