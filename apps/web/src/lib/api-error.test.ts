import { describe, expect, it } from 'vitest';
import { AppErrorCode, MESSAGES } from '@planpiso/domain';
import { ApiError, appErrorCodeOf, toApiError } from './api-client';

describe('an error answer is read into the catalogue (decision 073)', () => {
  it('a catalogued code is typed, and the answer is kept as it came', () => {
    const error = toApiError(409, { statusCode: 409, code: 'STALE_VERSION', message: MESSAGES.staleVersion });
    expect(error.appCode).toBe(AppErrorCode.STALE_VERSION);
    expect(error.code).toBe('STALE_VERSION');
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(MESSAGES.staleVersion);
  });

  it('an identity code keeps the hosted pool’s name', () => {
    const error = toApiError(401, { code: 'NotAuthorizedException', message: MESSAGES.wrongCredentials, reason: 'X' });
    expect(error.appCode).toBe(AppErrorCode.NotAuthorizedException);
    expect(error.reason).toBe('X');
  });

  it.each([
    ['a code this build does not know', { code: 'SOMETHING_NEW', message: 'Texto del servidor' }, 'SOMETHING_NEW'],
    ['no code', { message: 'Texto del servidor' }, 'Http422'],
    ['a code that is not a string', { code: 7, message: 'Texto del servidor' }, 'Http422'],
  ])('%s falls back to UNKNOWN_ERROR; the text is still the server’s', (_, payload, raw) => {
    const error = toApiError(422, payload);
    expect(error.appCode).toBe(AppErrorCode.UNKNOWN_ERROR);
    expect(error.code).toBe(raw);
    expect(error.message).toBe('Texto del servidor');
  });

  it('no body at all is an unknown error with the generic text', () => {
    const error = toApiError(502, null);
    expect(error.appCode).toBe(AppErrorCode.UNKNOWN_ERROR);
    expect(error.message).toBe(MESSAGES.internalError);
  });

  it('anything thrown that is not an answer reads as UNKNOWN_ERROR', () => {
    expect(appErrorCodeOf(new Error('boom'))).toBe(AppErrorCode.UNKNOWN_ERROR);
    expect(appErrorCodeOf(new ApiError(0, 'NetworkError', MESSAGES.networkError))).toBe(AppErrorCode.UNKNOWN_ERROR);
    expect(appErrorCodeOf(new ApiError(422, 'BALANCE_EXCEEDED', 'x'))).toBe(AppErrorCode.BALANCE_EXCEEDED);
  });
});
