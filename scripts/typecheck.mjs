// `npm run typecheck`: `tsc -p` for every workspace, as many at a time as there are cores (each run is
// single-threaded, and one after the other they took two minutes on 2 cores). Each project's output is
// printed whole when it finishes, so errors of two projects never interleave.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/setup.mjs';

// Slowest first, so the last one to start is a quick one.
const PROJECTS = ['apps/web', 'apps/api', 'e2e', 'apps/simulators', 'packages/domain'];
const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    // tsc writes to a pipe here: ask for colours only when a person is watching.
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty', String(!!process.stdout.isTTY)], {
      cwd: ROOT,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} tsc -p ${project} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
const worker = async () => {
  while (queue.length > 0) results.push(await check(queue.shift()));
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
