// The one list of Debian packages the repository's commands need beyond Node (docs/decisions/019). `npm test`
// and `npm start` read it through ensureSystemPackages(); .ci/run runs this file. Plain Node with no
// dependencies: it runs before `npm ci`.
//
//   node scripts/lib/system-packages.mjs test    install (as root) what `npm test` lacks, or name the command
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Each entry: the Debian package, how to tell it is present (`file`: a path that exists; `command`: an
 * executable on PATH), which repository commands need it, and why.
 */
export const SYSTEM_PACKAGES = [
  {
    name: 'chromium-headless-shell',
    // CHROMIUM_PATH may point at another Chromium or Chrome; then Debian's is not needed.
    file: () => process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    neededBy: ['test'],
    // The headless shell, not the whole browser: the same engine at ~40% less CPU per journey (decision 090).
    why: 'the end-to-end journeys drive a headless Chromium',
  },
  {
    name: 'chromium',
    file: () => '/usr/bin/chromium',
    neededBy: ['bench'],
    why: 'Lighthouse and the menu-click bench measure the browser users run',
  },
  {
    name: 'fonts-dejavu-core',
    file: () => '/usr/share/fonts/truetype/dejavu',
    neededBy: ['test'],
    why: 'without a font the screenshots show boxes instead of the Spanish labels',
  },
  {
    name: 'poppler-utils',
    command: 'pdftotext',
    neededBy: ['test'],
    why: 'the report tests read the PDFs as a person would (pdftotext)',
  },
];

/** The repository commands that read the list (`npm start`, `npm test`). */
export const COMMANDS = ['start', 'test', 'bench'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True when `name` is an executable file in one of PATH's folders. */
export function onPath(name, path = process.env.PATH ?? '') {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(join(dir, name)));
}

/** The entries `command` needs that this machine lacks. */
export function missingPackages(command, { list = SYSTEM_PACKAGES, exists = existsSync, which = onPath } = {}) {
  return list
    .filter((entry) => entry.neededBy.includes(command))
    .filter((entry) => (entry.command ? !which(entry.command) : !exists(entry.file())));
}

/** What was looked for and not found, for messages: `no pdftotext on PATH`, `no /usr/bin/chromium`. */
export function describe(entry) {
  return entry.command ? `no ${entry.command} on PATH` : `no ${entry.file()}`;
}

/** The shell command a person runs to install `names`. */
export function installHint(names) {
  return `sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`;
}

/**
 * What to do about the missing packages: nothing, install them (root with apt-get: the exact argv lists to
 * run, `apt-get update` first), or refuse with the command a person must run.
 */
export function planSystemPackages(missing, { uid, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const names = missing.map((entry) => entry.name);
  const reasons = missing.map((entry) => `  ${entry.name} (${describe(entry)}): ${entry.why}`).join('\n');
  if (uid === 0 && hasAptGet) {
    return {
      action: 'install',
      names,
      steps: [
        ['apt-get', ['update', '-qq']],
        ['apt-get', ['install', '-y', '-qq', ...names]],
      ],
      message: `Installing ${names.join(', ')} with apt-get:\n${reasons}`,
    };
  }
  const why = hasAptGet ? 'Only root may install them' : 'apt-get is not available here';
  return {
    action: 'refuse',
    names,
    message:
      `This machine lacks ${names.join(', ')}:\n${reasons}\n${why}; run:\n  ${installHint(names)}\n` +
      'then run the command again.',
  };
}

function currentUid() {
  return typeof process.getuid === 'function' ? process.getuid() : -1;
}

/**
 * Makes sure the packages `command` needs are present: installs them when running as root, otherwise exits
 * with the exact command to run. Returns the names it installed.
 */
export function ensureSystemPackages(command) {
  const plan = planSystemPackages(missingPackages(command), { uid: currentUid(), hasAptGet: onPath('apt-get') });
  if (plan.action === 'none') return [];
  if (plan.action === 'refuse') {
    console.error(plan.message);
    process.exit(1);
  }
  console.log(plan.message);
  for (const [program, args] of plan.steps) {
    // No stdin and no questions: apt-get must never wait for an answer nobody will type.
    const result = spawnSync(program, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(`${program} ${args.join(' ')} failed (exit code ${result.status ?? result.signal}).`);
      process.exit(result.status || 1);
    }
  }
  const still = missingPackages(command).map((entry) => `${entry.name} (${describe(entry)})`);
  if (still.length > 0) {
    // E.g. CHROMIUM_PATH names a browser elsewhere: Debian's package cannot put it there.
    console.error(`Still missing after apt-get: ${still.join(', ')}.`);
    process.exit(1);
  }
  console.log(`Installed ${plan.names.join(', ')}.`);
  return plan.names;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const command = process.argv[2];
  if (!COMMANDS.includes(command)) {
    console.error(`Usage: node scripts/lib/system-packages.mjs <${COMMANDS.join('|')}>`);
    process.exit(2);
  }
  ensureSystemPackages(command);
}
