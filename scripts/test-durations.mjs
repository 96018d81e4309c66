// `npm run test:durations`: after a quiet `npm run test:api`, copies how long each API test file took from vitest's
// results cache into apps/api/test/durations.json (the files that ran; the others keep their times), which orders
// the files longest first (scripts/lib/test-order.mjs).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/setup.mjs';
import { durationsOf } from './lib/test-order.mjs';

const cacheDir = join(ROOT, 'node_modules', '.vite', 'vitest');
const caches = existsSync(cacheDir)
  ? readdirSync(cacheDir)
      .map((hash) => join(cacheDir, hash, 'results.json'))
      .filter((file) => existsSync(file))
  : [];
if (caches.length === 0) {
  console.error('No vitest results cache yet: run `npm run test:api` first.');
  process.exit(1);
}
const measured = Object.assign({}, ...caches.map((file) => durationsOf(JSON.parse(readFileSync(file, 'utf8')), 'api')));
// A run of some files updates theirs and keeps the others' times.
const target = join(ROOT, 'apps', 'api', 'test', 'durations.json');
const kept = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
const merged = Object.fromEntries(Object.entries({ ...kept, ...measured }).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`${Object.keys(measured).length} API test files timed anew, ${Object.keys(merged).length} in ${target}.`);
