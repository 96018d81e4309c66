import { describe, expect, it } from 'vitest';
import { vinCheckCharacter, vinCheckDigitValid, vinWarning } from './vin';

describe('VIN check digit (ISO 3779)', () => {
  it.each([
    '1M8GDM9AXKP042788', // the classic example: check character X
    '11111111111111111',
    '1HGCM82633A004352',
    '3VWFE21C04M000001', // a Mexican-plant shape (WMI 3VW)
    '3N1AB7AP8KY250312',
    ' 1m8gdm9axkp042788 ', // case and outer blanks do not matter
  ])('%s is valid', (vin) => {
    expect(vinCheckDigitValid(vin)).toBe(true);
    expect(vinWarning(vin)).toBeNull();
  });

  it.each([
    ['1M8GDM9A1KP042788', 'wrong check character'],
    ['1HGCM82643A004352', 'one digit changed'],
    ['11111111211111111', 'position 9 changed'],
    ['1M8GDM9AXKP04278O', 'letter O is no VIN character'],
    ['1M8GDM9AXKP0427I8', 'letter I is no VIN character'],
    ['1M8GDM9AXKP04278', 'only 16 characters'],
  ])('%s is not valid (%s)', (vin) => {
    expect(vinCheckDigitValid(vin)).toBe(false);
  });

  it('computes the check character', () => {
    expect(vinCheckCharacter('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckCharacter('1HGCM82633A004352')).toBe('3');
    expect(vinCheckCharacter('ABC')).toBeNull();
  });

  it('warns only for 17-character VINs, in Spanish', () => {
    expect(vinWarning('1M8GDM9A1KP042788')).toBe('El VIN 1M8GDM9A1KP042788 no tiene un dígito verificador válido');
    expect(vinWarning('ABCDEFGHJKLMNPRSTUV')).toBeNull(); // 19 characters: no check digit to verify
    expect(vinWarning('')).toBeNull();
  });
});
