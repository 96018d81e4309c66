// Runs the e2e journeys: starts one whole stack per lane, runs the lane's spec files with node's test runner in
// one process with one Chromium (one file at a time within a lane: its journeys share the database and the mail
// inbox), tears the stacks down, and reports `N passed, N failed`. Started by scripts/test-e2e.mjs, which has
// checked Chromium and built the web bundle.
//
// Lanes (E2E_LANES, default 1): each lane is a stack of its own running its share of the files. Measured on this
// 2-core machine one lane already keeps both cores busy (a journey's page loads are Chromium's CPU, about 10 CPU-s
// for 6 s of wall time), so two lanes took as long (1121 s vs 1078 s) under twice the load; more cores make them pay.
// Files go to lanes longest first by their last measured time (e2e/support/durations.json, refreshed with
// E2E_RECORD_DURATIONS=1), so the lanes end together.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { ARTIFACTS_DIR, REPO_ROOT } from './paths';
import { startStack, type Stack } from './stack';

type Counts = { passed: number; failed: number; skipped: number };
type LaneResult = { code: number; tapFile: string; apiLog?: string };

const DURATIONS_FILE = join(REPO_ROOT, 'e2e/support/durations.json');
/** A file never measured counts as an average one. */
const UNKNOWN_FILE_SECONDS = 20;

function findSpecs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'support' || entry.name === 'node_modules' ? [] : findSpecs(path);
    return entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function parseTap(text: string): Counts | null {
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  if (!/^# pass \d+$/m.test(text)) return null;
  return {
    passed: count('pass'),
    // A test cancelled because its hook or file failed did not pass: count it as failed.
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
  };
}

/** Seconds per spec file (repository-relative), from the top-level suites of a TAP report. */
function fileDurations(text: string): Record<string, number> {
  const found: Record<string, number> = {};
  const pattern = /^(?:not )?ok \d+ - (e2e\/\S+\.spec\.ts)\n(?: {2}.*\n)*? {2}duration_ms: ([\d.]+)/gm;
  for (const match of text.matchAll(pattern)) found[match[1]!] = Math.round(Number(match[2]) / 100) / 10;
  return found;
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function writeDurations(durations: Record<string, number>): void {
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}

function laneCount(files: number): number {
  const wanted = Number(process.env.E2E_LANES ?? 1);
  return Math.max(1, Math.min(files, Number.isInteger(wanted) ? wanted : 1));
}

/** Longest first, each file to the lane that would end soonest; within a lane the files keep their sorted order. */
function planLanes(files: string[], count: number, durations: Record<string, number>): string[][] {
  const seconds = (file: string) => durations[relative(REPO_ROOT, file)] ?? UNKNOWN_FILE_SECONDS;
  const lanes = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a))) {
    const lane = lanes.reduce((best, candidate) => (candidate.total < best.total ? candidate : best));
    lane.files.push(file);
    lane.total += seconds(file);
  }
  return lanes.map((lane) => lane.files.sort());
}

// ONE node process per lane for all its spec files (specs-entry.ts imports each inside its own describe), so tsx,
// the spec support code and Chromium start once per lane instead of once per file. Node 20 has no
// --experimental-test-isolation=none, hence the entry instead of `node --test <files>`. With more than one lane,
// each output line says its lane.
function runSpecs(files: string[], env: NodeJS.ProcessEnv, tapFile: string, label: string): Promise<number> {
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
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const relay = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) =>
      createInterface({ input: from }).on('line', (line) => to.write(`${label}${line}\n`));
    relay(child.stdout!, process.stdout);
    relay(child.stderr!, process.stderr);
    child.on('close', (code) => resolve(code ?? 1));
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
// Failure screenshots and TAP reports of an earlier run would read as this run's.
for (const file of readdirSync(ARTIFACTS_DIR)) {
  if (file.startsWith('failed-') || /^e2e-results.*\.tap$/.test(file)) rmSync(join(ARTIFACTS_DIR, file));
}

const durations = readDurations();
const lanes = planLanes(files, laneCount(files.length), durations);
const stacks: Stack[] = [];
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.all(stacks.map((stack) => stack.stop()));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stop().then(() => process.exit(130)));
}

const runLane = async (laneFiles: string[], lane: number): Promise<LaneResult> => {
  const name = lanes.length === 1 ? 'e2e' : `e2e-${lane + 1}`;
  const tapFile = join(ARTIFACTS_DIR, lanes.length === 1 ? 'e2e-results.tap' : `e2e-results-${lane + 1}.tap`);
  writeFileSync(tapFile, '');
  const label = lanes.length === 1 ? '' : `[lane ${lane + 1}] `;
  let stack: Stack | undefined;
  try {
    const t0 = Date.now();
    stack = await startStack({ name });
    stacks.push(stack);
    console.log(
      `${label}e2e stack up in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${stack.baseUrl} (API log: ${relative(REPO_ROOT, stack.apiLog)})`,
    );
    console.log(
      `${label}Running ${laneFiles.length} spec file(s): ${laneFiles.map((f) => relative(REPO_ROOT, f)).join(', ')}\n`,
    );
    const code = await runSpecs(laneFiles, { ...process.env, ...stack.testEnv }, tapFile, label);
    return { code, tapFile, apiLog: stack.apiLog };
  } catch (error) {
    console.error(`${label}The e2e stack did not start: ${error instanceof Error ? error.stack : String(error)}`);
    return { code: 1, tapFile, apiLog: stack?.apiLog };
  }
};

let results: LaneResult[] = [];
try {
  results = await Promise.all(lanes.map(runLane));
} finally {
  await stop();
}

const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
const measured: Record<string, number> = {};
for (const result of results) {
  const text = existsSync(result.tapFile) ? readFileSync(result.tapFile, 'utf8') : '';
  const lane = parseTap(text) ?? { passed: 0, failed: 1, skipped: 0 };
  if (result.code !== 0 && lane.failed === 0) lane.failed = 1;
  counts.passed += lane.passed;
  counts.failed += lane.failed;
  counts.skipped += lane.skipped;
  Object.assign(measured, fileDurations(text));
  if (result.code !== 0 && result.apiLog) console.error(`\nAPI log: ${relative(REPO_ROOT, result.apiLog)}`);
}
if (counts.failed > 0) console.error('Screenshots of failures: artifacts/failed-*.png');
// `E2E_RECORD_DURATIONS=1 npm run test:e2e` keeps this run's file times for the next runs' lane plan.
if (process.env.E2E_RECORD_DURATIONS === '1') writeDurations({ ...durations, ...measured });
report(counts);
process.exit(counts.failed === 0 && results.every((r) => r.code === 0) ? 0 : 1);
