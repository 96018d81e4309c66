import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, askMachine, type ActorType } from '../state-machine';
import {
  PROVISION_MACHINE,
  canProvisionAction,
  provisionActionsFor,
  provisionTransition,
  type ProvisionAction,
  type ProvisionMachineAction,
} from './provision-machine';
import {
  PROVISION_GUARDS_BY_HAND,
  PROVISION_ROWS_BY_HAND,
  PROVISION_STATUSES_BY_HAND,
  type HandRow,
} from './provision-machine.spec-table';
import { itMatchesTheHandTable } from './machine-spec-checks';

/**
 * The machine against the table written by hand from spec 3 §4/§6 (provision-machine.spec-table.ts), every
 * action × status 1–11 × actor (the system 0, user types 1–5): the same answer, written `→ to` when allowed, else
 * `403 who` or `409 status` (issue 28 item 6; the server keeps one HTTP case per verdict kind).
 */
describe('the provision machine against spec 3 §4/§6, pair by pair', () => {
  const ACTORS = [0, 1, 2, 3, 4, 5] as const satisfies readonly ActorType[];
  const MOVES = PROVISION_ROWS_BY_HAND.filter((row) => !row.from.includes(null));
  const ACTIONS = [...new Set(MOVES.map((row) => row.action))];
  const byHand = (rows: readonly HandRow[], action: string, status: number | null, type: number): string => {
    const ofAction = rows.filter((row) => row.action === action);
    if (!ofAction.some((row) => row.who.includes(type))) return '403 who';
    const row = ofAction.find((row) => row.from.includes(status));
    if (!row) return '409 status';
    return `→ ${row.to === 'same' ? status : row.to}`;
  };
  const machine = (action: string, status: number, type: ActorType, entity = { unitCount: 2, signingDocuments: 1 }) => {
    const verdict = askMachine(PROVISION_MACHINE, { id: 9, type }, action as ProvisionMachineAction, {
      status,
      ...entity,
    });
    return verdict.allowed ? `→ ${verdict.to}` : `${verdict.httpStatus} ${verdict.reason}`;
  };
  const pairs = ACTIONS.flatMap((action) =>
    PROVISION_STATUSES_BY_HAND.flatMap((status) => ACTORS.map((type) => ({ action, status, type }))),
  );
  const line = ({ action, status, type }: (typeof pairs)[number], answer: string) =>
    `${action} from ${status} by ${type}: ${answer}`;
  const handAnswers = pairs.map((pair) => line(pair, byHand(MOVES, pair.action, pair.status, pair.type)));
  const machineAnswers = pairs.map((pair) => line(pair, machine(pair.action, pair.status, pair.type)));

  itMatchesTheHandTable({
    machineActions: PROVISION_MACHINE.transitions.map((row) => row.action),
    tableActions: ACTIONS,
    tableAnswers: handAnswers,
    machineAnswers,
  });

  it('provisionTransition (the creates, and the same moves) answers as the table', () => {
    const answer = (action: string, status: number | null, type: number) => {
      const verdict = provisionTransition(action as ProvisionAction, { userType: type, status, unitCount: 2 });
      if (verdict.allowed) return `→ ${verdict.to}`;
      return verdict.code === 'FORBIDDEN' ? '403 who' : '409 status';
    };
    const statuses = [null, ...PROVISION_STATUSES_BY_HAND];
    const all = [...new Set(PROVISION_ROWS_BY_HAND.map((row) => row.action))];
    for (const action of all)
      for (const status of statuses)
        for (const type of ACTORS)
          expect(`${action} ${status} ${type}: ${answer(action, status, type)}`).toBe(
            `${action} ${status} ${type}: ${byHand(PROVISION_ROWS_BY_HAND, action, status, type)}`,
          );
  });

  it('the guards are the table’s: no unit or no document refuses (422) only the actions it lists', () => {
    const tweaks = {
      noUnits: { unitCount: 0, signingDocuments: 1 },
      noDocuments: { unitCount: 2, signingDocuments: 0 },
    };
    const guardOf = (action: string, when: string) =>
      PROVISION_GUARDS_BY_HAND.find((guard) => guard.action === action && guard.when === when);
    const refusal = (guard: { code: string; message: string }) => `422 ${guard.code} ${guard.message}`;
    for (const pair of pairs.filter((p) => byHand(MOVES, p.action, p.status, p.type).startsWith('→'))) {
      for (const [when, entity] of Object.entries(tweaks)) {
        const guard = guardOf(pair.action, when);
        const verdict = askMachine(
          PROVISION_MACHINE,
          { id: 9, type: pair.type },
          pair.action as ProvisionMachineAction,
          {
            status: pair.status,
            ...entity,
          },
        );
        const answer = verdict.allowed ? 'allowed' : refusal({ ...verdict });
        expect(line(pair, answer)).toBe(line(pair, guard ? refusal(guard) : 'allowed'));
      }
    }
    // provisionTransition sees units, not documents: the creates and the moves with none.
    for (const row of PROVISION_ROWS_BY_HAND)
      for (const status of row.from)
        for (const type of row.who) {
          const verdict = provisionTransition(row.action as ProvisionAction, { userType: type, status, unitCount: 0 });
          const guard = guardOf(row.action, 'noUnits');
          const answer = verdict.allowed ? 'allowed' : refusal(verdict);
          expect(`${row.action} ${status} ${type}: ${answer}`).toBe(
            `${row.action} ${status} ${type}: ${guard ? refusal(guard) : 'allowed'}`,
          );
        }
  });
});

