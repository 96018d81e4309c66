import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ErrorResponse } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';
import { PNG } from './support/uploads';

/**
 * Malformed multipart forms on every upload route (issue 27 item 9): busboy's refusals carry no status, and they
 * answered 500. A form that cannot be read is a 400 in Spanish (MESSAGES.malformedForm); eleven files where one is
 * allowed is a 413 of its own (TOO_MANY_FILES), not "the file is too large". Each route is called by every demo
 * user type: the ones it refuses answer 403, the ones it serves must read the form first.
 */
const seeded = await seededDatabase('multipart');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
await app.ready();
const tokens = await Promise.all(DEMO_USERS.map((user) => signIn(app, user.email, DEMO_PASSWORD)));
afterAll(async () => {
  await app.close();
  await seeded.close();
});

type Operation = { description?: string; requestBody?: { content?: Record<string, unknown> } };
type Document = { paths: Record<string, Record<string, Operation>> };
/** An upload route: its body is a multipart form (@fastify/swagger shows `consumes` only in the description). */
const isUpload = (operation: Operation) =>
  Boolean(operation.requestBody?.content?.['multipart/form-data']) ||
  /^multipart\/form-data/.test(operation.description ?? '');
const document = app.swagger() as unknown as Document;
const uploads = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([, operation]) => isUpload(operation))
    .map(([method]) => ({ method: method.toUpperCase() as 'POST', url: path.replace(/\{[^}]+\}/g, '1') })),
);

const CRLF = '\r\n';
const b = `malformado${randomUUID().replace(/-/g, '')}`;
const long = 'b'.repeat(100);
const filePart = (boundary: string) =>
  `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="a.png"${CRLF}` +
  `Content-Type: image/png${CRLF}${CRLF}`;

const MALFORMED: { label: string; contentType: string; payload: Buffer }[] = [
  {
    label: 'no boundary',
    contentType: 'multipart/form-data',
    payload: Buffer.concat([Buffer.from(filePart(b)), PNG, Buffer.from(`${CRLF}--${b}--${CRLF}`)]),
  },
  {
    label: 'a truncated part',
    contentType: `multipart/form-data; boundary=${b}`,
    payload: Buffer.from(`--${b}${CRLF}Content-Disposition: form-da`),
  },
  {
    label: 'no closing boundary',
    contentType: `multipart/form-data; boundary=${b}`,
    payload: Buffer.concat([Buffer.from(filePart(b)), PNG]),
  },
  {
    label: 'a 100-character boundary',
    contentType: `multipart/form-data; boundary=${long}`,
    payload: Buffer.concat([Buffer.from(filePart(long)), PNG, Buffer.from(`${CRLF}--${long}`)]),
  },
];

function elevenFiles() {
  const parts = Array.from({ length: 11 }, (_, i) =>
    Buffer.concat([
      Buffer.from(
        `--${b}${CRLF}Content-Disposition: form-data; name="${i % 2 ? 'evidence' : 'file'}"; filename="f${i}.png"${CRLF}` +
          `Content-Type: image/png${CRLF}${CRLF}`,
      ),
      PNG,
      Buffer.from(CRLF),
    ]),
  );
  return Buffer.concat([...parts, Buffer.from(`--${b}--${CRLF}`)]);
}

describe('malformed multipart on every upload route', () => {
  it('finds the upload routes in the OpenAPI document', () => {
    expect(uploads.length).toBeGreaterThanOrEqual(5);
  });

  for (const { label, contentType, payload } of MALFORMED) {
    it(`answers a form with ${label} with 400 and a Spanish message`, async () => {
      const served: string[] = [];
      const wrong: string[] = [];
      for (const route of uploads) {
        for (const token of tokens) {
          const response = await app.inject({
            ...route,
            headers: { ...bearer(token), 'content-type': contentType },
            payload,
          });
          if (response.statusCode === 403) continue;
          served.push(route.url);
          const body = json<ErrorResponse>(response);
          if (response.statusCode !== 400 || body.message !== MESSAGES.malformedForm) {
            wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${body.code} ${body.message}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(new Set(served).size).toBe(uploads.length);
    });
  }

  it('answers eleven files in one form with 413 TOO_MANY_FILES, not FILE_TOO_LARGE', async () => {
    const wrong: string[] = [];
    let served = 0;
    for (const route of uploads) {
      for (const token of tokens) {
        const response = await app.inject({
          ...route,
          headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${b}` },
          payload: elevenFiles(),
        });
        if (response.statusCode === 403) continue;
        served++;
        const body = json<ErrorResponse>(response);
        if (response.statusCode !== 413 || body.code !== 'TOO_MANY_FILES' || body.message !== MESSAGES.tooManyFiles) {
          wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${body.code} ${body.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(served).toBeGreaterThan(0);
  });
});
