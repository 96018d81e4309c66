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

/**
 * The failed journeys, read from the e2e runner's TAP files (one per lane) in `dir`, each with its error's first line
 * and the spec line that threw it (node's TAP block under the `not ok`); a file's own "N subtests failed" adds nothing
 * and is left at its name.
 */
export function e2eFailures(dir) {
  if (!existsSync(dir)) return [];
  const lines = readdirSync(dir)
    .filter((name) => /^e2e-results(-\d+)?\.tap$/.test(name))
    .sort()
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'));
  const failures = [];
  lines.forEach((line, index) => {
    const failed = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!failed) return;
    const { error, at } = tapBlock(lines, index + 1, failed[1]);
    const said = error && !/^\d+ subtests? failed$/.test(error) ? `: ${error}${at ? ` (${at})` : ''}` : '';
    failures.push(`${failed[2].trim()}${said}`);
  });
  return failures;
}

/** The `error:` and the first stack frame of the YAML block that follows a TAP result line, if it has one. */
function tapBlock(lines, start, indent) {
  if (lines[start]?.trim() !== '---') return {};
  let error = '';
  let at = '';
  for (let i = start + 1; i < lines.length && lines[i].trim() !== '...'; i += 1) {
    const field = new RegExp(`^${indent}  (error|stack): ?(.*)$`).exec(lines[i]);
    if (!field) continue;
    // A multi-line value (`|-`) starts on the next line.
    const value = /^[|>]-?$/.test(field[2]) ? (lines[i + 1] ?? '').trim() : field[2].trim();
    if (field[1] === 'error' && !error) error = unquote(value).slice(0, 300);
    if (field[1] === 'stack' && !at) at = /\(([^()]+)\)\s*$/.exec(value)?.[1] ?? value;
  }
  return { error, at: at.replace(/^.*?\/(e2e\/)/, '$1') };
}

const unquote = (text) => (/^'.*'$/.test(text) ? text.slice(1, -1).replace(/''/g, "'") : text);

const firstLine = (text) => (text ?? '').trim().split('\n')[0].slice(0, 300);
