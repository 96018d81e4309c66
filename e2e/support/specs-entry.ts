// The whole e2e run in ONE node process with ONE Chromium (issue 28): runner.ts starts
// `node --import tsx e2e/support/specs-entry.ts <spec files>`, and this imports each spec file inside its own
// `describe(<file>)`, so a spec's top-level before/after stay scoped to that file (node:test attaches hooks and
// tests to the suite whose callback is running, imports included). The files run one after the other in the
// order given: the journeys share the database and the mail inbox.
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { closeBrowser, keepBrowserOpen } from './browser';
import { REPO_ROOT } from './paths';

// A file's limit, as `node --test --test-timeout` gave each file its own process: long journeys (refinancing,
// lender) take 60–100 s on an idle 2-core machine and 300 s beside another npm test (load 25, two e2e lanes); they
// must still pass there, and a hang still fails.
const FILE_TIMEOUT_MS = 600_000;

keepBrowserOpen();
after(closeBrowser);

for (const file of process.argv.slice(2)) {
  describe(relative(REPO_ROOT, file), { timeout: FILE_TIMEOUT_MS }, async () => {
    try {
      await import(pathToFileURL(file).href);
    } catch (error) {
      // A file that throws at import is a failed test, never a file that quietly ran nothing.
      test('loads', () => {
        throw error;
      });
    }
  });
}
