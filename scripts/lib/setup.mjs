/* global AbortSignal */
// Plain Node helpers shared by the repository scripts. They run before `npm install` on a fresh clone,
// so they import nothing but Node's own modules.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');
export const MIN_NODE = [20, 19];

/** Exits with a clear message when Node is older than package.json's `engines`. */
export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    console.error(`PlanPiso needs Node.js >= ${MIN_NODE.join('.')}; this is ${process.versions.node}.`);
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

/** A fresh clone has no node_modules: install them (the lockfile decides the versions). */
export function ensureDependencies() {
  if (existsSync(join(ROOT, 'node_modules', '.bin', 'tsx'))) return;
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed; fix the error above and run the command again.');
    process.exit(result.status ?? 1);
  }
}

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
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

/** Debian's Chromium unless CHROMIUM_PATH points elsewhere; null when it is not there. */
export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

export const CHROMIUM_HELP =
  "The end-to-end tests drive Debian's Chromium. Install it with:\n" +
  '  sudo apt-get update && sudo apt-get install -y chromium fonts-dejavu-core\n' +
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
