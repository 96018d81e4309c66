import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/api, found by walking up from this module to the package.json named @planpiso/api: the same answer from
 * the TypeScript sources (tsx, tests) and from the bundle in apps/api/dist (decision 023), whose depth differs.
 */
function findApiDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@planpiso/api'
    ) {
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`apps/api/package.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const API_DIR = findApiDir();
/** The repository root, so relative defaults work from any working directory. */
export const REPO_ROOT = resolve(API_DIR, '../..');
