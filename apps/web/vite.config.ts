import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type ProxyOptions } from 'vite';
import { plainSvgIcons } from './plain-svg-icons';
import { precompress } from './precompress';
import { shellPreload } from './shell-preload';
import { webDomainValues, webOperations } from './web-domain';

// The config can be run from the repo root (`npx vite build -c apps/web/vite.config.ts`) or from apps/web.
const root = fileURLToPath(new URL('.', import.meta.url));

// In development the SPA and the API live on different ports; the proxy keeps every call same-origin so the
// refresh cookie (SameSite=Strict, Path=/api/identity) travels as it will in production.
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true },
  '/socket.io': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true, ws: true },
};

/**
 * Whether an app module imports a library of a few screens — MUI X (grid, pickers), the CSV parser, d3 — itself or
 * through the app's own modules it imports: such a module stays out of `app`, which the shell loads (a module in
 * `app` that imports the parser makes the shell load the parser's chunk).
 */
const reachesScreenLibrary = (() => {
  const known = new Map<string, boolean>();
  const resolve = (from: string, spec: string) =>
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => join(dirname(from), spec) + ext)
      .find((path) => existsSync(path) && statSync(path).isFile());
  const visit = (file: string): boolean => {
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    known.set(file, false); // a cycle answers no; the module that closes it answers for it
    const source = readFileSync(file, 'utf8');
    const imports = [...source.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);
    const found = imports.some((spec) => {
      if (/^(?:@mui\/x-|papaparse|d3-)/.test(spec)) return true;
      if (!spec.startsWith('.')) return false;
      const path = resolve(file, spec);
      return path !== undefined && visit(path);
    });
    known.set(file, found);
    return found;
  };
  return (id: string) => {
    const file = id.split('?')[0]!;
    return /\.tsx?$/.test(file) && existsSync(file) && visit(file);
  };
})();
const MUI_X = /node_modules[\\/]@mui[\\/]x-/;

/**
 * The modules a dealer's first load needs (issue 31): what the shell and the main screens import statically, followed
 * through node_modules. Computed once per chunking pass from the module graph rolldown hands the group's `name`.
 */
const FIRST_LOAD_ROOTS = [
  'src/app/shell/app-layout.tsx',
  'src/app/shell/page-frame.tsx',
  'src/app/list-prefetch.ts',
  'src/features/provisions/provisions-list.tsx',
  'src/features/users/user-list.tsx',
].map((path) => join(root, path));
let firstLoadModules: Set<string> | undefined;
const firstLoad = (id: string, ctx: ChunkingContext) => {
  if (!firstLoadModules) {
    firstLoadModules = new Set<string>();
    const stack = [...FIRST_LOAD_ROOTS];
    while (stack.length) {
      const next = stack.pop()!;
      if (firstLoadModules.has(next)) continue;
      firstLoadModules.add(next);
      stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return firstLoadModules.has(id);
};
/** A new build (a watch's rebuild) has a new module graph. */
const firstLoadReset = { name: 'first-load-reset', buildStart: () => void (firstLoadModules = undefined) };

/**
 * Issue 31 (decisions 083, 094): a few script files instead of ~150, and the first load of a dealer's screen fetching
 * only what it runs. Without groups the bundler cut one chunk per set of screens sharing a module, and a list's first
 * load fetched ~140 files in a waterfall 12 imports deep. With one shared group a list loaded every library any two
 * screens share (the autocomplete, the chips, date-fns…): 121 KB of 146 on the wire it never ran.
 * - `sign-in`: everything the entry imports statically (the sign-in page's own code), as before, in one file;
 * - `vendor` / `vendor-more`: the libraries two or more lazy chunks share — those the shell and the main screens
 *   import (MUI's core, emotion, react-query, notistack…), and the rest;
 * - `app` / `app-more`: the same split of the app's own shared modules (components, lib, api modules, the domain),
 *   but not those that import the grid or the pickers.
 * A module used by one screen stays in that screen's chunk.
 */
const CHUNK_GROUPS = [
  { name: 'sign-in', tags: ['$initial' as const], priority: 40 },
  // Libraries of a few screens only, kept out of `vendor` (which every screen loads with the shell): the charts'
  // d3 (statistics, portfolio) and the CSV parser (the files a dealer uploads). Not the pickers' date parsing: a
  // group takes its modules' imports along, so it took date-fns's core, which `vendor` needs, and came with the shell.
  { name: 'charts-vendor', test: /node_modules[\\/](?:d3-[^\\/]+|internmap)[\\/]/, priority: 35 },
  { name: 'csv-vendor', test: /node_modules[\\/]papaparse[\\/]/, priority: 35 },
  {
    name: (id: string, ctx: ChunkingContext) => (firstLoad(id, ctx) ? 'vendor' : 'vendor-more'),
    test: (id: string) => id.includes('node_modules') && !MUI_X.test(id),
    minShareCount: 2,
    priority: 30,
  },
  {
    name: (id: string, ctx: ChunkingContext) => (firstLoad(id, ctx) ? 'app' : 'app-more'),
    test: (id: string) =>
      /apps[\\/]web[\\/]src[\\/](?:components|lib|features[\\/][^\\/]+[\\/]api)[\\/]|packages[\\/]domain/.test(id) &&
      !reachesScreenLibrary(id),
    minShareCount: 2,
    priority: 10,
  },
];

export default defineConfig({
  root,
  plugins: [
    plainSvgIcons(),
    react(),
    webOperations(),
    webDomainValues(),
    shellPreload(),
    precompress(),
    firstLoadReset,
  ],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The sign-in page budget is 150 KB gzip (entry + its static imports); see scripts/login-bundle-size.mjs.
    chunkSizeWarningLimit: 600,
    // Vite's preload map: a lazy chunk's imports are fetched beside it, not after it is parsed (no waterfall). With
    // the groups below the map names a few files per screen: 0.6 KB brotli in the entry, which shrank by 2.6 KB.
    modulePreload: {},
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
