import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { webOperations } from '../../web-operations';

const OPERATIONS = join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'domain', 'src', 'operations');

/** The plugin's transform as the build runs it (the build hands it JavaScript; the test's parser reads TypeScript). */
function transform(file: string): string {
  const code = readFileSync(join(OPERATIONS, file), 'utf8');
  const plugin = webOperations();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const context = { parse: (source: string) => parseAst(source, { lang: 'ts' }) };
  return hook.call(context, code, join(OPERATIONS, file))?.code ?? code;
}

describe("the web's build of the operations (issue 31)", () => {
  it('keeps what the web reads — method, path, who may call, a create’s idempotency — and no schema or OpenAPI text', () => {
    const web = transform('provisions.ts');
    expect(() => parseAst(web, { lang: 'ts' })).not.toThrow();
    expect(web).toContain("path: '/api/provisions'");
    expect(web).toMatch(/method: 'GET',\s+path: '\/api\/provisions',/);
    expect(web).toContain('who: everyType');
    expect(web).toContain('idempotent: true');
    for (const field of ['response:', 'query:', 'body:', 'params:', 'summary:', 'description:'])
      expect(web).not.toContain(field);
    // The shared fragments lose theirs too: a contract's schema is named by its import alone, which the bundler drops.
    for (const schema of ['provisionListQuery', 'provisionListResponse', 'createProvisionResponse'])
      expect(web.split(schema).length - 1, schema).toBe(1);
  });

  it('leaves every other module of the build alone', () => {
    const plugin = webOperations();
    const hook = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    const code = "export const x = { response: 1, path: '/a' };";
    expect(hook.call({ parse: () => ({}) }, code, '/repo/packages/domain/src/contracts/provisions.ts')).toBeNull();
  });
});
