import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts in dist are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Under this the headers outweigh the saving (the API's dynamic threshold is the same, decision 023). */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of the build of 1 KB or
 * more, once at build time, so the API sends them as they are (@fastify/static `preCompressed`) and spends no
 * CPU per request. A compressed copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'planpiso-precompress',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
        const source = readFileSync(path);
        const br = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
        if (br.length < source.length) writeFileSync(`${path}.br`, br);
        if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
