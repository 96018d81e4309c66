import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './precompress';

// The config can be run from the repo root (`npx vite build -c apps/web/vite.config.ts`) or from apps/web.
const root = fileURLToPath(new URL('.', import.meta.url));

// In development the SPA and the API live on different ports; the proxy keeps every call same-origin so the
// refresh cookie (SameSite=Strict, Path=/api/identity) travels as it will in production.
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true },
  '/socket.io': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true, ws: true },
};

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The sign-in page budget is 150 KB gzip (entry + its static imports); see scripts/login-bundle-size.mjs.
    chunkSizeWarningLimit: 600,
    // No preload map in the entry: it lists every chunk of every screen and grew with each feature, on the page
    // that must stay small. A lazy screen fetches its own imports as the browser parses it (one round trip more).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
});
