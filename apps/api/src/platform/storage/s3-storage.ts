import type { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { assertStorageKey, StorageNotFoundError, type Storage } from './storage';

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2...). Kept small on purpose: there is no bucket here to test
 * against, so only the configuration that selects it is tested (test/files.test.ts). The SDK is loaded on first
 * use, so an API on the disk storage never pays for it at start.
 */
export function s3Storage(config: S3Config): Storage {
  let ready: Promise<{ sdk: Sdk; client: InstanceType<Sdk['S3Client']> }> | undefined;
  const connect = () =>
    (ready ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: config.forcePathStyle } : {}),
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
      }),
    })));
  const Bucket = config.bucket;
  const missing = (sdk: Sdk, error: unknown) => error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound;

  return {
    kind: 's3',

    async put(key, body, { contentType, size }) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }),
      );
    },

    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return answer.Body as Readable;
      } catch (error) {
        if (missing(sdk, error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (missing(sdk, error)) return false;
        throw error;
      }
    },
  };
}
