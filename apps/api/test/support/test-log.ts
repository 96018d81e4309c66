import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

/** This test process's API log: one file per process in the run's log directory (global-setup.ts). */
export const testLogPath = () => join(inject('logDir'), `api-${process.pid}.log`);

let logStream: WriteStream | undefined;

/**
 * The logger of every app a test builds: info and up, appended to this process's file, which log-scan-setup.ts
 * scans for personal data after each test file (issue 27 item 3, decision 066).
 */
export function testLogger(): { level: string; stream: NodeJS.WritableStream } {
  logStream ??= createWriteStream(testLogPath(), { flags: 'a' });
  return { level: 'info', stream: logStream };
}

/** This process's log as written so far (everything written has reached the file), or '' if nothing logged. */
export async function readTestLog(): Promise<string> {
  if (logStream) {
    const stream = logStream;
    await new Promise<void>((resolve, reject) => stream.write('', (error) => (error ? reject(error) : resolve())));
  }
  return existsSync(testLogPath()) ? readFile(testLogPath(), 'utf8') : '';
}
