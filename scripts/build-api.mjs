// `node scripts/build-api.mjs`: bundles the API into apps/api/dist/server.js with esbuild (decision 023), so
// `npm start` runs plain JavaScript instead of compiling TypeScript through tsx's loader at start and on every
// import. The workspace packages (@planpiso/domain, the simulators' defaults) are TypeScript and go into the
// bundle; everything from node_modules stays an import, resolved by Node as usual. Not committed (dist/).
import { build } from 'esbuild';
import { join } from 'node:path';
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

await build({
  absWorkingDir: ROOT,
  entryPoints: [join(ROOT, 'apps', 'api', 'src', 'server.ts')],
  outfile: join(ROOT, 'apps', 'api', 'dist', 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [external],
});