describe('provision transitions 1 → 2 (spec 3 §4)', () => {
  it.each<[ProvisionAction, number | null, number, number]>([
    ['create', null, 0, 1],
    ['create', null, 3, 1],
    ['createAndSend', null, 1, 2],
    ['edit', 1, 0, 1],
    ['send', 1, 1, 2],
  ])('type 5 may %s from %s with %i units, to status %i', (action, status, unitCount, to) => {
    expect(provisionTransition(action, { userType: 5, status, unitCount })).toEqual({ allowed: true, to });
  });

  it.each([2, 3, 4, 9, 11])('edit and send are refused at status %i', (status) => {
    for (const action of ['edit', 'send'] as const) {
      expect(provisionTransition(action, { userType: 5, status, unitCount: 1 })).toEqual({
        allowed: false,
        code: 'INVALID_STATUS',
        message: 'El estatus de la disposición no permite esta acción',
      });
    }
  });

  it('creating twice is not a transition of an existing provision', () => {
    expect(provisionTransition('create', { userType: 5, status: 1, unitCount: 1 })).toMatchObject({
      code: 'INVALID_STATUS',
    });
  });

  it.each(['send', 'createAndSend'] as const)('%s needs at least one unit', (action) => {
    expect(provisionTransition(action, { userType: 5, status: action === 'send' ? 1 : null, unitCount: 0 })).toEqual({
      allowed: false,
      code: 'NO_UNITS',
      message: 'Seleccione al menos una unidad',
    });
  });

  it.each([1, 2, 3, 4, 0, 99])('user type %i may not create, edit or send', (userType) => {
    for (const action of ['create', 'createAndSend', 'edit', 'send'] as const) {
      expect(provisionTransition(action, { userType, status: 1, unitCount: 1 })).toMatchObject({
        allowed: false,
        code: 'FORBIDDEN',
      });
    }
  });

  it('tells the screens which actions to offer', () => {
    expect(canProvisionAction('edit', 5, 1)).toBe(true);
    expect(canProvisionAction('send', 5, 1)).toBe(true);
    expect(canProvisionAction('send', 5, 2)).toBe(false);
    expect(canProvisionAction('edit', 3, 1)).toBe(false);
  });
});

describe('PROVISION_MACHINE (the shared machine, decision 016)', () => {
  const dealer = { id: 1, type: 5 as const };
  it('sends a Creada provision with units to validation, and refuses every other case', () => {
    expect(askMachine(PROVISION_MACHINE, dealer, 'send', { status: 1, unitCount: 2 })).toEqual({
      allowed: true,
      to: 2,
    });
    expect(askMachine(PROVISION_MACHINE, dealer, 'edit', { status: 1, unitCount: 0 })).toEqual({
      allowed: true,
      to: 1,
    });
    expect(askMachine(PROVISION_MACHINE, dealer, 'send', { status: 1, unitCount: 0 })).toMatchObject({
      allowed: false,
      code: 'NO_UNITS',
      message: 'Seleccione al menos una unidad',
      httpStatus: 422,
    });
    expect(askMachine(PROVISION_MACHINE, dealer, 'send', { status: 2, unitCount: 2 })).toMatchObject({
      allowed: false,
      reason: 'status',
      httpStatus: 409,
    });
    expect(askMachine(PROVISION_MACHINE, { id: 2, type: 4 }, 'edit', { status: 1, unitCount: 1 })).toMatchObject({
      allowed: false,
      reason: 'who',
      httpStatus: 403,
    });
  });
});

