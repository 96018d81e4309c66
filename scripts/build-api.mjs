// `node scripts/build-api.mjs`: bundles the API into apps/api/dist/server.js with esbuild (decision 023), so
// `npm start` runs plain JavaScript instead of compiling TypeScript through tsx's loader at start and on every
// import. The workspace packages (@planpiso/domain, the simulators' defaults) are TypeScript and go into the
// bundle; everything from node_modules stays an import, resolved by Node as usual. Not committed (dist/).
// scripts/build-image.mjs calls bundleApi() with its own output file (the container image, decision 086).
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/setup.mjs';

const external = {
  name: 'node-modules-external',
  setup(b) {
    // Bare specifiers are packages: keep them external unless they are one of ours (TypeScript sources).
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@planpiso/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles apps/api/src/server.ts (or another entry of apps/api/src, e.g. cli/create-superuser.ts) into `outfile`;
 * resolves with esbuild's metafile (what the bundle imports).
 */
export async function bundleApi(outfile = join(ROOT, 'apps', 'api', 'dist', 'server.js'), entry = 'server.ts') {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'apps', 'api', 'src', entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    plugins: [external],
  });
  return result.metafile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await bundleApi();
