import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { INT4_MAX, idParam, idSchema, nameSchema, searchText, textSchema } from './inputs';

describe('idParam: an id in a path or a query string (issue 14 item 7)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(INT4_MAX), INT4_MAX],
  ])('takes %j as %i', (input, expected) => {
    expect(idParam().parse(input)).toBe(expected);
  });

  it.each([
    '0',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    '1 ',
    '+1',
    '01',
    '0x10',
    'true',
    '',
    '2147483648',
    '99999999999',
    'a\u0000',
  ])('refuses %j', (input) => {
    const result = idParam().safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.badRequest);
  });

  it.each([true, 1, ['1', '2'], null])('refuses the non-string %j', (input) => {
    expect(idParam().safeParse(input).success).toBe(false);
  });
});

describe('idSchema: an id in a JSON body', () => {
  it.each([1, 7, INT4_MAX])('takes %j', (input) => {
    expect(idSchema().parse(input)).toBe(input);
  });

  it.each([true, '1', 0, -1, 1.5, INT4_MAX + 1, 1e300, null, {}, []])('refuses %j with the message given', (input) => {
    const result = idSchema(MESSAGES.required).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.required);
  });
});

describe('textSchema and nameSchema: what users type', () => {
  it('trims and keeps ordinary text, accents included', () => {
    expect(nameSchema().parse('  Sucursal Centro Ñandú  ')).toBe('Sucursal Centro Ñandú');
  });

  it.each(['\u0000', 'a\u0000b', 'a\u0007b', 'a\u001Fb', 'a\u007Fb', 'línea\nnueva', 'tab\tulador'])(
    'a one-line text refuses the control character in %j',
    (input) => {
      const result = nameSchema().safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.badRequest);
    },
  );

  it('a multi-line text keeps tab and line breaks but not NUL', () => {
    const text = textSchema(250, { multiline: true });
    expect(text.parse('uno\n\tdos\r\ntres')).toBe('uno\n\tdos\r\ntres');
    expect(text.safeParse('uno\u0000dos').success).toBe(false);
  });

  it('answers the spec’s messages for empty and long values', () => {
    expect(nameSchema().safeParse('  ').error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(nameSchema().safeParse('x'.repeat(151)).error?.issues[0]?.message).toBe('Máximo 150 caracteres');
    expect(nameSchema().safeParse(true).error?.issues[0]?.message).toBe(MESSAGES.required);
  });

  it('a list filter is optional and bounded', () => {
    expect(searchText().parse(undefined)).toBeUndefined();
    expect(searchText().safeParse('x'.repeat(100_000)).success).toBe(false);
    expect(searchText().safeParse('a\u0000').success).toBe(false);
  });
});
