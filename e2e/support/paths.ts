import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Screenshots, logs and the TAP report of the last run (gitignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'artifacts');
export const WEB_DIST = join(REPO_ROOT, 'apps', 'web', 'dist');
