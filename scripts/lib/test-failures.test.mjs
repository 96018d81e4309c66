import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eFailures, vitestFailures } from './test-failures.mjs';

describe("the summary's failed tests", () => {
  it('names each failed vitest test with its file and first error line, and a file that did not load', () => {
    const report = {
      testResults: [
        {
          name: '/repo/apps/api/test/a.test.ts',
          status: 'failed',
          assertionResults: [
            {
              fullName: 'lists › keeps the total',
              status: 'failed',
              failureMessages: ['AssertionError: 3 !== 4\n  at x'],
            },
            { fullName: 'lists › pages', status: 'passed', failureMessages: [] },
          ],
        },
        {
          name: '/repo/apps/api/test/b.test.ts',
          status: 'failed',
          message: 'Cannot find module x\nstack',
          assertionResults: [],
        },
        {
          name: '/repo/apps/api/test/c.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'ok', status: 'passed' }],
        },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      'apps/api/test/a.test.ts › lists › keeps the total: AssertionError: 3 !== 4',
      'apps/api/test/b.test.ts: Cannot find module x',
    ]);
    expect(vitestFailures(null, '/repo')).toEqual([]);
  });

  it("names the e2e journeys that the runner's TAP files report as not ok, with their error and the line that threw it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tap-'));
    writeFileSync(
      join(dir, 'e2e-results.tap'),
      [
        'TAP version 13',
        '# Subtest: e2e/login.spec.ts',
        '    not ok 1 - signs in and lands on the menu',
        '      ---',
        '      duration_ms: 12.5',
        "      error: 'the menu''s first entry'",
        '      stack: |-',
        '        <anonymous> (/tmp/ci/e2e/login.spec.ts:12:5)',
        '        async journey (/tmp/ci/e2e/support/journey.ts:28:7)',
        '      ...',
        '    ok 2 - shows the error',
        '    not ok 3 - times out',
        '      ---',
        '      error: |-',
        '        locator.waitFor: Timeout 15000ms exceeded.',
        '        Call log:',
        '      ...',
        'not ok 1 - e2e/login.spec.ts',
        '  ---',
        "  error: '2 subtests failed'",
        '  ...',
        'ok 2 - e2e/users.spec.ts',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'other.tap'), 'not ok 1 - ignored\n');
    expect(e2eFailures(dir)).toEqual([
      "signs in and lands on the menu: the menu's first entry (e2e/login.spec.ts:12:5)",
      'times out: locator.waitFor: Timeout 15000ms exceeded.',
      'e2e/login.spec.ts',
    ]);
    expect(e2eFailures(join(dir, 'missing'))).toEqual([]);
  });
});
