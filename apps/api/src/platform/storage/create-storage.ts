import { join } from 'node:path';
import type { StorageConfig } from '../config';
import { diskStorage } from './disk-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage the configuration asks for: S3 when S3_BUCKET is set, else `${DATA_DIR}/files`. */
export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? s3Storage(config.s3) : diskStorage(join(config.dataDir, 'files'));
}
