// `npm test`: first the Debian packages the stages need (scripts/lib/system-packages.mjs: installed when run
// as root, otherwise it stops with the apt-get command to run) and the locked dependencies; then every check a
// change must pass, in the order that fails fastest to read: lint, formatting (prettier --check), typecheck,
// unit tests, API integration tests (throwaway embedded PostgreSQL), end-to-end journeys (headless Chromium).
// The e2e stage runs beside the others (its output is kept and printed whole when it ends): one Chromium keeps
// ~70% of the two cores busy, and the other stages fill the rest (TEST_SERIAL=1 runs them one after the other).
// Every stage runs even after a failure, so one run reports everything; the summary ends with
// `N passed, N failed` (tests for the test stages, one check each for lint, format and typecheck) and the exit
// code is non-zero when anything failed.
//
//   node scripts/test.mjs                 all stages
//   node scripts/test.mjs unit api        only those stages
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eFailures, vitestFailures } from './lib/test-failures.mjs';
import { checkNodeVersion, CHROMIUM_HELP, chromiumPath, ensureDependencies, ROOT, run } from './lib/setup.mjs';
import { ensureSystemPackages } from './lib/system-packages.mjs';

checkNodeVersion();
ensureSystemPackages('test');
ensureDependencies();

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const ARTIFACTS_DIR = join(ROOT, 'artifacts');
const reports = mkdtempSync(join(tmpdir(), 'planpiso-test-'));

/** A stage that either passes or fails as a whole. */
const check = (name, command, args) => ({
  name,
  async run() {
    const code = await run(command, args);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, note: code === 0 ? 'ok' : `exit code ${code}` };
  },
});

/** A vitest project, counted from its JSON report. */
const vitest = (project) => ({
  name: project,
  async run() {
    const report = join(reports, `${project}.json`);
    const code = await run(bin('vitest'), [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]);
    const json = readJson(report);
    return {
      ...fromCounts(code, json, (json) => ({
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
        // A file that fails to load has no failed test but a failed suite.
        brokenFiles: json.numFailedTestSuites ?? 0,
      })),
      failures: vitestFailures(json, ROOT),
    };
  },
});

const e2e = {
  name: 'e2e',
  /** `output`: a file descriptor for its stdout and stderr when it runs beside other stages. */
  async run(output) {
    const report = join(reports, 'e2e.json');
    const code = await run(process.execPath, [join(ROOT, 'scripts', 'test-e2e.mjs')], {
      env: { ...process.env, E2E_SUMMARY_FILE: report },
      ...(output === undefined ? {} : { stdio: ['ignore', output, output] }),
    });
    return { ...fromCounts(code, readJson(report), (json) => json), failures: e2eFailures(ARTIFACTS_DIR) };
  },
};

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
  } catch {
    return null;
  }
}

/** Turns a runner's counts into a stage result; a non-zero exit with no failed test still counts as one failure. */
function fromCounts(code, json, toCounts) {
  if (!json) return { passed: 0, failed: 1, note: `no report (exit code ${code})` };
  const counts = toCounts(json);
  let failed = counts.failed;
  const notes = [];
  if (counts.brokenFiles && failed === 0) {
    failed = counts.brokenFiles;
    notes.push(`${counts.brokenFiles} file(s) failed to run`);
  }
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`exit code ${code}`);
  }
  if (counts.passed + failed === 0) {
    failed = 1;
    notes.push('ran no test');
  }
  if (counts.skipped) notes.push(`${counts.skipped} skipped`);
  return { passed: counts.passed, failed, note: notes.join('; ') };
}

const stages = [
  check('lint', 'npm', ['run', '-s', 'lint']),
  check('format', bin('prettier'), ['--check', '.']),
  check('typecheck', 'npm', ['run', '-s', 'typecheck']),
  vitest('unit'),
  vitest('api'),
  e2e,
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !stages.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`Unknown stage(s): ${unknown.join(', ')}. Stages: ${stages.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

const selected = stages.filter((s) => wanted.length === 0 || wanted.includes(s.name));
if (selected.includes(e2e) && !chromiumPath()) {
  // Said now rather than after the other stages: the e2e stage will fail.
  console.error(`Chromium is missing, so the e2e stage will fail.\n${CHROMIUM_HELP}`);
}

const results = [];
const started = Date.now();
const timed = async (stage, output) => {
  const t0 = Date.now();
  const result = await stage.run(output);
  return { name: stage.name, seconds: (Date.now() - t0) / 1000, ...result };
};

// The e2e stage beside the rest, its output in a file until it ends.
const beside = selected.includes(e2e) && selected.length > 1 && process.env.TEST_SERIAL !== '1';
let besideRun;
if (beside) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const logPath = join(ARTIFACTS_DIR, 'e2e-stage.log');
  const output = openSync(logPath, 'w');
  console.log(`\n━━ e2e (beside the other stages; its output follows them, live in ${logPath}) ━━`);
  besideRun = timed(e2e, output).finally(() => closeSync(output));
}
for (const stage of selected) {
  if (beside && stage === e2e) continue;
  console.log(`\n━━ ${stage.name} ━━`);
  results.push(await timed(stage));
}
if (besideRun) {
  const result = await besideRun;
  console.log('\n━━ e2e ━━');
  process.stdout.write(readFileSync(join(ARTIFACTS_DIR, 'e2e-stage.log')));
  results.push(result);
}
rmSync(reports, { recursive: true, force: true });

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\n━━ summary ━━');
for (const r of results) {
  const status = r.failed > 0 ? 'FAIL' : 'ok  ';
  const counts = `${r.passed} passed, ${r.failed} failed`.padEnd(22);
  console.log(`  ${status} ${r.name.padEnd(10)} ${counts} ${r.seconds.toFixed(1).padStart(6)} s  ${r.note}`);
}
console.log(`  total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
// Named here, just above the closing line, because CI keeps only the end of the output.
for (const r of results) {
  for (const failure of r.failures ?? []) console.log(`  ✗ ${r.name}: ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
