import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_OPERATIONS, API_PERMISSIONS, operationKey, type Operation } from '@planpiso/domain';
import { isApiPath } from '../src/app';
import { buildTestApp, closeTestDb } from './harness';

/**
 * Issue 28 item 2: an endpoint is declared once, as an operation in packages/domain/src/operations; the route, the
 * permission entry and the web's fetcher are derived from it. Every route of the product is one; the only routes
 * without an operation are the Swagger UI's, which serve the documentation of the others.
 */
const NOT_OPERATIONS = ['/api/docs'];
const notAnOperation = (url: string) => NOT_OPERATIONS.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

// TEST_CLOCK=1: the movable clock's operations are declared like the others but registered only with it.
const t = await buildTestApp({ env: { TEST_CLOCK: '1' } });
afterAll(async () => {
  await t.close();
  await closeTestDb();
});

const registered = new Set(
  t.app.routeList.filter((route) => route.method !== 'HEAD' && isApiPath(route.url)).map((r) => `${r.method} ${r.url}`),
);
const declared = new Map<string, Operation>(ALL_OPERATIONS.map((operation) => [operationKey(operation), operation]));

describe('operations declared once (issue 28 item 2)', () => {
  it('every operation is registered, once, and is its own permission entry', () => {
    expect(declared.size).toBe(ALL_OPERATIONS.length);
    for (const [key, operation] of declared) {
      expect(registered.has(key), `${key} is declared but not registered`).toBe(true);
      expect((API_PERMISSIONS as Record<string, unknown>)[key]).toBe(operation.who);
    }
  });

  it('every registered route has an operation, apart from the documentation’s', () => {
    const without = [...registered].filter((key) => !declared.has(key) && !notAnOperation(key.split(' ')[1]!));
    expect(without, 'routes with no operation in packages/domain/src/operations').toEqual([]);
  });

  it('no source file of the API or the web writes a declared path again', () => {
    const repeated = sourceFiles(['apps/api/src', 'apps/web/src']).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return ALL_OPERATIONS.filter((operation) => literalOf(operation).test(text)).map(
        (operation) => `${file}: ${operationKey(operation)}`,
      );
    });
    expect(repeated).toEqual([]);
  });
});

/** The path written as a string: '/api/users/:id', `/api/users/${id}` (quotes included, so longer paths differ). */
function literalOf(operation: Operation): RegExp {
  const pattern = operation.path
    .split('/')
    .map((part) => (part.startsWith(':') ? '(?::\\w+|\\$\\{[^}]+\\})' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`['"\`]${pattern}['"\`?]`);
}

function sourceFiles(dirs: string[]): string[] {
  const root = join(import.meta.dirname, '..', '..', '..');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  return dirs.flatMap((dir) => walk(join(root, dir)));
}
