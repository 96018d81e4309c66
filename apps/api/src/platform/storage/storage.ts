import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where files live (issue 13, decision 018): the local disk under DATA_DIR by default, an S3-compatible bucket when
 * S3_* is set. Keys are always made by the server (`makeStorageKey`); nothing a user typed ever becomes a path.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Writes the whole body under `key`; `size` is known for every upload (S3 wants the length up front). */
  put(key: string, body: Readable | Buffer, options: { contentType: string; size: number }): Promise<void>;
  /** The stored bytes; throws StorageNotFoundError when nothing is stored under `key`. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`nothing stored under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/** A key is segments of [a-z0-9-], e.g. `evidences/2026/11/3f0c…`; anything else is refused before any I/O. */
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.length > 300) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** `<area>/<yyyy>/<mm>/<uuid>`: spread by month, unguessable, free of the user's file name. */
export function makeStorageKey(area: string, now: Date): string {
  const key = `${area}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  assertStorageKey(key);
  return key;
}
