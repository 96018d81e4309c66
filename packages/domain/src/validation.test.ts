import { describe, expect, it } from 'vitest';
import { MESSAGES, badFormat, maxChars, minChars } from './messages';
import { checkFile, requiredEmail, requiredText } from './validation';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('generic field messages (spec 1 §5)', () => {
  it.each([
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    ['ab', minChars(3)],
    ['abcdef', maxChars(5)],
    ['abcd', null],
  ])('requiredText(3,5) on %j → %s', (value, message) => {
    expect(firstMessage(requiredText(3, 5).safeParse(value))).toBe(message);
  });

  it.each([
    ['', MESSAGES.required],
    ['no-es-correo', badFormat('correo')],
    ['ana@finbe.mx', null],
  ])('requiredEmail on %j → %s', (value, message) => {
    expect(firstMessage(requiredEmail(150).safeParse(value))).toBe(message);
  });

  it('writes the generic texts as the spec does', () => {
    expect(minChars(8)).toBe('Mínimo 8 caracteres');
    expect(maxChars(150)).toBe('Máximo 150 caracteres');
    expect(badFormat('correo')).toBe('Formato correo incorrecto');
  });
});

describe('checkFile (spec 1 §5: default .jpg and .png)', () => {
  it.each([
    [{ name: 'foto.jpg', size: 2048 }, null],
    [{ name: 'FOTO.PNG', size: 2048 }, null],
    [{ name: 'factura.pdf', size: 2048 }, MESSAGES.fileInvalidType],
    [{ name: 'sin-extension', size: 2048 }, MESSAGES.fileInvalidType],
    [{ name: 'grande.jpg', size: 11 * 1024 * 1024 }, MESSAGES.fileTooLarge],
    [{ name: 'vacio.png', size: 0 }, MESSAGES.fileTooSmall],
  ])('%j → %s', (file, message) => {
    expect(checkFile(file)).toBe(message);
  });

  it('accepts a screen-specific rule', () => {
    expect(checkFile({ name: 'factura.pdf', size: 10 }, { extensions: ['.pdf'], maxBytes: 100 })).toBeNull();
    expect(checkFile({ name: 'factura.pdf', size: 101 }, { extensions: ['.pdf'], maxBytes: 100 })).toBe(
      MESSAGES.fileTooLarge,
    );
  });
});
