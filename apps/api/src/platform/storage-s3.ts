import type { S3Client } from '@aws-sdk/client-s3';
import { ConfigError, type StorageConfig } from '../config.ts';
import { type FileStorage, KEY_PATTERN } from './storage.ts';

// Uploaded files in an S3-compatible object store (AWS S3, MinIO, Ceph, R2 …), selected with
// STORAGE=s3 (ADR 0021). Objects are private: the API reads them and answers with its own headers
// (type, Content-Disposition, nosniff, CSP), exactly as it does for the local folder, so nothing
// about how a file is shown depends on the store.

type S3Sdk = typeof import('@aws-sdk/client-s3');
type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** A connection that cannot be made, or an answer that does not come, fails instead of hanging. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** A setting that points at a bucket the API cannot use: reported like any other bad setting. */
export class StorageUnavailableError extends ConfigError {}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStorage implements FileStorage {
  private readonly sdk: S3Sdk;
  private readonly client: S3Client;
  private readonly bucket: string;

  private constructor(sdk: S3Sdk, client: S3Client, bucket: string) {
    this.sdk = sdk;
    this.client = client;
    this.bucket = bucket;
  }

  /** Loads the SDK (only deployments that use S3 pay for it) and checks that the bucket answers. */
  static async fromConfig(config: S3Config): Promise<S3FileStorage> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
      maxAttempts: 3,
    });
    const storage = new S3FileStorage(sdk, client, config.bucket);
    await storage.check(config.endpoint);
    return storage;
  }

  /** Fails with a message naming the bucket when it cannot be reached or used. */
  async check(endpoint?: string): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      const reason =
        status === 404
          ? 'the bucket does not exist'
          : status === 403
            ? 'access denied (check the credentials and the bucket policy)'
            : (e.message ?? e.name ?? String(err));
      throw new StorageUnavailableError(
        `S3_BUCKET: bucket "${this.bucket}" at ${endpoint ?? 'the AWS default endpoint'} is not usable: ${reason}`,
      );
    }
  }

  private keyOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentLength: data.length,
        // What the object is does not matter to the API (it sets its own type when serving), but an
        // object opened straight from the store must not be rendered by a browser.
        ContentType: 'application/octet-stream',
        ContentDisposition: 'attachment',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    if (!KEY_PATTERN.test(key)) return null;
    try {
      const res = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // Deleting a key that is not there succeeds, as on the local folder.
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
