import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { provisionConfiguration } from './provision-configuration';
import { VALID_CONFIGURATION } from '../test-support/fixtures';

const valid = VALID_CONFIGURATION;

const firstMessage = (input: unknown) => {
  const result = provisionConfiguration.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('provisionConfiguration', () => {
  it.each([
    ['a valid configuration', valid, null],
    ['days as text from a form', { ...valid, provision: { days: '15', hours: '00:00' } }, null],
    ['negative days', { ...valid, ax: { days: -1, hours: '02:00' } }, CONFIGURATION_MESSAGES.configurationDaysInvalid],
    [
      'fractional days',
      { ...valid, ax: { days: 1.5, hours: '02:00' } },
      CONFIGURATION_MESSAGES.configurationDaysInvalid,
    ],
    [
      'a time past 23:59',
      { ...valid, repuve: { days: 1, hours: '24:00' } },
      CONFIGURATION_MESSAGES.configurationTimeInvalid,
    ],
    [
      'a time without minutes',
      { ...valid, startOperation: { days: 0, hours: '9' } },
      CONFIGURATION_MESSAGES.configurationTimeInvalid,
    ],
    ['a bad e-mail', { ...valid, email: 'disposiciones' }, CONFIGURATION_MESSAGES.serviceDeskEmailInvalid],
    // Spec 2 §4: the provisions e-mail must match the pattern when given; only the service-desk form requires one,
    // so an empty e-mail never blocks saving the hours (issue 26 §5).
    ['no e-mail', { ...valid, email: '' }, null],
    ['a blank e-mail', { ...valid, email: '   ' }, null],
    ['an e-mail left out', (({ email: _email, ...rest }) => rest)(valid), null],
    // Required means required: a cleared field is not 0 (issue 14 §1.3).
    ['cleared days from a form', { ...valid, provision: { days: '', hours: '00:00' } }, MESSAGES.required],
    ['blank days', { ...valid, ax: { days: '  ', hours: '02:00' } }, MESSAGES.required],
    ['null days', { ...valid, repuve: { days: null, hours: '03:00' } }, MESSAGES.required],
    ['missing days', { ...valid, transunion: { hours: '02:30' } }, MESSAGES.required],
    [
      'days that are not a number',
      { ...valid, ax: { days: 'dos', hours: '02:00' } },
      CONFIGURATION_MESSAGES.configurationDaysInvalid,
    ],
    ['a cleared time', { ...valid, ax: { days: 2, hours: '' } }, CONFIGURATION_MESSAGES.configurationTimeInvalid],
  ])('%s', (_case, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('saves an empty e-mail as empty (trimmed)', () => {
    expect(provisionConfiguration.parse({ ...valid, email: '  ' }).email).toBe('');
    expect(provisionConfiguration.parse({ ...valid, email: ' a@b.mx ' }).email).toBe('a@b.mx');
  });

  it('keeps AX’s own value (the original sent REPUVE’s as AX)', () => {
    const parsed = provisionConfiguration.parse(valid);
    expect(parsed.ax).toEqual({ days: 2, hours: '02:00' });
    expect(parsed.repuve).toEqual({ days: 1, hours: '03:00' });
  });
});
