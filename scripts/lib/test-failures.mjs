// The failed tests' names for `npm test`'s summary: CI keeps only the end of the output, so a red run must say
// there which test failed, not only how many.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The failed tests of a vitest JSON report (and the files that failed to load), each with its first error line. */
export function vitestFailures(json, root) {
  const failures = [];
  for (const file of json?.testResults ?? []) {
    const where = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return failures;
}

/** The failed journeys, read from the e2e runner's TAP files (one per lane) in `dir`. */
export function e2eFailures(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^e2e-results(-\d+)?\.tap$/.test(name))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => /^\s*not ok \d+ - /.test(line))
    .map((line) => line.trim().replace(/^not ok \d+ - /, ''));
}

const firstLine = (text) => (text ?? '').trim().split('\n')[0].slice(0, 300);
