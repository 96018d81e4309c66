import { describe, expect, it } from 'vitest';
import { durationsOf, longestFirst } from './test-order.mjs';

describe('the API files’ start order', () => {
  it('starts the never-measured files first, then the measured ones longest first', () => {
    const durations = { 'a.test.ts': 500, 'b.test.ts': 96_000, 'c.test.ts': 8_000 };
    const order = longestFirst(['a.test.ts', 'new.test.ts', 'c.test.ts', 'b.test.ts'], (file) => durations[file]);
    expect(order).toEqual(['new.test.ts', 'b.test.ts', 'c.test.ts', 'a.test.ts']);
  });

  it('keeps the given order between equals', () => {
    expect(longestFirst(['x', 'y', 'z'], () => 1)).toEqual(['x', 'y', 'z']);
  });

  it('reads one project’s passed files from vitest’s results cache', () => {
    const results = {
      version: '4.1.12',
      results: [
        ['api:apps/api/test/b.test.ts', { duration: 1234.6, failed: false }],
        ['unit:apps/web/src/x.test.tsx', { duration: 50, failed: false }],
        ['api:apps/api/test/failed.test.ts', { duration: 99, failed: true }],
        ['api:apps/api/test/a.test.ts', { duration: 10.2, failed: false }],
      ],
    };
    expect(durationsOf(results, 'api')).toEqual({ 'apps/api/test/a.test.ts': 10, 'apps/api/test/b.test.ts': 1235 });
  });
});
