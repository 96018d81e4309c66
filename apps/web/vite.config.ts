import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { plainSvgIcons } from './plain-svg-icons';
import { precompress } from './precompress';

// The config can be run from the repo root (`npx vite build -c apps/web/vite.config.ts`) or from apps/web.
const root = fileURLToPath(new URL('.', import.meta.url));

// In development the SPA and the API live on different ports; the proxy keeps every call same-origin so the
// refresh cookie (SameSite=Strict, Path=/api/identity) travels as it will in production.
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true },
  '/socket.io': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true, ws: true },
};

/**
 * Whether an app module imports an MUI X package (grid, pickers), itself or through the app's own modules it imports:
 * such a module stays out of `app`, which the shell loads (a group takes its modules' imports along).
 */
const reachesMuiX = (() => {
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
      if (spec.startsWith('@mui/x-')) return true;
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
 * Issue 31 (decision 083): a few script files instead of ~150. Without groups the bundler cut one chunk per set of
 * screens sharing a module, and a list's first load fetched ~140 files in a waterfall 12 imports deep.
 * - `sign-in`: everything the entry imports statically (the sign-in page's own code), as before, in one file;
 * - `vendor`: the libraries two or more lazy chunks share (MUI core, emotion, react-query, notistack…);
 * - `app`: the app's own modules two or more lazy chunks share (components, lib, api modules, the domain), but not
 *   those that import the grid or the pickers.
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
    name: 'vendor',
    test: (id: string) => id.includes('node_modules') && !MUI_X.test(id),
    minShareCount: 2,
    priority: 30,
  },
  {
    name: 'app',
    test: (id: string) =>
      /apps[\\/]web[\\/]src[\\/](?:components|lib|features[\\/][^\\/]+[\\/]api)[\\/]|packages[\\/]domain/.test(id) &&
      !reachesMuiX(id),
    minShareCount: 2,
    priority: 10,
  },
];

export default defineConfig({
  root,
  plugins: [plainSvgIcons(), react(), precompress()],
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
