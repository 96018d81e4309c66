import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { webDomainValues, webOperations } from '../../web-domain';

const DOMAIN = join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'domain', 'src');
const OPERATIONS = join(DOMAIN, 'operations');

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

/** A bundle of one module that reads `name` from a domain module, zod left outside, with or without the plugin. */
async function bundleReading(name: string, module: string, withPlugin: boolean): Promise<string> {
  const entry = '\0entry';
  const bundle = await rolldown({
    input: entry,
    external: ['zod'],
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import { ${name} } from ${JSON.stringify(join(DOMAIN, module))}; export default ${name};`
            : null,
      },
      ...(withPlugin ? [webDomainValues()] : []),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  return output[0].code;
}

describe("the web's build of the domain's values (issue 31)", () => {
  it('drops the schemas of a module whose plain constant is all a screen reads', async () => {
    const plain = await bundleReading('PROVISIONS_DEFAULT_SORT', 'contracts/provisions.ts', false);
    const web = await bundleReading('PROVISIONS_DEFAULT_SORT', 'contracts/provisions.ts', true);
    expect(web).toContain('"createdAt:desc"');
    // Without the plugin the module's schemas come along (the test would pass for the wrong reason otherwise).
    expect(plain).toMatch(/\.object\(/);
    expect(web).not.toMatch(/\.object\(/);
  });

  it('keeps a schema that is read, with the schemas it is built from, built as before', async () => {
    const web = await bundleReading('reservedAmountQuery', 'contracts/provisions.ts', true);
    expect(web).toMatch(/creditLine/);
    expect(web).toMatch(/\.object\(/);
    expect(web).not.toContain('provisionDetail');
  });
});
