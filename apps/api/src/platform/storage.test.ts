import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { createFileStorage, type FileStorage, LocalFileStorage } from './storage.ts';
import { S3FileStorage, StorageUnavailableError } from './storage-s3.ts';

// One contract, two stores: the local folder and an S3-compatible server (s3rver, a real server
// speaking the S3 protocol over HTTP on a loopback port), both reached through createFileStorage
// as the configuration selects them.

let s3: TestS3;
let localDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  localDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-storage-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(localDir, { recursive: true, force: true });
});

function configFor(env: Record<string, string>) {
  return parseConfig({ NODE_ENV: 'test', DATA_DIR: localDir, SESSION_SECRET: 'x'.repeat(32), ...env })
    .storage;
}

const stores: Array<[string, () => Promise<FileStorage>]> = [
  ['the local folder', () => createFileStorage(configFor({}))],
  ['S3-compatible object storage', () => createFileStorage(configFor(s3.env))],
];

describe.each(stores)('file storage contract: %s', (_name, open) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await open();
  });
  afterAll(() => storage?.close?.());

  const key = (folder = 'avatars') => `${folder}/${randomBytes(16).toString('hex')}.webp`;

  it('gives back exactly the bytes it was given, binary and several hundred kB', async () => {
    const k = key();
    const data = randomBytes(700 * 1024);
    await storage.put(k, data);
    const back = await storage.get(k);
    expect(back).not.toBeNull();
    expect(back?.equals(data)).toBe(true);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get(key())).toBeNull();
  });

  it('replaces a file put twice under the same key', async () => {
    const k = key('statements');
    await storage.put(k, Buffer.from('first version'));
    await storage.put(k, Buffer.from('second'));
    expect((await storage.get(k))?.toString()).toBe('second');
  });

  it('deletes a file, and deleting it again is not an error', async () => {
    const k = key('pitches');
    await storage.put(k, Buffer.from('%PDF-1.7 deck'));
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('keeps files under different keys apart', async () => {
    const [a, b] = [key(), key()];
    await storage.put(a, Buffer.from('alice'));
    await storage.put(b, Buffer.from('bob'));
    await storage.delete(a);
    expect(await storage.get(a)).toBeNull();
    expect((await storage.get(b))?.toString()).toBe('bob');
  });

  it.each([
    '../.session-secret',
    'avatars/../../etc/passwd',
    '/etc/passwd',
    'avatars/Name.webp',
    'avatars/x.webp?versionId=1',
    'avatars//x.webp',
    '',
  ])('refuses the key %j: reading finds nothing, writing and deleting throw', async (bad) => {
    expect(await storage.get(bad)).toBeNull();
    await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(bad)).rejects.toThrow(/Invalid storage key/);
  });
});

describe('selection by configuration', () => {
  it('uses the local folder by default, under DATA_DIR/uploads', async () => {
    const storage = await createFileStorage(configFor({}));
    expect(storage).toBeInstanceOf(LocalFileStorage);
    await storage.put('covers/abc.webp', Buffer.from('cover'));
    expect(await readdir(path.join(localDir, 'uploads', 'covers'))).toEqual(['abc.webp']);
  });

  it('uses the bucket with STORAGE=s3, and writes nothing to the local folder', async () => {
    const storage = await createFileStorage(configFor(s3.env));
    expect(storage).toBeInstanceOf(S3FileStorage);
    await storage.put('covers/only-in-the-bucket.webp', Buffer.from('cover'));
    expect(await readdir(path.join(localDir, 'uploads', 'covers'))).not.toContain('only-in-the-bucket.webp');
    storage.close?.();
  });

  it('stores objects as downloads, so a file opened straight from the bucket is never rendered', async () => {
    const storage = await createFileStorage(configFor(s3.env));
    await storage.put('avatars/direct.webp', Buffer.from('<html><script>alert(1)</script>'));
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'avatars/direct.webp' }));
    expect(head.ContentType).toBe('application/octet-stream');
    expect(head.ContentDisposition).toBe('attachment');
    client.destroy();
    storage.close?.();
  });
});

describe('a bucket that cannot be used stops the start, naming S3_BUCKET', () => {
  it('when the bucket does not exist', async () => {
    const config = configFor({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    const err = await createFileStorage(config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toMatch(
      /^S3_BUCKET: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+/,
    );
    expect((err as Error).message).toContain('the bucket does not exist');
  });

  it('when the access key is refused', async () => {
    const config = configFor({ ...s3.env, S3_ACCESS_KEY_ID: 'UNKNOWNKEY' });
    const err = await createFileStorage(config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toMatch(/^S3_BUCKET: bucket "uploads-[a-f0-9]+" at http/);
    expect((err as Error).message).toContain('access denied');
  });

  it('when nothing listens at the endpoint, within seconds', async () => {
    // A port that was free a moment ago: connections to it are refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const started = Date.now();
    const config = configFor({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
    const err = await createFileStorage(config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toContain(`S3_BUCKET: bucket "${s3.bucket}" at http://127.0.0.1:${port}`);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('storage settings that cannot work are refused at start, naming the variable', () => {
  const refused = (env: Record<string, string>) => {
    try {
      configFor(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('configuration was accepted');
  };
  const s3Env = () => ({ ...s3.env });

  it.each([
    ['STORAGE', { STORAGE: 'ftp' }],
    ['S3_BUCKET', { STORAGE: 's3', S3_REGION: 'eu-south-1' }],
    ['S3_BUCKET', { STORAGE: 's3', S3_REGION: 'eu-south-1', S3_BUCKET: 'Not_A_Bucket' }],
    ['S3_REGION', { STORAGE: 's3', S3_BUCKET: 'uploads' }],
    ['S3_ENDPOINT', { STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'x', S3_ENDPOINT: 'minio:9000' }],
    ['S3_SECRET_ACCESS_KEY', { STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'AK' }],
    [
      'S3_FORCE_PATH_STYLE',
      { STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'x', S3_FORCE_PATH_STYLE: 'yes' },
    ],
  ])('%s', (name, env) => {
    expect(refused(env)).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('reads a complete S3 setting, with the SDK credential chain when no keys are given', () => {
    const { S3_ACCESS_KEY_ID: _k, S3_SECRET_ACCESS_KEY: _s, ...withoutKeys } = s3Env();
    expect(configFor(withoutKeys)).toEqual({
      kind: 's3',
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: null,
    });
  });
});
