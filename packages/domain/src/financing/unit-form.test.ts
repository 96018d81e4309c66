import { describe, expect, it } from 'vitest';
import { readUnitAmount, sanitizeAmountInput, unitDraft, type UnitDraftInput } from './unit-form';

const valid: UnitDraftInput = {
  agency: 'León Centro',
  brandName: 'Nissan',
  type: 'Sedán',
  model: '2025',
  description: 'Versa Advance CVT',
  color: 'Azul Marino Metálico',
  insideColor: 'Gris',
  vinNumber: ' 3N1AB7AP8KY250312 ',
  motorNumber: 'HR16-123456',
  amount: '325000.5',
};

const messagesOf = (input: unknown) => {
  const result = unitDraft.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('unit form (spec 3 §5)', () => {
  it('accepts a complete unit, trims texts and normalises the amount to 2 decimals', () => {
    const unit = unitDraft.parse(valid);
    expect(unit.vinNumber).toBe('3N1AB7AP8KY250312');
    expect(unit.amount).toBe('325000.50');
  });

  it.each([
    ['agency', 20],
    ['brandName', 15],
    ['type', 8],
    ['model', 4],
    ['description', 50],
    ['color', 35],
    ['insideColor', 70],
    ['motorNumber', 25],
    ['vinNumber', 23],
  ] as const)('%s is required and at most %i characters', (field, max) => {
    expect(messagesOf({ ...valid, [field]: '' })).toEqual({ [field]: 'Campo requerido.' });
    expect(messagesOf({ ...valid, [field]: '   ' })).toEqual({ [field]: 'Campo requerido.' });
    expect(messagesOf({ ...valid, [field]: undefined })).toEqual({ [field]: 'Campo requerido.' });
    const atMax = field === 'vinNumber' ? 'A'.repeat(max) : 'a'.repeat(max);
    expect(messagesOf({ ...valid, [field]: atMax })).toEqual({});
    expect(messagesOf({ ...valid, [field]: `${atMax}a` })).toEqual({ [field]: `Máximo ${max} caracteres` });
  });

  it('a VIN has at least 17 characters', () => {
    expect(messagesOf({ ...valid, vinNumber: 'A'.repeat(16) })).toEqual({ vinNumber: 'Mínimo 17 caracteres' });
  });

  it.each([
    ['', 'Campo requerido.'],
    ['abc', 'El monto debe ser numérico'],
    ['1,500.00', 'El monto debe ser numérico'],
    ['$1500', 'El monto debe ser numérico'],
    ['0', 'El monto debe ser mayor a 0'],
    ['0.00', 'El monto debe ser mayor a 0'],
    ['-5', 'El monto debe ser mayor a 0'],
    ['12345678901', 'El monto excede el número de dígitos permitidos {10}'],
    ['123456789.01', 'El monto excede el número de dígitos permitidos {10}'],
    ['100.125', 'El monto admite como máximo 2 decimales'],
  ])('amount %j: %s', (amount, message) => {
    expect(messagesOf({ ...valid, amount })).toEqual({ amount: message });
  });

  it.each([
    ['12345678.90', '12345678.90'],
    ['9999999999', '9999999999.00'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['100.500', '100.50'],
    [' 42 ', '42.00'],
  ])('amount %j reads as %s', (text, decimal) => {
    const result = readUnitAmount(text);
    expect(result.ok && result.money.toDecimalString()).toBe(decimal);
  });

  it('empties an amount field that cannot become a number', () => {
    expect(sanitizeAmountInput('1500.5')).toBe('1500.5');
    expect(sanitizeAmountInput('15a')).toBe('');
    expect(sanitizeAmountInput('')).toBe('');
  });
});
