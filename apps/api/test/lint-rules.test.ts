import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house's lint rules that guard a design decision, run through ESLint's own API on the real eslint.config.js:
// if the rule is dropped or loosened, this fails, not just a review.

const ROOT = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

const errorsOf = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
};

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
