/* global AbortSignal */
// Plain Node helpers shared by the repository scripts. They run before `npm install` on a fresh clone,
// so they import nothing but Node's own modules.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installHint } from './system-packages.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');

/** package.json's `engines.node`: the one statement of which Node versions PlanPiso supports. */
export function nodeRange() {
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
}

function parseVersion(text) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Cannot read the version "${text}"`);
  return match.slice(1).map((part) => Number(part ?? 0));
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function satisfiesComparator(version, comparator) {
  const match = /^(>=|<=|>|<|=|\^)?\s*(v?\d+(?:\.\d+){0,2})$/.exec(comparator);
  if (!match) throw new Error(`Cannot read the engines comparator "${comparator}"`);
  const [, op = '=', text] = match;
  const bound = parseVersion(text);
  const order = compare(version, bound);
  if (op === '^') return order >= 0 && version[0] === bound[0];
  if (op === '>=') return order >= 0;
  if (op === '>') return order > 0;
  if (op === '<=') return order <= 0;
  if (op === '<') return order < 0;
  // A bare "20" or "20.19" means any version starting so, as in semver.
  const parts = text.replace(/^v/, '').split('.').length;
  return version.slice(0, parts).every((part, i) => part === bound[i]);
}

/**
 * True when `version` satisfies an engines range written with `||`, space-separated comparators (>=, >, <=,
 * <, ^, =) and partial versions: the subset of semver package.json uses. Anything else throws rather than
 * guessing.
 */
export function satisfiesNodeRange(version, range) {
  const parsed = parseVersion(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(parsed, comparator)),
  );
}

/** The message to stop with when `version` is outside `range`, or null when it is supported. */
export function nodeVersionProblem(version = process.versions.node, range = nodeRange()) {
  if (satisfiesNodeRange(version, range)) return null;
  return `PlanPiso needs Node.js ${range} (package.json "engines"); this is ${version}. Install a supported Node.js and run the command again.`;
}

/** Exits with a clear message when Node is outside package.json's `engines.node`. */
export function checkNodeVersion() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

/** Runs a command with inherited output; resolves with its exit code (signals count as failure). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * A fresh clone has no node_modules: install exactly the locked versions (`npm ci`, which refuses a lockfile
 * that disagrees with package.json instead of rewriting it), or resolve them (`npm install`) when there is no
 * lockfile at all.
 */
/**
 * Are the installed dependencies missing, or older than the lockfile (a pull that changed it)? npm rewrites its
 * hidden lockfile, node_modules/.package-lock.json, on every install.
 */
export function dependenciesStale(root = ROOT, marker = join('.bin', 'tsx')) {
  if (!existsSync(join(root, 'node_modules', marker))) return 'missing';
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(lock) && (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs)) {
    return 'older than package-lock.json';
  }
  return null;
}

/**
 * The bench's own dependencies (Lighthouse, autocannon…: 170 MB that neither `npm test` nor CI needs) live in
 * bench/, outside the workspaces, with their own lockfile; `npm run bench` and `npm run seed:large` install them
 * on first use.
 */
export function ensureBenchDependencies() {
  const bench = join(ROOT, 'bench');
  const stale = dependenciesStale(bench, 'lighthouse');
  if (!stale) return;
  console.log(`Installing the bench's dependencies (npm ci in bench/; bench/node_modules ${stale})...`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci in bench/ failed; fix the error above and run the command again.');
    process.exit(result.status ?? 1);
  }
}

export function ensureDependencies() {
  const stale = dependenciesStale();
  if (!stale) return;
  const args = existsSync(join(ROOT, 'package-lock.json')) ? ['ci'] : ['install'];
  console.log(`Installing dependencies (npm ${args[0]}; node_modules ${stale})...`);
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm ${args[0]} failed; fix the error above and run the command again.`);
    process.exit(result.status ?? 1);
  }
}

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/public',
  'apps/web/package.json',
  'packages/domain/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    // Tests never reach the bundle: editing one should not force a rebuild.
    if (/\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why the web bundle must be rebuilt, or null when apps/web/dist is newer than every source it comes from. */
export function webBuildReason() {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return 'apps/web/dist is missing';
  const built = statSync(index).mtimeMs;
  for (const input of WEB_INPUTS) {
    if (newestMtime(join(ROOT, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/** Builds the SPA with Vite (`npm run build -w apps/web`); `force` rebuilds even when it looks fresh. */
export async function buildWeb({ force = false } = {}) {
  const reason = force ? 'a fresh build was asked for' : webBuildReason();
  if (!reason) return 0;
  console.log(`Building the web app (${reason})...`);
  const code = await run('npm', ['run', 'build', '-w', 'apps/web']);
  if (code !== 0) console.error('The web build failed.');
  return code;
}

export const API_BUNDLE = join(ROOT, 'apps', 'api', 'dist', 'server.js');

const API_INPUTS = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/domain/src',
  'apps/simulators/src',
  'package-lock.json',
  'scripts/build-api.mjs',
];

/** Why the API bundle must be rebuilt, or null when apps/api/dist/server.js is newer than every source. */
export function apiBuildReason() {
  if (!existsSync(API_BUNDLE)) return 'apps/api/dist is missing';
  const built = statSync(API_BUNDLE).mtimeMs;
  for (const input of API_INPUTS) {
    if (newestMtime(join(ROOT, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/**
 * Bundles the API into apps/api/dist/server.js (scripts/build-api.mjs, esbuild: under a second) when it is
 * stale; `npm start` runs that plain JavaScript rather than the sources under tsx (decision 023).
 */
export async function buildApi({ force = false } = {}) {
  const reason = force ? 'a fresh build was asked for' : apiBuildReason();
  if (!reason) return 0;
  console.log(`Building the API (${reason})...`);
  const code = await run(process.execPath, [join(ROOT, 'scripts', 'build-api.mjs')]);
  if (code !== 0) console.error('The API build failed.');
  return code;
}

/** Debian's headless Chromium shell unless CHROMIUM_PATH points elsewhere; null when it is not there. */
export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
  return existsSync(path) ? path : null;
}

export const CHROMIUM_HELP =
  "The end-to-end tests drive Debian's headless Chromium shell. Install it with:\n" +
  `  ${installHint(['chromium-headless-shell', 'fonts-dejavu-core'])}\n` +
  'or set CHROMIUM_PATH to a Chromium or Chrome executable.';

/** Resolves true when `port` can be bound on `host` right now. */
export function isPortFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Polls `url` until it answers 2xx; rejects after `timeoutMs` or as soon as `stillAlive()` turns false. */
export async function waitForHttp(url, { timeoutMs = 120_000, stillAlive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!stillAlive()) throw new Error(`the process serving ${url} exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

export function rel(path) {
  return relative(ROOT, path) || '.';
}
