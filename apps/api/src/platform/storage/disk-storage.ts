import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { assertStorageKey, StorageNotFoundError, type Storage } from './storage';

/**
 * Files on the local disk under `root` (`${DATA_DIR}/files`). Writes go to a temporary name and are renamed into
 * place, so a reader never sees half a file; every path is resolved and checked to stay under the root.
 */
export function diskStorage(root: string): Storage {
  const base = resolve(root);

  function pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  }

  return {
    kind: 'disk',

    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = join(dirname(path), `.${randomUUID()}.part`);
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(partial, { flags: 'wx' }),
        );
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      if (!(await isFile(path))) throw new StorageNotFoundError(key);
      return createReadStream(path);
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      return isFile(pathOf(key));
    },
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
