// The web's build of packages/domain (issue 31): what the browser never runs leaves the bundle — the operations'
// schemas and OpenAPI texts, and every module-level value nothing in the bundle reads.

import type { Plugin } from 'vite';

/**
 * The fields of an operation the web never reads at run time: its zod schemas (the server validates with them) and
 * its OpenAPI texts.
 */
const SERVER_ONLY_FIELDS = new Set([
  'params',
  'query',
  'body',
  'response',
  'errorAnswers',
  'summary',
  'description',
  'tags',
]);
const OPERATION_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/]operations[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** `code` with each `[start, end)` range (none overlapping) replaced by `by(its text)`; null when there is none. */
function replaceRanges(code: string, ranges: [number, number][], by: (text: string) => string) {
  if (ranges.length === 0) return null;
  let out = '';
  let from = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    out += code.slice(from, start) + by(code.slice(start, end));
    from = end;
  }
  return { code: out + code.slice(from), map: null };
}

/** The name a property is declared under (`response:` or `'response':`), or null for a computed one. */
function keyName(property: Node): string | null {
  if (property.computed) return null;
  const key = property.key as Node;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** The [start, end) ranges of every server-only field of every object literal of a module, its trailing comma included. */
export function serverOnlyFieldRanges(program: Node, code: string): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: Node) => {
    if (node.type === 'ObjectExpression') {
      for (const property of node.properties as Node[]) {
        if (property.type !== 'Property') continue;
        const name = keyName(property);
        if (name === null || !SERVER_ONLY_FIELDS.has(name)) continue;
        let end = property.end;
        while (end < code.length && /\s/.test(code[end]!)) end++;
        if (code[end] === ',') end++;
        ranges.push([property.start, end]);
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return ranges;
}

/**
 * The web's build of `packages/domain/src/operations` without the operations' schemas (issue 31). The web reads an
 * operation's method, path and who-may-call from it (lib/operation-client.ts, lib/can.ts), never its schemas; but a
 * schema named in an operation is built when the app loads, and the app's shell names every operation (the list
 * prefetchers). Dropping the fields leaves the contracts' schemas to the screens that validate a form with them: zod
 * building ~50 ms of schemas on every first load, before the shell could paint. The types are unchanged (they come from
 * the source); the server and the unit tests use the whole operations.
 */
export function webOperations(): Plugin {
  return {
    name: 'web-operations',
    apply: 'build',
    transform(code, id) {
      if (!OPERATION_MODULE.test(id.split('?')[0]!)) return null;
      const ranges = serverOnlyFieldRanges(this.parse(code) as unknown as Node, code);
      return replaceRanges(code, ranges, () => '');
    },
  };
}

const DOMAIN_MODULE = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$)(?!zod-messages\.ts$).+\.ts$/;
const BUILT_BY_A_CALL = new Set(['CallExpression', 'NewExpression']);

/** Where each top-level `const x = <a call>` of a module has its initialiser, `[start, end)`. */
export function topLevelCallInitialisers(program: Node): [number, number][] {
  const ranges: [number, number][] = [];
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init && BUILT_BY_A_CALL.has(init.type)) ranges.push([init.start, init.end]);
    }
  }
  return ranges;
}

/**
 * The web's build of the domain with its module-level values built on demand of the bundle (issue 31): a top-level
 * `const x = z.object(…).refine(…)` is a call the bundler must keep even when nothing reads `x` (it cannot know the
 * call does nothing else), so every schema of a contract module whose constant a screen reads was built at load —
 * the shell's lists read a default sort or a status table beside a module's schemas. Wrapped in a pure
 * immediately-invoked arrow, an unread one is dropped and a read one runs where it did. The domain has no module
 * side effects (package.json `sideEffects` names the one that has: the zod messages, left alone).
 */
export function webDomainValues(): Plugin {
  return {
    name: 'web-domain-values',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN_MODULE.test(id.split('?')[0]!)) return null;
      // TypeScript when rolldown runs it alone (its tests), JavaScript in Vite's build: TS's parser reads both.
      const ranges = topLevelCallInitialisers(this.parse(code, { lang: 'ts' }) as unknown as Node);
      return replaceRanges(code, ranges, (call) => `/* @__PURE__ */ (() => ${call})()`);
    },
  };
}
