import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../../platform/config';
import type { Storage } from '../../platform/storage/storage';
import { BackupError, type BucketObject, type StoredFileEntry } from './manifest';

/** Every stored file under the disk storage's root (`${DATA_DIR}/files`); its writes in progress (`.*.part`) skipped. */
export async function storedKeys(root: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const keys: string[] = [];
  for (const name of names) {
    if (name.split(sep).some((part) => part.startsWith('.'))) continue;
    if ((await stat(join(root, name))).isFile()) keys.push(name.split(sep).join('/'));
  }
  return keys.sort();
}

/** Copies every stored file into `dest` by key, hashing the bytes as they pass. */
export async function copyStoredFiles(root: string, dest: string): Promise<StoredFileEntry[]> {
  const entries: StoredFileEntry[] = [];
  for (const key of await storedKeys(root)) {
    const target = join(dest, ...key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const tap = new PassThrough();
    tap.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(createReadStream(join(root, ...key.split('/'))), tap, createWriteStream(target, { flags: 'wx' }));
    entries.push({ key, size, sha256: hash.digest('hex') });
  }
  return entries;
}

/**
 * Puts the backup's files (their checksums already checked) back through the app's storage (disk, or a bucket when
 * S3_* is set), each read back and hashed again: the bytes the app will serve are the ones backed up.
 */
export async function restoreStoredFiles(
  storage: Storage,
  source: string,
  entries: StoredFileEntry[],
  contentTypeOf: (key: string) => string,
): Promise<void> {
  for (const entry of entries) {
    const path = join(source, ...entry.key.split('/'));
    await storage.put(entry.key, createReadStream(path), { contentType: contentTypeOf(entry.key), size: entry.size });
    const hash = createHash('sha256');
    await pipeline(await storage.get(entry.key), hash);
    if (hash.digest('hex') !== entry.sha256) {
      throw new BackupError(`${entry.key}: lo guardado no coincide con el respaldo.`);
    }
  }
}

/**
 * The bucket's listing (key, size, ETag), for the manifest: the objects themselves stay in the bucket, which has its
 * own versioning and replication (decision 084). Untested here: there is no bucket on this machine.
 */
export async function listBucket(config: S3Config): Promise<BucketObject[]> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: config.forcePathStyle } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const objects: BucketObject[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        objects.push({
          key: object.Key ?? '',
          size: object.Size ?? 0,
          etag: object.ETag ?? '',
          lastModified: object.LastModified?.toISOString() ?? null,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return objects;
}
