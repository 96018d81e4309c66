import { describe, expect, it } from 'vitest';
import { isoDate } from './common';
import { createRoleRequest, roleListQuery } from './roles';

const messages = (input: object) => {
  const result = createRoleRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('role form validation (spec 1 §5)', () => {
  it('accepts a complete role', () => {
    expect(messages({ name: 'Gerente', description: '', type: 5 })).toEqual([]);
  });

  it.each([
    [{ name: '', type: 5 }, 'name: Campo requerido.'],
    [{ name: 'x'.repeat(151), type: 5 }, 'name: Máximo 150 caracteres'],
    [{ name: 'Gerente' }, 'type: Campo requerido.'],
    [{ name: 'Gerente', type: 9 }, 'type: Campo requerido.'],
    [{ name: 'Gerente', type: 5, description: 'x'.repeat(251) }, 'description: Máximo 250 caracteres'],
  ])('%j → %s', (input, message) => {
    expect(messages(input)).toContain(message);
  });
});

describe('roles list query (spec 1 §7)', () => {
  it('reads type as a repeated parameter', () => {
    expect(roleListQuery.parse({ type: ['4', '5'] }).type).toEqual([4, 5]);
    expect(roleListQuery.parse({ type: '4' }).type).toEqual([4]);
    expect(roleListQuery.parse({}).type).toBeUndefined();
  });
});

describe('filter dates (ARCHITECTURE §4)', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['0000-01-01', false],
    ['2026-1-01', false],
  ])('%s is a day: %s', (value, valid) => {
    expect(isoDate.safeParse(value).success).toBe(valid);
  });
});
