import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@planpiso/domain';
import { e2eEnv } from './env';

/**
 * The API as the signed-in page calls it (its session token), from this process: a JSON answer parsed, any other
 * (a PDF, an XLSX) as bytes. A refused call fails the step with the server's answer.
 */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
  const response = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer())) as T;
}
