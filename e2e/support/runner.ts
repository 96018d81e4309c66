// Runs the e2e journeys against ONE stack for the whole run: starts it, runs every spec file with node's
// test runner in one process with one Chromium (one file at a time: the journeys share the database and the
// mail inbox), tears it down, and reports `N passed, N failed`. Started by scripts/test-e2e.mjs, which has
// checked Chromium and built the web bundle.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths';
import { startStack, type Stack } from './stack';

type Counts = { passed: number; failed: number; skipped: number };

function findSpecs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'support' || entry.name === 'node_modules' ? [] : findSpecs(path);
    return entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function parseTap(path: string): Counts | null {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  if (!/^# pass \d+$/m.test(text)) return null;
  return {
    passed: count('pass'),
    // A test cancelled because its hook or file failed did not pass: count it as failed.
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
  };
}

// ONE node process for every spec file (specs-entry.ts imports each inside its own describe), so tsx, the spec
// support code and Chromium start once per run instead of once per file. Node 20 has no
// --experimental-test-isolation=none, hence the entry instead of `node --test <files>`.
function runSpecs(files: string[], env: NodeJS.ProcessEnv, tapFile: string): Promise<number> {
  const args = [
    '--import',
    'tsx',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    join(REPO_ROOT, 'e2e/support/specs-entry.ts'),
    ...files,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function report(counts: Counts): void {
  if (process.env.E2E_SUMMARY_FILE) writeFileSync(process.env.E2E_SUMMARY_FILE, JSON.stringify(counts));
  console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
}

const requested = process.argv.slice(2).map((file) => join(REPO_ROOT, file));
const files = (requested.length > 0 ? requested : findSpecs(join(REPO_ROOT, 'e2e'))).sort();
if (files.length === 0) {
  console.error('No e2e/**/*.spec.ts file found.');
  report({ passed: 0, failed: 1, skipped: 0 });
  process.exit(1);
}

mkdirSync(ARTIFACTS_DIR, { recursive: true });
// Failure screenshots of an earlier run would read as this run's.
for (const file of readdirSync(ARTIFACTS_DIR)) {
  if (file.startsWith('failed-')) rmSync(join(ARTIFACTS_DIR, file));
}
const tapFile = join(ARTIFACTS_DIR, 'e2e-results.tap');
writeFileSync(tapFile, '');

let stack: Stack | undefined;
let code = 1;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stop().then(() => process.exit(130)));
}

try {
  const t0 = Date.now();
  stack = await startStack();
  console.log(
    `e2e stack up in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${stack.baseUrl} (API log: ${relative(REPO_ROOT, stack.apiLog)})`,
  );
  console.log(`Running ${files.length} spec file(s): ${files.map((f) => relative(REPO_ROOT, f)).join(', ')}\n`);
  code = await runSpecs(files, { ...process.env, ...stack.testEnv }, tapFile);
} catch (error) {
  console.error(`The e2e stack did not start: ${error instanceof Error ? error.stack : String(error)}`);
  if (stack) console.error(`See ${relative(REPO_ROOT, stack.apiLog)}`);
} finally {
  await stop();
}

const counts = parseTap(tapFile) ?? { passed: 0, failed: 1, skipped: 0 };
if (code !== 0 && counts.failed === 0) counts.failed = 1;
if (code !== 0 && stack) console.error(`\nAPI log: ${relative(REPO_ROOT, stack.apiLog)}; screenshots: artifacts/`);
report(counts);
process.exit(code === 0 && counts.failed === 0 ? 0 : 1);
