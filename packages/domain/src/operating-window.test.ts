import { describe, expect, it } from 'vitest';
import { operatingEnded, operatingNonWorkingDay, operatingNotStarted } from './messages';
import { businessClock, checkOperatingWindow, clockMinutes, type OperatingHours } from './operating-window';

// Mexico City has kept UTC-6 all year since 2022: 14:00Z is 08:00 there.
const at = (iso: string) => new Date(iso);
const HOURS: OperatingHours = { startOperation: '09:00', endOperation: '18:30' };
const HOLIDAYS = [
  { date: '2026-03-16', reason: 'Natalicio de Benito Juárez' },
  { date: '2026-12-25', reason: 'Navidad' },
];

describe('the business clock (America/Mexico_City)', () => {
  it.each([
    ['2026-03-16T14:00:00Z', '2026-03-16', 8 * 3600],
    // 23:30 in Mexico City is already the next day in UTC: the day is Mexico City's.
    ['2026-03-17T05:30:00Z', '2026-03-16', 23 * 3600 + 30 * 60],
    ['2026-03-17T06:00:00Z', '2026-03-17', 0],
    ['2026-07-01T15:04:05Z', '2026-07-01', 9 * 3600 + 4 * 60 + 5],
  ])('%s is %s at second %i', (iso, day, seconds) => {
    expect(businessClock(at(iso))).toEqual({ day, seconds });
  });
});

describe('clock times (HH:mm)', () => {
  it.each([
    ['09:00', 540],
    ['18:30', 1110],
    ['00:00', 0],
    ['23:59', 1439],
    ['08:15:00', 495],
    [' 07:05 ', 425],
    ['24:00', null],
    ['9:00', null],
    ['09:60', null],
    ['', null],
  ])('%j → %j', (value, minutes) => {
    expect(clockMinutes(value)).toBe(minutes);
  });
});

describe('the operating window (spec 3 §8)', () => {
  it.each([
    // [now (UTC), hours, expected code or 'allowed', message]
    ['2026-03-17T15:00:00Z', HOURS, 'allowed', undefined], // 09:00, the first minute is open
    ['2026-03-18T00:29:59Z', HOURS, 'allowed', undefined], // 18:29:59
    ['2026-03-17T14:59:59Z', HOURS, 'OPERATION_NOT_STARTED', operatingNotStarted('09:00', '18:30')],
    ['2026-03-17T06:00:00Z', HOURS, 'OPERATION_NOT_STARTED', operatingNotStarted('09:00', '18:30')], // midnight
    ['2026-03-18T00:30:00Z', HOURS, 'OPERATION_ENDED', operatingEnded('09:00', '18:30')], // 18:30, closed
    ['2026-03-18T05:59:59Z', HOURS, 'OPERATION_ENDED', operatingEnded('09:00', '18:30')], // 23:59:59
    // A non-working day refuses at any hour, with its reason; the day is Mexico City's, not UTC's.
    ['2026-03-16T18:00:00Z', HOURS, 'NON_WORKING_DAY', operatingNonWorkingDay('Natalicio de Benito Juárez')],
    ['2026-03-17T05:59:00Z', HOURS, 'NON_WORKING_DAY', operatingNonWorkingDay('Natalicio de Benito Juárez')],
    ['2026-12-25T12:00:00Z', null, 'NON_WORKING_DAY', operatingNonWorkingDay('Navidad')],
    ['2026-03-16T05:59:59Z', HOURS, 'OPERATION_ENDED', operatingEnded('09:00', '18:30')], // 23:59 of the 15th
    // The database may answer a `time` with seconds; the message shows HH:mm.
    [
      '2026-03-17T14:00:00Z',
      { startOperation: '08:30:00', endOperation: '17:00:00' },
      'OPERATION_NOT_STARTED',
      operatingNotStarted('08:30', '17:00'),
    ],
    // Over midnight: open from 22:00 to 06:00; between them today's window has not started.
    ['2026-03-18T05:00:00Z', { startOperation: '22:00', endOperation: '06:00' }, 'allowed', undefined], // 23:00
    ['2026-03-17T11:00:00Z', { startOperation: '22:00', endOperation: '06:00' }, 'allowed', undefined], // 05:00
    [
      '2026-03-17T12:00:00Z',
      { startOperation: '22:00', endOperation: '06:00' },
      'OPERATION_NOT_STARTED',
      operatingNotStarted('22:00', '06:00'),
    ],
    // No usable window limits nothing but the day.
    ['2026-03-18T04:00:00Z', null, 'allowed', undefined],
    ['2026-03-18T04:00:00Z', { startOperation: '00:00', endOperation: '00:00' }, 'allowed', undefined],
    ['2026-03-18T04:00:00Z', { startOperation: '', endOperation: '18:00' }, 'allowed', undefined],
  ] as const)('%s with %j → %s', (iso, hours, code, message) => {
    const verdict = checkOperatingWindow({ now: at(iso), hours, nonWorkingDays: HOLIDAYS });
    if (code === 'allowed') {
      expect(verdict.allowed).toBe(true);
    } else {
      expect(verdict).toMatchObject({ allowed: false, code, message });
    }
  });

  it('reports the Mexico City day it judged', () => {
    expect(checkOperatingWindow({ now: at('2026-03-17T05:30:00Z'), hours: HOURS, nonWorkingDays: [] }).day).toBe(
      '2026-03-16',
    );
  });

  it('words the refusals in Spanish with the reason and the window', () => {
    expect(operatingNonWorkingDay('Navidad')).toBe('El día de hoy es inhábil: Navidad');
    expect(operatingNotStarted('09:00', '18:30')).toBe('El horario de operación aún no inicia (09:00 a 18:30 hrs)');
    expect(operatingEnded('09:00', '18:30')).toBe('El horario de operación ha finalizado (09:00 a 18:30 hrs)');
  });
});
