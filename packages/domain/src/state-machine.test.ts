import { describe, expect, it } from 'vitest';
import { CONFIGURATION_MESSAGES } from './messages-configuration';
import { MESSAGES } from './messages';
import { CREDIT_FAILURE_MACHINE, type CreditFailureAction, type InsertionStatus } from './machines/credit-failure';
import { ROLE_STATUS_MACHINE, USER_STATUS_MACHINE, type ActiveAction } from './machines/active-status';
import { actionsFor, askMachine, defineMachine } from './state-machine';
import { USER_TYPES, type UserType } from './user-types';

/*
 * Every status × action × user type, against tables written by hand from the spec (not read from the machines):
 * a row the machine gets wrong fails here. 'ok' is allowed, 'who' a type refusal (403), 'status' a status refusal
 * (409), 'own' one's own status (403 OWN_STATUS).
 */
type Expected = 'ok' | 'who' | 'status' | 'own';
const actor = (type: UserType) => ({ id: 100 + type, type });

// spec 1 §6: types 1–4 have Usuarios and Roles; type 5 has neither. A toggle goes to the inverse value only.
const ACTIVE_TABLE: Record<'active' | 'inactive', Record<ActiveAction, Record<UserType, Expected>>> = {
  active: {
    activate: { 1: 'status', 2: 'status', 3: 'status', 4: 'status', 5: 'who' },
    deactivate: { 1: 'ok', 2: 'ok', 3: 'ok', 4: 'ok', 5: 'who' },
  },
  inactive: {
    activate: { 1: 'ok', 2: 'ok', 3: 'ok', 4: 'ok', 5: 'who' },
    deactivate: { 1: 'status', 2: 'status', 3: 'status', 4: 'status', 5: 'who' },
  },
};

// spec 2 §4, §7 and spec 1 §6: Créditos con fallos is the super user's; only a failed insertion can be acted on.
/** A credit-failure status where only the super user (type 1) gets past the type check, every action alike. */
const superUserOnly = (verdict: Expected): Record<CreditFailureAction, Record<UserType, Expected>> => {
  const byType = { 1: verdict, 2: 'who', 3: 'who', 4: 'who', 5: 'who' } as const;
  return { retry: byType, insert: byType, archive: byType };
};
const CREDIT_TABLE: Record<InsertionStatus, Record<CreditFailureAction, Record<UserType, Expected>>> = {
  failed: superUserOnly('ok'),
  queued: superUserOnly('status'),
  inserted: superUserOnly('status'),
  archived: superUserOnly('status'),
  // Released by Liberar, waiting for the CRM to list it (decision 055): never a credit failure to act on.
  released: superUserOnly('status'),
};

function outcome(verdict: ReturnType<typeof askMachine>): Expected {
  if (verdict.allowed) return 'ok';
  return verdict.code === 'OWN_STATUS' ? 'own' : verdict.reason === 'needs' ? 'who' : verdict.reason;
}

const activeCases = Object.entries(ACTIVE_TABLE).flatMap(([status, actions]) =>
  Object.entries(actions).flatMap(([action, byType]) =>
    USER_TYPES.map((type) => [status, action as ActiveAction, type, byType[type]] as const),
  ),
);

describe('user status machine (spec 1 §4, §6)', () => {
  it.each(activeCases)('%s user, %s, by type %i: %s', (status, action, type, expected) => {
    const user = { id: 1, isActive: status === 'active' };
    expect(outcome(askMachine(USER_STATUS_MACHINE, actor(type), action, user))).toBe(expected);
  });

  it.each(activeCases)('own row, %s, %s, by type %i: refused', (status, action, type, expected) => {
    const self = actor(type);
    const verdict = askMachine(USER_STATUS_MACHINE, self, action, { id: self.id, isActive: status === 'active' });
    // One's own status is refused whenever the action would otherwise be allowed.
    expect(outcome(verdict)).toBe(expected === 'ok' ? 'own' : expected);
  });

  it('answers the status a toggle leads to, and the messages and HTTP statuses the server sends', () => {
    const admin = actor(2);
    expect(askMachine(USER_STATUS_MACHINE, admin, 'deactivate', { id: 1, isActive: true })).toEqual({
      allowed: true,
      to: 'inactive',
    });
    expect(askMachine(USER_STATUS_MACHINE, admin, 'activate', { id: 1, isActive: false })).toEqual({
      allowed: true,
      to: 'active',
    });
    expect(askMachine(USER_STATUS_MACHINE, admin, 'activate', { id: 1, isActive: true })).toMatchObject({
      code: 'INVALID_STATUS',
      message: MESSAGES.invalidStatus,
      httpStatus: 409,
    });
    expect(askMachine(USER_STATUS_MACHINE, actor(5), 'activate', { id: 1, isActive: false })).toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.forbidden,
      httpStatus: 403,
    });
    expect(askMachine(USER_STATUS_MACHINE, admin, 'activate', { id: admin.id, isActive: false })).toMatchObject({
      code: 'OWN_STATUS',
      message: MESSAGES.ownStatusChange,
      httpStatus: 403,
    });
  });

  it('shows the one toggle a row allows, none on one’s own row or to type 5', () => {
    expect(actionsFor(USER_STATUS_MACHINE, actor(3), { id: 1, isActive: true })).toEqual(['deactivate']);
    expect(actionsFor(USER_STATUS_MACHINE, actor(3), { id: 1, isActive: false })).toEqual(['activate']);
    expect(actionsFor(USER_STATUS_MACHINE, actor(3), { id: 103, isActive: true })).toEqual([]);
    expect(actionsFor(USER_STATUS_MACHINE, actor(5), { id: 1, isActive: true })).toEqual([]);
  });
});