describe('the lender side of the machine (issue 17)', () => {
  const lender = { id: 3, type: 3 } as const;
  const admin = { id: 2, type: 2 } as const;
  const dealer = { id: 5, type: 5 } as const;

  it('Confirmar takes a validated provision to Aceptada only with a selected unit; Rechazar needs none', () => {
    expect(askMachine(PROVISION_MACHINE, lender, 'confirm', { status: 3, unitCount: 1 })).toEqual({
      allowed: true,
      to: 4,
    });
    expect(askMachine(PROVISION_MACHINE, lender, 'confirm', { status: 3, unitCount: 0 })).toMatchObject({
      allowed: false,
      message: 'Seleccione al menos una unidad',
    });
    expect(askMachine(PROVISION_MACHINE, { id: 1, type: 1 }, 'reject', { status: 3, unitCount: 0 })).toEqual({
      allowed: true,
      to: 9,
    });
  });

  it('a second Confirmar on an accepted provision is a 409 (another operator moved it first)', () => {
    expect(askMachine(PROVISION_MACHINE, lender, 'confirm', { status: 4, unitCount: 1 })).toMatchObject({
      allowed: false,
      httpStatus: 409,
    });
  });

  it('the dealer sends to sign only at Aceptada and only once the documents exist', () => {
    expect(
      askMachine(PROVISION_MACHINE, dealer, 'sendToSign', { status: 4, unitCount: 1, signingDocuments: 1 }),
    ).toEqual({
      allowed: true,
      to: 5,
    });
    expect(askMachine(PROVISION_MACHINE, dealer, 'sendToSign', { status: 4, unitCount: 1 })).toMatchObject({
      allowed: false,
      code: 'NO_SIGNING_DOCUMENTS',
    });
  });

  it('actions that keep the status lead back to it (folio update, redo, review)', () => {
    expect(askMachine(PROVISION_MACHINE, lender, 'updateFolio', { status: 7, unitCount: 1 })).toEqual({
      allowed: true,
      to: 7,
    });
    expect(askMachine(PROVISION_MACHINE, lender, 'redoDocument', { status: 5, unitCount: 1 })).toEqual({
      allowed: true,
      to: 5,
    });
    expect(askMachine(PROVISION_MACHINE, admin, 'reviewUnits', { status: 3, unitCount: 1 })).toEqual({
      allowed: true,
      to: 3,
    });
  });

  it('no user takes a system row; the system takes no user row', () => {
    for (const type of [1, 2, 3, 4, 5] as const) {
      for (const action of ['validationComplete', 'signingStarted', 'signingCompleted', 'expire'] as const) {
        expect(askMachine(PROVISION_MACHINE, { id: 1, type }, action, { status: 2, unitCount: 1 })).toMatchObject({
          allowed: false,
          httpStatus: 403,
        });
      }
    }
    expect(askMachine(PROVISION_MACHINE, SYSTEM_ACTOR, 'validationComplete', { status: 2, unitCount: 1 })).toEqual({
      allowed: true,
      to: 3,
    });
    expect(askMachine(PROVISION_MACHINE, SYSTEM_ACTOR, 'confirm', { status: 3, unitCount: 1 })).toMatchObject({
      allowed: false,
      httpStatus: 403,
    });
  });

  it('a signed provision is released or sent to the CRM by the lender, and never expires', () => {
    expect(askMachine(PROVISION_MACHINE, lender, 'release', { status: 6, unitCount: 1 })).toEqual({
      allowed: true,
      to: 10,
    });
    expect(askMachine(PROVISION_MACHINE, lender, 'sendToCrm', { status: 7, unitCount: 1 })).toEqual({
      allowed: true,
      to: 8,
    });
    expect(askMachine(PROVISION_MACHINE, SYSTEM_ACTOR, 'expire', { status: 7, unitCount: 1 })).toMatchObject({
      allowed: false,
      httpStatus: 409,
    });
    expect(askMachine(PROVISION_MACHINE, SYSTEM_ACTOR, 'expire', { status: 1, unitCount: 0 })).toEqual({
      allowed: true,
      to: 11,
    });
  });

  it('the buttons a screen shows come from the same table', () => {
    expect(provisionActionsFor(3, 3)).toEqual(['confirm', 'reject']);
    expect(provisionActionsFor(5, 4)).toEqual(['generateDocuments', 'sendToSign']);
    expect(provisionActionsFor(3, 6)).toEqual(['redoDocument', 'release', 'sendToCrm', 'updateFolio']);
    expect(provisionActionsFor(4, 6)).toEqual([]);
  });
});
