import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A real S3-compatible server (s3rver: the S3 REST protocol over HTTP, objects in a folder) run in
// the test process on a free loopback port, with one empty bucket.

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings that point the API at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'indiesplit-s3-'));
  const bucket = `uploads-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials: it checks the signature against them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