describe('role status machine (spec 1 §4, §6)', () => {
  it.each(activeCases)('%s role, %s, by type %i: %s', (status, action, type, expected) => {
    expect(outcome(askMachine(ROLE_STATUS_MACHINE, actor(type), action, { isActive: status === 'active' }))).toBe(
      expected,
    );
  });
});

describe('credit-failure machine (spec 2 §4)', () => {
  const cases = Object.entries(CREDIT_TABLE).flatMap(([status, actions]) =>
    Object.entries(actions).flatMap(([action, byType]) =>
      USER_TYPES.map((type) => [status as InsertionStatus, action as CreditFailureAction, type, byType[type]] as const),
    ),
  );

  it.each(cases)('%s insertion, %s, by type %i: %s', (status, action, type, expected) => {
    expect(outcome(askMachine(CREDIT_FAILURE_MACHINE, actor(type), action, { status }))).toBe(expected);
  });

  it('lands Reintentar in the queue, Remover archived, Insertar inserted or, refused by the CRM, failed', () => {
    const su = actor(1);
    expect(askMachine(CREDIT_FAILURE_MACHINE, su, 'retry', { status: 'failed' })).toEqual({
      allowed: true,
      to: 'queued',
    });
    expect(askMachine(CREDIT_FAILURE_MACHINE, su, 'archive', { status: 'failed' })).toEqual({
      allowed: true,
      to: 'archived',
    });
    expect(askMachine(CREDIT_FAILURE_MACHINE, su, 'insert', { status: 'failed' })).toEqual({
      allowed: true,
      to: 'inserted',
    });
    expect(askMachine(CREDIT_FAILURE_MACHINE, su, 'insert', { status: 'failed', crmRefused: true })).toEqual({
      allowed: true,
      to: 'failed',
    });
    expect(askMachine(CREDIT_FAILURE_MACHINE, su, 'retry', { status: 'queued' })).toMatchObject({
      message: CONFIGURATION_MESSAGES.creditFailureNotFailed,
      httpStatus: 409,
    });
    expect(actionsFor(CREDIT_FAILURE_MACHINE, su, { status: 'failed' })).toEqual(['retry', 'insert', 'archive']);
    expect(actionsFor(CREDIT_FAILURE_MACHINE, su, { status: 'archived' })).toEqual([]);
  });
});

describe('defineMachine', () => {
  const base = { name: 'm', statuses: ['a', 'b'] as const, statusOf: (e: { s: 'a' | 'b' }) => e.s, wrongStatus: 'x' };

  it('refuses an unknown status', () => {
    expect(() =>
      defineMachine({ ...base, transitions: [{ action: 'go', from: ['a'], to: 'c' as 'b', who: [1] }] }),
    ).toThrow(/unknown status c/);
  });

  it('refuses two rows for one action from the same status', () => {
    expect(() =>
      defineMachine({
        ...base,
        transitions: [
          { action: 'go', from: ['a'], to: 'b', who: [1] },
          { action: 'go', from: ['a', 'b'], to: 'a', who: [2] },
        ],
      }),
    ).toThrow(/two rows for go from a/);
  });

  it('asks the type per row when an action has several', () => {
    const machine = defineMachine({
      ...base,
      transitions: [
        { action: 'go', from: ['a'], to: 'b', who: [1] },
        { action: 'go', from: ['b'], to: 'a', who: [2] },
      ],
    });
    expect(askMachine(machine, actor(1), 'go', { s: 'a' })).toEqual({ allowed: true, to: 'b' });
    expect(askMachine(machine, actor(1), 'go', { s: 'b' })).toMatchObject({ allowed: false, reason: 'who' });
    expect(askMachine(machine, actor(3), 'go', { s: 'a' })).toMatchObject({ allowed: false, reason: 'who' });
  });
});
