import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../../test/harness.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const FIVE_MB = 5 * 1024 * 1024;

// --- building requests and images by hand -------------------------------------------------------

function multipart(parts: Array<{ field: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = `----IndieSplitBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  client: TestClient,
  data: Buffer | string,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const body = multipart([
    {
      field: options.field ?? 'profile_picture',
      filename: options.filename ?? 'avatar.png',
      type: options.type ?? 'image/png',
      data,
    },
  ]);
  return client.request('POST', '/api/user/update-profile-picture/', body);
}

const solid = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid, all-black 1-bit PNG: a few kilobytes on disk, width × height pixels once decoded. */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pads a real PNG to exactly `size` bytes with a private ancillary chunk that decoders skip. */
function padPng(png: Buffer, size: number): Buffer {
  const iend = png.length - 12;
  const padding = pngChunk('prVt', Buffer.alloc(size - png.length - 12, 0x61));
  const result = Buffer.concat([png.subarray(0, iend), padding, png.subarray(iend)]);
  expect(result.length).toBe(size);
  return result;
}

async function avatarKeyOf(id: string) {
  const [row] = await t.database.db.select({ key: users.avatarKey }).from(users).where(eq(users.id, id));
  return row?.key ?? null;
}

async function storedAvatars(): Promise<string[]> {
  const dir = path.join(t.config.uploadsDir, 'avatars');
  return existsSync(dir) ? readdir(dir) : [];
}

// --- tests --------------------------------------------------------------------------------------

describe('POST /api/user/update-profile-picture/', () => {
  it.each([
    ['PNG', () => solid().png().toBuffer(), 'me.png', 'image/png'],
    ['JPEG', () => solid().jpeg().toBuffer(), 'me.jpg', 'image/jpeg'],
    ['WebP', () => solid().webp().toBuffer(), 'me.webp', 'image/webp'],
  ])('accepts a %s and serves it re-encoded as a 512 px WebP', async (_format, make, filename, type) => {
    const { client, id } = await registerUser(t);
    const res = await upload(client, await make(), { filename, type });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Profile picture updated successfully!' });
    expect(body.user.id).toBe(id);
    const url: string = body.user.profile_picture_url;
    expect(url).toMatch(/^\/media\/avatars\/[a-f0-9]{32}\.webp$/);

    const served = await t.client().get(`/api${url}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="avatar.webp"');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    expect((await client.get('/api/user/')).json().user.profile_picture_url).toBe(url);
    expect((await client.get('/api/auth/authenticated/')).json().profile_picture_url).toBe(url);
  });

  it('judges the format by content, not by the declared name or type', async () => {
    const { client } = await registerUser(t);
    const png = await solid().png().toBuffer();
    const res = await upload(client, png, { filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.profile_picture_url).toMatch(/\.webp$/);
  });

  it('strips EXIF, GPS and every other metadata from the stored image', async () => {
    const { client } = await registerUser(t);
    const secret = 'Secret-Photographer-Name';
    const jpeg = await solid(80, 60)
      .jpeg()
      .withExif({
        IFD0: { Artist: secret, Copyright: secret, ImageDescription: 'home address' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 28/1 0/1', GPSLongitudeRef: 'E' },
      })
      .toBuffer();
    // The upload really carries the metadata, so the test proves the server removed it.
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined();
    expect(jpeg.includes(Buffer.from(secret))).toBe(true);

    const res = await upload(client, jpeg, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const served = await client.get(`/api${res.json().user.profile_picture_url}`);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from(secret))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('refuses an HTML page renamed .png and sent as image/png with 400 invalidImage', async () => {
    const { client, id } = await registerUser(t);
    const before = await storedAvatars();
    const html = '<!doctype html><html><body><script>fetch("/api/user/")</script></body></html>';
    const res = await upload(client, html, { filename: 'avatar.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'invalidImage',
      message: 'Please select a valid image file (JPG, PNG, or WebP)',
    });
    expect(await avatarKeyOf(id)).toBeNull();
    expect(await storedAvatars()).toEqual(before);
  });

  it.each([
    ['a GIF', () => Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!', 'latin1')],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['a PNG signature followed by HTML', () => Buffer.concat([PNG_SIGNATURE, Buffer.from('<html>x</html>')])],
    ['a truncated PNG', async () => (await solid().png().toBuffer()).subarray(0, 40)],
    ['an empty file', () => Buffer.alloc(0)],
  ])('refuses %s with 400 invalidImage', async (_label, make) => {
    const { client, id } = await registerUser(t);
    const res = await upload(client, await make());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalidImage');
    expect(await avatarKeyOf(id)).toBeNull();
  });

  it('refuses a file of 5 MB + 1 byte with 413 imageTooLarge', async () => {
    const { client, id } = await registerUser(t);
    const tooBig = padPng(await solid().png().toBuffer(), FIVE_MB + 1);
    const res = await upload(client, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'imageTooLarge', message: 'File size must be less than 5MB' });
    expect(await avatarKeyOf(id)).toBeNull();
  });

  it('accepts an image of exactly 5 MB', async () => {
    const { client } = await registerUser(t);
    const res = await upload(client, padPng(await solid().png().toBuffer(), FIVE_MB));
    expect(res.statusCode).toBe(200);
  });

  it('accepts a detailed photo of several megabytes (the JSON body limit does not apply)', async () => {
    const { client } = await registerUser(t);
    const noisy = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(FIVE_MB);
    const res = await upload(client, noisy);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a pixel bomb (small file, 100 megapixels) with 400 imageTooManyPixels', async () => {
    const { client, id } = await registerUser(t);
    const bomb = blackPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const res = await upload(client, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'imageTooManyPixels' });
    expect(await avatarKeyOf(id)).toBeNull();
  });

  it('refuses an image just above 40 megapixels', async () => {
    const { client } = await registerUser(t);
    const res = await upload(client, blackPng(8_000, 5_001));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('imageTooManyPixels');
  });

  it('removes the previous avatar file when a new one replaces it', async () => {
    const { client, id } = await registerUser(t);
    const first = await upload(client, await solid().png().toBuffer());
    const firstUrl: string = first.json().user.profile_picture_url;
    const firstKey = await avatarKeyOf(id);
    expect(await t.app.ctx.storage.get(firstKey!)).not.toBeNull();

    const second = await upload(client, await solid(30, 30).jpeg().toBuffer(), { type: 'image/jpeg' });
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().user.profile_picture_url;
    expect(secondUrl).not.toBe(firstUrl);

    expect(await t.app.ctx.storage.get(firstKey!)).toBeNull();
    expect((await client.get(`/api${firstUrl}`)).statusCode).toBe(404);
    expect((await client.get(`/api${secondUrl}`)).statusCode).toBe(200);
  });

  it('keeps the current avatar when a replacement is refused', async () => {
    const { client, id } = await registerUser(t);
    const first = await upload(client, await solid().png().toBuffer());
    const url = first.json().user.profile_picture_url;
    const refused = await upload(client, '<html></html>');
    expect(refused.statusCode).toBe(400);
    expect((await client.get('/api/user/')).json().user.profile_picture_url).toBe(url);
    expect(await avatarKeyOf(id)).not.toBeNull();
    expect((await client.get(`/api${url}`)).statusCode).toBe(200);
  });

  it('refuses an upload under another field name or without multipart', async () => {
    const { client } = await registerUser(t);
    const png = await solid().png().toBuffer();
    const wrongField = await upload(client, png, { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe('invalidImage');
    const json = await client.post('/api/user/update-profile-picture/', {
      profile_picture: png.toString('base64'),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('invalidImage');
  });

  it('answers 401 to a visitor and 403 to a request without the CSRF header', async () => {
    const png = await solid().png().toBuffer();
    const visitor = await upload(t.client(), png);
    expect(visitor.statusCode).toBe(401);

    const { client, id } = await registerUser(t);
    const body = multipart([{ field: 'profile_picture', filename: 'a.png', type: 'image/png', data: png }]);
    const forged = await client.request('POST', '/api/user/update-profile-picture/', {
      ...body,
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    expect(await avatarKeyOf(id)).toBeNull();
  });
});

describe('serving avatars', () => {
  it('answers 404 for an avatar that does not exist and refuses paths that are not avatar names', async () => {
    const client = t.client();
    expect((await client.get(`/api/media/avatars/${'a'.repeat(32)}.webp`)).statusCode).toBe(404);
    for (const url of [
      '/api/media/avatars/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/media/avatars/..%2F.session-secret',
      `/api/media/avatars/${'a'.repeat(32)}.html`,
      '/api/media/../../package.json',
    ]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], url).not.toBe('image/webp');
      expect(res.body, url).not.toContain('indiesplit');
    }
  });
});

describe('one user cannot touch another user’s avatar', () => {
  it('leaves A’s avatar as it is when B uploads, erases or deletes', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const aliceUpload = await upload(alice.client, await solid().png().toBuffer());
    const aliceUrl: string = aliceUpload.json().user.profile_picture_url;
    const aliceBytes = (await t.client().get(`/api${aliceUrl}`)).rawPayload;

    // B names A's avatar and A's id wherever it could matter; B's own account is all that changes.
    const bobUpload = await bob.client.request('POST', `/api/user/update-profile-picture/?id=${alice.id}`, {
      ...multipart([
        { field: 'user_id', data: alice.id },
        {
          field: 'profile_picture',
          filename: aliceUrl.split('/').pop()!,
          type: 'image/jpeg',
          data: await solid(20, 20).jpeg().toBuffer(),
        },
      ]),
    });
    expect(bobUpload.statusCode).toBe(200);
    expect(bobUpload.json().user.id).toBe(bob.id);
    expect(bobUpload.json().user.profile_picture_url).not.toBe(aliceUrl);

    await bob.client.post('/api/user/update/', {
      first_name: 'Bob',
      last_name: '',
      username: bob.payload.username,
      email: bob.payload.email,
      profile_picture_url: aliceUrl,
    });
    expect(await bob.client.delete('/api/user/delete-all-data/').then((r) => r.statusCode)).toBe(200);
    expect(await bob.client.delete('/api/user/delete/').then((r) => r.statusCode)).toBe(200);

    expect((await alice.client.get('/api/user/')).json().user.profile_picture_url).toBe(aliceUrl);
    const after = await t.client().get(`/api${aliceUrl}`);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(aliceBytes)).toBe(true);
  });
});
