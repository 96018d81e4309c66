import { describe, expect, it } from 'vitest';
import * as domain from './index';
import { APP_ERROR_STATUS, AppErrorCode, isAppErrorCode, parseAppErrorCode } from './errors';
import { APP_ERROR_MESSAGE, hasFixedMessage } from './errors-messages';
import { IDENTITY_ERROR } from './contracts/identity';

/** Every Spanish text of the messages catalogue (the `*_MESSAGES` and `*_REFUSALS` objects of packages/domain). */
function catalogueTexts(): Set<string> {
  const texts = new Set<string>();
  for (const [name, value] of Object.entries(domain)) {
    if (!/(MESSAGES|REFUSALS)$/.test(name) || !value || typeof value !== 'object') continue;
    for (const text of Object.values(value)) if (typeof text === 'string') texts.add(text);
  }
  return texts;
}

describe('the error catalogue', () => {
  const codes = Object.values(AppErrorCode);

  it('names each code by its wire value', () => {
    for (const [name, code] of Object.entries(AppErrorCode)) expect(code).toBe(name);
  });

  it.each(codes)('%s answers with one 4xx or 5xx status', (code) => {
    const status = APP_ERROR_STATUS[code];
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  });

  it('has a status for every code and for nothing else', () => {
    expect(Object.keys(APP_ERROR_STATUS).sort()).toEqual([...codes].sort());
  });

  it('gives fixed texts only from the messages catalogue, verbatim', () => {
    const texts = catalogueTexts();
    expect(texts.size).toBeGreaterThan(100);
    for (const [code, message] of Object.entries(APP_ERROR_MESSAGE)) {
      expect(isAppErrorCode(code), code).toBe(true);
      expect(texts.has(message), `${code}: ${message}`).toBe(true);
    }
  });

  it('knows which codes carry a fixed text', () => {
    expect(hasFixedMessage(AppErrorCode.STALE_VERSION)).toBe(true);
    expect(hasFixedMessage(AppErrorCode.VALIDATION_ERROR)).toBe(false);
    expect(hasFixedMessage('toString' as AppErrorCode)).toBe(false);
  });

  it('holds the identity codes the hosted pool named', () => {
    for (const code of Object.values(IDENTITY_ERROR)) expect(isAppErrorCode(code), code).toBe(true);
  });

  it.each([
    ['STALE_VERSION', 'STALE_VERSION'],
    ['NotAuthorizedException', 'NotAuthorizedException'],
    ['NO_SUCH_CODE', 'UNKNOWN_ERROR'],
    [undefined, 'UNKNOWN_ERROR'],
    [42, 'UNKNOWN_ERROR'],
    ['toString', 'UNKNOWN_ERROR'],
  ])('reads %s from an answer as %s', (code, expected) => {
    expect(parseAppErrorCode(code)).toBe(expected);
  });
});
