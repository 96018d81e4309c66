import { describe, expect, it } from 'vitest';
import { askMachine } from '../state-machine';
import {
  EXCEPTION_EVIDENCE_OF_ACTION,
  EXCEPTION_MACHINE,
  exceptionActionFor,
  exceptionListStatuses,
  mayDownloadAdminEvidence,
  type ExceptionAction,
} from './exception-machine';

const actor = (type: 1 | 2 | 3 | 4 | 5) => ({ id: 7, type });

describe('the exception machine (spec 3 §4)', () => {
  const allowed: [ExceptionAction, number, 2 | 3, number][] = [
    ['review', 0, 3, 1],
    ['approve', 1, 2, 2],
    ['reject', 1, 2, 3],
  ];
  it.each(allowed)('%s from %i by type %i leads to %i', (action, from, type, to) => {
    expect(askMachine(EXCEPTION_MACHINE, actor(type), action, { status: from })).toEqual({ allowed: true, to });
  });

  it.each([1, 2, 4, 5] as const)('type %i may not send observations (403)', (type) => {
    expect(askMachine(EXCEPTION_MACHINE, actor(type), 'review', { status: 0 })).toMatchObject({
      allowed: false,
      httpStatus: 403,
    });
  });

  it.each([1, 3, 4, 5] as const)('type %i may not approve or reject (403)', (type) => {
    expect(askMachine(EXCEPTION_MACHINE, actor(type), 'approve', { status: 1 })).toMatchObject({ httpStatus: 403 });
    expect(askMachine(EXCEPTION_MACHINE, actor(type), 'reject', { status: 1 })).toMatchObject({ httpStatus: 403 });
  });

  it.each([
    ['review', 3, [1, 2, 3]],
    ['approve', 2, [0, 2, 3]],
    ['reject', 2, [0, 2, 3]],
  ] as const)('%s is refused from any other status (409)', (action, type, statuses) => {
    for (const status of statuses) {
      expect(askMachine(EXCEPTION_MACHINE, actor(type), action, { status })).toMatchObject({
        allowed: false,
        httpStatus: 409,
        code: 'INVALID_STATUS',
      });
    }
  });

  it('maps the status a screen sends to its action, and nothing else', () => {
    expect([0, 1, 2, 3, 4].map(exceptionActionFor)).toEqual([null, 'review', 'approve', 'reject', null]);
  });

  it('attaches evidence type 5 for the operator and 6 for the administrator (spec 3 §3)', () => {
    expect(EXCEPTION_EVIDENCE_OF_ACTION).toEqual({ review: 5, approve: 6, reject: 6 });
  });

  it('asks each type for its statuses (spec 3 §4)', () => {
    expect(exceptionListStatuses(5)).toEqual([0, 2, 3]);
    expect(exceptionListStatuses(3)).toEqual([0]);
    expect(exceptionListStatuses(2)).toEqual([1]);
    expect(exceptionListStatuses(4)).toEqual([]);
  });

  it('lets the dealer download the administrator evidence only of a rejected exception that has one', () => {
    expect(mayDownloadAdminEvidence(3, [{ type: 4 }, { type: 6 }])).toBe(true);
    expect(mayDownloadAdminEvidence(3, [{ type: 4 }, { type: 5 }])).toBe(false);
    expect(mayDownloadAdminEvidence(2, [{ type: 6 }])).toBe(false);
  });
});
