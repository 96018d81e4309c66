import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { createNonWorkingDayRequest } from './non-working-days';
import { createServiceDeskEmailRequest } from './service-desk-emails';

const issues = (schema: typeof createNonWorkingDayRequest | typeof createServiceDeskEmailRequest, input: object) => {
  const result = schema.safeParse(input);
  // A malformed date fails both the shape and the calendar check with the same text: once is enough.
  return result.success ? [] : [...new Set(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))];
};

describe('non-working day form (spec 2 §5)', () => {
  it('accepts a day and a reason, trimmed', () => {
    expect(createNonWorkingDayRequest.parse({ date: '2026-12-25', reason: ' Navidad ' })).toEqual({
      date: '2026-12-25',
      reason: 'Navidad',
    });
  });

  it.each([
    [{ date: '2026-12-25' }, `reason: ${CONFIGURATION_MESSAGES.nonWorkingDayReasonRequired}`],
    [{ date: '2026-12-25', reason: '   ' }, `reason: ${CONFIGURATION_MESSAGES.nonWorkingDayReasonRequired}`],
    [{ date: '2026-12-25', reason: 'x'.repeat(151) }, 'reason: Máximo 150 caracteres'],
    [{ reason: 'Navidad' }, `date: ${CONFIGURATION_MESSAGES.nonWorkingDayDateRequired}`],
    [{ date: '', reason: 'Navidad' }, `date: ${CONFIGURATION_MESSAGES.nonWorkingDayDateRequired}`],
    [{ date: '25/12/2026', reason: 'Navidad' }, 'date: Formato fecha incorrecto'],
    [{ date: '2026-02-30', reason: 'Navidad' }, 'date: Formato fecha incorrecto'],
  ])('%j → %s', (input, message) => {
    expect(issues(createNonWorkingDayRequest, input)).toEqual([message]);
  });
});

describe('service-desk e-mail form (spec 2 §5)', () => {
  it.each([
    [{ email: 'mesa@planpiso.mx' }, []],
    [{}, [`email: ${MESSAGES.required}`]],
    [{ email: '' }, [`email: ${MESSAGES.required}`]],
    [{ email: 'mesa-de-servicio' }, [`email: ${CONFIGURATION_MESSAGES.serviceDeskEmailInvalid}`]],
    [{ email: 'mesa@planpiso' }, [`email: ${CONFIGURATION_MESSAGES.serviceDeskEmailInvalid}`]],
    [{ email: `${'x'.repeat(140)}@planpiso.mx` }, ['email: Máximo 150 caracteres']],
  ])('%j → %j', (input, messages) => {
    expect(issues(createServiceDeskEmailRequest, input)).toEqual(messages);
  });
});
