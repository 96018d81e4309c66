import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { splitAdditionalEmails, updateUserRequest, userFormFor } from './users';

const valid = { firstname: 'Ana', lastname: 'López', email: 'ana@finbe.mx', roleId: 3 };
const messages = (input: object, creatorType = 2) => {
  const result = userFormFor(creatorType).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('user form validation (spec 1 §5)', () => {
  it('accepts a complete user', () => {
    expect(messages(valid)).toEqual([]);
  });

  it.each([
    [{ firstname: '' }, 'firstname: Campo requerido.'],
    [{ lastname: 'x'.repeat(151) }, 'lastname: Máximo 150 caracteres'],
    [{ email: 'ana@' }, 'email: Formato correo incorrecto'],
    [{ phone: '1234567' }, 'phone: El teléfono ingresado no cumple con el formato'],
    [{ phone: '12345abc9' }, 'phone: El teléfono ingresado no cumple con el formato'],
    [{ phone: '12345678901234' }, 'phone: Máximo 13 caracteres'],
    [
      { additionalEmails: 'a@b.mx;malo' },
      'additionalEmails: Alguno de los correos adicionales no cumple el formato malo',
    ],
    [{ roleId: '' }, 'roleId: Campo requerido.'],
  ])('%j → %s', (change, message) => {
    expect(messages({ ...valid, ...change })).toContain(message);
  });

  it.each([['12345678'], ['1234567890123'], ['']])('accepts the phone %j', (phone) => {
    expect(messages({ ...valid, phone })).toEqual([]);
  });

  it('requires account and company when the creator is type 3', () => {
    expect(messages(valid, 3)).toEqual([`accountId: ${MESSAGES.required}`, `companyId: ${MESSAGES.required}`]);
    expect(messages({ ...valid, accountId: 1, companyId: 2 }, 3)).toEqual([]);
  });

  it('never takes legalId, isArchived or awsId from an update', () => {
    const parsed = updateUserRequest.parse({ ...valid, legalId: 9, isArchived: true, awsId: 'x' });
    expect(parsed).not.toHaveProperty('legalId');
    expect(parsed).not.toHaveProperty('isArchived');
    expect(parsed).not.toHaveProperty('awsId');
  });

  it('splits additional e-mails on semicolons', () => {
    expect(splitAdditionalEmails(' a@b.mx; ;c@d.mx ')).toEqual(['a@b.mx', 'c@d.mx']);
  });
});
