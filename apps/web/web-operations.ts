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
      if (ranges.length === 0) return null;
      let out = '';
      let from = 0;
      for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
        out += code.slice(from, start);
        from = end;
      }
      return { code: out + code.slice(from), map: null };
    },
  };
}
