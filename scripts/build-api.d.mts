// Types of build-api.mjs for the TypeScript that imports it (the API tests' global setup).
import type { Metafile } from 'esbuild';

/** Bundles apps/api/src/<entry> (server.ts by default) into `outfile`; resolves with esbuild's metafile. */
export function bundleApi(outfile?: string, entry?: string): Promise<Metafile>;
