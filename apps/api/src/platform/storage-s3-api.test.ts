import { existsSync } from 'node:fs';
import path from 'node:path';
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePdf, member, submit, validFields } from '../../test/fixtures/pitches.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { S3FileStorage } from './storage-s3.ts';

// The API with STORAGE=s3 against a real S3-compatible server: files go to the bucket, nothing to
// the local folder, and they come back through the API with the same protective headers as from
// the local folder (type, Content-Disposition, nosniff, a sandboxing CSP).

let s3: TestS3;
let t: TestApp;
let bucket: S3Client;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: s3.env });
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  await s3?.close();
});

async function objectKeys(): Promise<string[]> {
  const res = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (res.Contents ?? []).map((o) => o.Key ?? '');
}

function avatarUpload(png: Buffer) {
  const boundary = '----IndieSplitS3Test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('STORAGE=s3', () => {
  it('runs the app on the bucket', () => {
    expect(t.app.ctx.storage).toBeInstanceOf(S3FileStorage);
  });

  it('stores an uploaded avatar in the bucket and serves it with the same headers as before', async () => {
    const { client } = await registerUser(t);
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 140, b: 90 } },
    })
      .png()
      .toBuffer();
    const res = await client.request('POST', '/api/user/update-profile-picture/', avatarUpload(png));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.profile_picture_url;
    const file = url.split('/').pop() ?? '';
    expect(await objectKeys()).toContain(`avatars/${file}`);
    expect(existsSync(path.join(t.config.uploadsDir, 'avatars'))).toBe(false);

    const served = await t.client().get(`/api${url}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition']).toBe('inline; filename="avatar.webp"');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512 });

    // Replacing it removes the old object from the bucket.
    const again = await client.request('POST', '/api/user/update-profile-picture/', avatarUpload(png));
    expect(again.statusCode).toBe(200);
    expect(await objectKeys()).not.toContain(`avatars/${file}`);
    expect((await t.client().get(`/api${url}`)).statusCode).toBe(404);
  });

  it('stores a pitch deck in the bucket and downloads it, byte for byte, as an attachment', async () => {
    const admin = await member(t, 'admin');
    const pdf = await makePdf('Deck in a bucket');
    const submitted = await submit(t.client(), validFields({ project_name: 'Bucket Quest' }), { data: pdf });
    expect(submitted.statusCode).toBe(201);
    const id = submitted.json().id;
    expect((await objectKeys()).some((k) => k.startsWith('pitches/'))).toBe(true);

    const download = await admin.client.get(`/api/backoffice/pitches/${id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Bucket Quest.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('checks the bucket, not the local uploads folder, for readiness', async () => {
    const ready = await t.client().get('/api/ready');
    expect(ready.json().checks.uploadsDir.ok).toBe(true);
    // The bucket's access goes away: the instance is no longer ready, and says why.
    for (const Key of await objectKeys())
      await bucket.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key }));
    await bucket.send(new DeleteBucketCommand({ Bucket: s3.bucket }));
    // Readiness answers are reused for a second: move the clock it reads past that.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
    try {
      const gone = await t.client().get('/api/ready');
      expect(gone.statusCode).toBe(503);
      expect(gone.json().failing).toContain('uploadsDir');
    } finally {
      vi.useRealTimers();
    }
  });
});
