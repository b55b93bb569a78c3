import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/fixtures/investing.ts';
import { member } from '../../../test/fixtures/pitches.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;

function logoForm(data: Buffer, field = 'logo') {
  const boundary = '----logo';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('studio profiles', () => {
  it('shows a public page with the bio, links, logo and the studio’s public campaigns only', async () => {
    const studio = await member(t);
    const live = await insertCampaign(db(), { developerId: studio.id, studioLegalName: 'Faro Games S.r.l.' });
    const funded = await insertCampaign(db(), {
      developerId: studio.id,
      status: 'funded',
      committedCents: 600_000,
    });
    const draft = await insertCampaign(db(), { developerId: studio.id, status: 'draft' });

    const saved = await studio.client.request('PUT', '/api/studio-profile/', {
      body: {
        bio: 'We make <b>cozy</b> games.',
        links: [{ label: 'Website', url: 'https://farogames.example' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const logo = await studio.client.request('POST', '/api/studio-profile/logo', logoForm(png));
    expect(logo.statusCode).toBe(200);

    const page = await t.client().get(`/api/studios/${studio.payload.username}`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({
      username: studio.payload.username,
      name: 'Faro Games S.r.l.',
      bio: 'We make <b>cozy</b> games.',
      links: [{ label: 'Website', url: 'https://farogames.example' }],
    });
    expect(body.campaigns.map((c: { slug: string }) => c.slug).sort()).toEqual(
      [live.slug, funded.slug].sort(),
    );
    expect(body.campaigns.map((c: { slug: string }) => c.slug)).not.toContain(draft.slug);
    expect(body.campaigns.find((c: { slug: string }) => c.slug === funded.slug)).toMatchObject({
      status: 'funded',
      committed_cents: 600_000,
    });
    const image = await t.client().get(body.logo_url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    // The campaign page links to it.
    expect((await t.client().get(`/api/campaigns/${live.slug}/studio`)).json()).toEqual({
      username: studio.payload.username,
    });
  });

  it('has no page for an account without public campaigns', async () => {
    const someone = await member(t);
    expect((await t.client().get(`/api/studios/${someone.payload.username}`)).statusCode).toBe(404);
    expect((await t.client().get('/api/studios/nobody_at_all')).statusCode).toBe(404);
  });

  it('takes https links only, at most five, and a bounded bio, with translated errors', async () => {
    const studio = await member(t);
    const res = await studio.client.request('PUT', '/api/studio-profile/', {
      body: {
        bio: 'x'.repeat(2001),
        links: [{ label: 'Bad', url: 'javascript:alert(1)' }],
      },
      headers: { 'accept-language': 'it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_codes).toMatchObject({
      bio: 'studioBioTooLong',
      links: 'studioLinkInvalid',
    });
    const many = await studio.client.request('PUT', '/api/studio-profile/', {
      body: {
        links: Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: `https://x${i}.example` })),
      },
    });
    expect(many.json().error_codes).toMatchObject({ links: 'studioTooManyLinks' });
    expect((await studio.client.get('/api/studio-profile/')).json()).toMatchObject({ bio: '', links: [] });
    // A visitor edits nothing.
    expect((await t.client().request('PUT', '/api/studio-profile/', { body: { bio: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it('refuses a logo that is not an image', async () => {
    const studio = await member(t);
    const res = await studio.client.request(
      'POST',
      '/api/studio-profile/logo',
      logoForm(Buffer.from('<svg onload=alert(1)>')),
    );
    expect(res.json().code).toBe('invalidImage');
  });

  it('erases the profile with the account', async () => {
    const studio = await member(t);
    await insertCampaign(db(), { developerId: studio.id });
    await studio.client.request('PUT', '/api/studio-profile/', { body: { bio: 'Soon gone.' } });
    expect((await studio.client.delete('/api/user/delete/')).statusCode).toBe(200);
    expect((await t.client().get(`/api/studios/${studio.payload.username}`)).statusCode).toBe(404);
  });
});
