import { afterAll, expect } from 'vitest';
import { scanLogText } from './support/log-scan';
import { readTestLog } from './support/test-log';

// Issue 27 item 3 (decision 066): after every API test file, the log its apps wrote (harness.ts testLogger) holds no
// e-mail, phone, RFC or password of the test data. Registered first, this hook runs after the file's own.
afterAll(async () => {
  const findings = scanLogText(await readTestLog());
  expect(
    findings.slice(0, 10).map((f) => `${f.kind} ${f.found}: ${f.line}`),
    'personal data in the API log',
  ).toEqual([]);
});
