import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house's lint rules that guard a design decision, run through ESLint's own API on the real eslint.config.js:
// if the rule is dropped or loosened, this fails, not just a review.

const ROOT = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

const errorsOf = async (code: string, filePath: string, ruleId = 'no-restricted-syntax') => {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId === ruleId);
};

const layerErrorsOf = (code: string, filePath: string) => errorsOf(code, filePath, 'import-x/no-restricted-paths');

describe('one way to open a transaction (decision 017)', () => {
  it('refuses db.transaction() in a service, pointing to transaction()', async () => {
    const code = [
      "import type { Db } from '../../db/client';",
      'export async function save(db: Db) {',
      "  await db.transaction(async (tx) => tx.execute('select 1'));",
      '}',
      '',
    ].join('\n');
    const errors = await errorsOf(code, 'apps/api/src/modules/example/service.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain('transaction() from apps/api/src/platform/transaction.ts');
  });

  it('refuses it on a transaction too (a nested savepoint) and in the CLI and seed', async () => {
    const code = 'export const nested = (tx: { transaction(f: () => void): void }) => tx.transaction(() => {});\n';
    expect(await errorsOf(code, 'apps/api/src/cli/example.ts')).toHaveLength(1);
    expect(await errorsOf(code, 'apps/api/src/db/example.ts')).toHaveLength(1);
  });

  it('allows it in platform/transaction.ts, the one place that opens transactions', async () => {
    const path = 'apps/api/src/platform/transaction.ts';
    const source = readFileSync(join(ROOT, path), 'utf8');
    expect(source).toContain('executor.transaction(');
    expect(await errorsOf(source, path)).toEqual([]);
  });
});

describe('layers that hold (decision 078)', () => {
  const importing = (from: string) => `import { signOut } from '${from}';\nexport const demo = signOut;\n`;

  it('refuses a module reaching into another module past its index', async () => {
    const errors = await layerErrorsOf(importing('../identity/sessions'), 'apps/api/src/modules/users/example.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain('only through its index.ts');
  });

  it('refuses platform and db importing any module', async () => {
    for (const file of ['apps/api/src/platform/example.ts', 'apps/api/src/db/example.ts']) {
      const errors = await layerErrorsOf(importing('../modules/identity/sessions'), file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]!.message).toContain('platform, db and adapters sit below the modules');
    }
  });

  it('allows a module to use another through its index', async () => {
    const code = "import { hashPassword } from '../identity';\nexport const demo = hashPassword;\n";
    expect(await layerErrorsOf(code, 'apps/api/src/modules/users/example.ts')).toEqual([]);
  });
});
