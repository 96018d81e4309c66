import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index';
import { MESSAGES } from './messages';

/** zod's English defaults ('Invalid input: expected 1', 'Too small: expected string to have >=1 characters', ...). */
const ENGLISH = /\b(invalid|expected|required|must|string|number|received|too (small|big)|input|characters?)\b/i;

/** Every message of a failed parse, the ones nested in unions included (a form's resolver may show those). */
function messagesOf(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => [
    issue.message,
    ...(issue.code === 'invalid_union' ? issue.errors.flatMap((branch) => messagesOf(branch)) : []),
  ]);
}

const WRONG_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  -1,
  1.5,
  0,
  true,
  [],
  {},
  [{}],
  'no-es-correo',
  '31/02/2026',
];

/** Inputs for a schema: the wrong values alone, and for an object each field set to each of them (empty and wrong). */
function inputsFor(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [...WRONG_VALUES];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === 'object') {
    for (const value of WRONG_VALUES) inputs.push(Object.fromEntries(Object.keys(shape).map((key) => [key, value])));
  }
  return inputs;
}

const contracts = Object.entries(domain).filter(([, value]) => value instanceof z.ZodType) as [string, z.ZodType][];

describe('no zod default message reaches a user (issue 14 §1.2)', () => {
  it('finds the contracts to walk', () => {
    expect(contracts.length).toBeGreaterThan(50);
  });

  it.each(contracts)('%s answers empty and wrong input in Spanish', (_name, schema) => {
    const english: string[] = [];
    for (const input of inputsFor(schema)) {
      const result = schema.safeParse(input);
      if (!result.success) english.push(...messagesOf(result.error.issues).filter((m) => ENGLISH.test(m)));
    }
    expect([...new Set(english)]).toEqual([]);
  });

  it("the account wizard's empty 'Tipo de cuenta' reads 'Campo requerido.' in every branch of the union", () => {
    const result = domain.accountDataFields.safeParse({ name: 'Cuenta', email: 'a@b.mx', type: null });
    expect(result.success).toBe(false);
    expect(new Set(messagesOf(result.error!.issues))).toEqual(new Set([MESSAGES.required]));
  });

  it('words the generic checks with the spec 1 §5 messages', () => {
    const text = z.object({ a: z.string().min(3).max(5), e: z.email(), n: z.number() });
    const messages = text.safeParse({ a: 'x', e: 'nada', n: 'x' }).error!.issues.map((i) => i.message);
    expect(messages).toEqual(['Mínimo 3 caracteres', 'Formato correo incorrecto', MESSAGES.checkInput]);
    expect(text.safeParse({ a: 'xxxxxx', e: 'a@b.mx', n: 1 }).error!.issues[0]!.message).toBe('Máximo 5 caracteres');
    expect(text.safeParse({}).error!.issues.map((i) => i.message)).toEqual(Array(3).fill(MESSAGES.required));
  });
});
