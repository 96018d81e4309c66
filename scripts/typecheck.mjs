// `npm run typecheck`: `tsc -p` for every workspace, one after the other (each run checks on several threads).
// The compiler is TypeScript 7 (the native one, `typescript7` in package.json): the same checks about four times
// faster than 5.9, which stays `typescript` for the tools that load its JavaScript API (typescript-eslint) and for
// editors (decision 090).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/setup.mjs';

const PROJECTS = ['apps/web', 'apps/api', 'e2e', 'apps/simulators', 'packages/domain'];
const tsc = join(ROOT, 'node_modules', 'typescript7', 'bin', 'tsc');

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

const results = [];
for (const project of PROJECTS) results.push(await check(project));
process.exit(results.every(Boolean) ? 0 : 1);
