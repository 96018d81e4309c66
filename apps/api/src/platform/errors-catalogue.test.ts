import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AppErrorCode, IDENTITY_ERROR, isAppErrorCode } from '@planpiso/domain';

/**
 * Every error code the API can answer with is in the catalogue (packages/domain errors.ts, decision 073). The
 * source is read, not run: each `new AppError(...)`, each `refused(...)` helper call, each `super(...)` of an
 * AppError subclass, each `AppErrorCode.X` and each `code: '...'` answer or refusal literal (the API's and the
 * domain machines') must name a catalogued code.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SCANNED = ['apps/api/src', 'packages/domain/src'];

/** Identifiers a pre-catalogue throw may pass as its code: the `refused` helpers' parameter, a domain verdict's. */
const PASS_THROUGH_CODES = new Set(['code', 'verdict.code']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type Use = { where: string; file: string; code: string | null; text: string; status?: number };

const IDENTITY_CODES = IDENTITY_ERROR as Record<string, string>;

/** The code an expression names: a literal, `AppErrorCode.X`, `IDENTITY_ERROR.X`; null when only typing knows it. */
function codeOf(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
    if (node.expression.text === 'AppErrorCode') return (AppErrorCode as Record<string, string>)[node.name.text] ?? '?';
    if (node.expression.text === 'IDENTITY_ERROR') return IDENTITY_CODES[node.name.text] ?? '?';
  }
  return null;
}

const numberOf = (node: ts.Expression | undefined) =>
  node && ts.isNumericLiteral(node) ? Number(node.text) : undefined;

function usesIn(path: string): Use[] {
  const file = relative(ROOT, path);
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const uses: Use[] = [];
  const add = (node: ts.Node, code: string | null, status?: number) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    uses.push({ where: `${file}:${line + 1}`, file, code, text: node.getText().slice(0, 120), status });
  };
  const inAppErrorSubclass = (node: ts.Node) => {
    for (let up: ts.Node | undefined = node; up; up = up.parent) {
      if (ts.isClassDeclaration(up)) {
        return (up.heritageClauses ?? []).some((h) => h.types.some((t) => t.expression.getText() === 'AppError'));
      }
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'AppError' && node.arguments?.[0]) {
      const [code, second] = node.arguments;
      add(node, codeOf(code!), numberOf(second));
    } else if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression.getText();
      if (callee === 'refused') add(node, codeOf(node.arguments[0]), numberOf(node.arguments[2]) ?? 422);
      if (callee === 'super' && inAppErrorSubclass(node))
        add(node, codeOf(node.arguments[0]), numberOf(node.arguments[1]));
    } else if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'AppErrorCode') {
      add(node, codeOf(node));
    } else if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === 'code' &&
      ts.isStringLiteral(node.initializer) &&
      /^[A-Z][A-Za-z_]+$/.test(node.initializer.text)
    ) {
      add(node, node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const uses = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(usesIn);

describe('the error catalogue covers every code the API answers with', () => {
  it('finds the throws it checks (the scan reads the source)', () => {
    expect(uses.filter((u) => u.text.startsWith('new AppError')).length).toBeGreaterThan(50);
    expect(uses.some((u) => u.file.includes('modules/provisions/'))).toBe(true);
  });

  it('every code named at a throw, a helper, an answer or a refusal is in the catalogue', () => {
    const outside = uses.filter((u) => u.code !== null && !isAppErrorCode(u.code));
    expect(outside.map((u) => `${u.where} ${u.text}`)).toEqual([]);
  });

  it('a code only typing knows is passed through from a typed verdict or a refused helper', () => {
    const untyped = uses.filter((u) => u.code === null && u.status !== undefined);
    const unknown = untyped.filter((u) => !PASS_THROUGH_CODES.has(u.text.replace(/^[^(]*\(/, '').split(',')[0]!));
    expect(unknown.map((u) => `${u.where} ${u.text}`)).toEqual([]);
  });

  it('no throw names its status: the catalogue gives it', () => {
    const named = uses.filter((u) => u.status !== undefined);
    expect(named.map((u) => `${u.where} ${u.text}`)).toEqual([]);
  });
});
