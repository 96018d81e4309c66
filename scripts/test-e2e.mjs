// `npm run test:e2e`: the end-to-end journeys in headless Chromium against one real stack (embedded
// PostgreSQL, mail catcher, API serving the built SPA). Checks Chromium, builds the web and API bundles when stale,
// then hands over to e2e/support/runner.ts (under tsx), which starts the stack, runs every spec file in one
// node process with one Chromium (e2e/support/specs-entry.ts) and tears the stack down.
//
//   node scripts/test-e2e.mjs                          every e2e/**/*.spec.ts
//   node scripts/test-e2e.mjs e2e/identity/x.spec.ts   only those files
//
// E2E_SUMMARY_FILE=<path> makes it write {passed, failed, skipped} there (scripts/test.mjs reads it).
import { writeFileSync } from 'node:fs';
import {
  buildApi,
  buildWeb,
  checkNodeVersion,
  CHROMIUM_HELP,
  chromiumPath,
  ensureDependencies,
  ROOT,
  run,
} from './lib/setup.mjs';

checkNodeVersion();
ensureDependencies();

function fail(message) {
  console.error(`\nE2E FAILED: ${message}`);
  if (process.env.E2E_SUMMARY_FILE) {
    writeFileSync(process.env.E2E_SUMMARY_FILE, JSON.stringify({ passed: 0, failed: 1, skipped: 0 }));
  }
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// Never a silent skip: a machine without a browser must not look green.
const chromium = chromiumPath();
if (!chromium) {
  fail(
    `Chromium was not found at ${process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell'}.\n${CHROMIUM_HELP}`,
  );
}

if ((await buildWeb()) !== 0) fail('the web app did not build (npm run build -w apps/web).');
if ((await buildApi()) !== 0) fail('the API did not build (node scripts/build-api.mjs).');

const code = await run(process.execPath, ['--import', 'tsx', 'e2e/support/runner.ts', ...process.argv.slice(2)], {
  cwd: ROOT,
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(code);
