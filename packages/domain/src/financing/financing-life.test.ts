import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR_TYPE, askMachine, defineMachine } from '../state-machine';
import { financingLifeRows, fromEach, machineTransitions, type FinancingRow } from './financing-life';

// Codes made up on purpose (not spec 3's 4..10): the fragment uses only the statuses it is given.
const S = { ACCEPTED: 40, SENT_TO_SIGN: 50, SIGNING: 60, SIGNED: 70, AUTHORIZED: 80, REJECTED: 90, RELEASED: 100 };
type Need = 'docs';
const rows = (redoWhenAccepted: boolean) =>
  financingLifeRows<number, Need>(S, { sendToSignNeeds: ['docs'], redoWho: [4], redoWhenAccepted });
const pairs = (list: FinancingRow<string, number, Need>[]) => list.map((r) => `${r.action}:${r.from}->${r.to}`);

describe('the life after acceptance (financing-life.ts)', () => {
  it('lists the shared rows in order, from each starting status (spec 3 §4, §6)', () => {
    expect(pairs(rows(true))).toEqual([
      'sendToSign:40->50',
      'redoDocument:40->same',
      'redoDocument:50->same',
      'redoDocument:60->same',
      'signingStarted:50->60',
      'signingCompleted:50->70',
      'signingCompleted:60->70',
      'release:60->100',
      'release:70->100',
      'sendToCrm:60->80',
      'sendToCrm:70->80',
      'updateFolio:40->same',
      'updateFolio:50->same',
      'updateFolio:60->same',
      'updateFolio:70->same',
      'updateFolio:80->same',
      'updateFolio:90->same',
      'updateFolio:100->same',
    ]);
  });

  it('redoes a document from Aceptada only when asked, by whom it is told', () => {
    const redo = rows(false).filter((r) => r.action === 'redoDocument');
    expect(redo.map((r) => r.from)).toEqual([50, 60]);
    expect(redo.every((r) => r.who.length === 1 && r.who[0] === 4)).toBe(true);
  });

  it('leaves the webhooks to the system and Liberar, CRM and folio to types 1 and 3', () => {
    const who = (action: string) => [
      ...new Set(
        rows(true)
          .filter((r) => r.action === action)
          .flatMap((r) => r.who),
      ),
    ];
    expect(who('signingStarted')).toEqual([SYSTEM_ACTOR_TYPE]);
    expect(who('signingCompleted')).toEqual([SYSTEM_ACTOR_TYPE]);
    expect(who('release')).toEqual([1, 3]);
    expect(who('sendToCrm')).toEqual([1, 3]);
    expect(who('updateFolio')).toEqual([1, 3]);
    expect(who('sendToSign')).toEqual([5]);
  });
});

describe('machineTransitions (the needs adapter)', () => {
  type E = { status: number; docs: number; bad: boolean };
  const table: FinancingRow<'make' | 'go' | 'stay' | 'pick', number, Need, 'byBad'>[] = [
    { action: 'make', from: null, to: 1, who: [5], needs: [] },
    { action: 'go', from: 1, to: 2, who: [5], needs: ['docs'] },
    ...fromEach<FinancingRow<'stay', number, Need>>([1, 2], { action: 'stay', to: 'same', who: [5], needs: [] }),
    { action: 'pick', from: 2, to: 'byBad', who: [5], needs: [] },
  ];
  const machine = defineMachine({
    name: 'test',
    statuses: [1, 2, 3],
    statusOf: (e: E) => e.status,
    wrongStatus: 'no',
    transitions: machineTransitions<'go' | 'stay' | 'pick', number, Need, E, 'byBad'>(table, {
      statusOf: (e) => e.status,
      check: { docs: (e) => e.docs > 0 || { code: 'NO_DOCS', message: 'sin documentos', httpStatus: 422 } },
      target: (_to, e) => (e.bad ? 3 : 2),
    }),
  });
  const actor = { id: 1, type: 5 as const };

  it('leaves the creates out and turns each need into its check', () => {
    expect(machine.transitions.map((t) => t.action)).toEqual(['go', 'stay', 'stay', 'pick']);
    expect(askMachine(machine, actor, 'go', { status: 1, docs: 0, bad: false })).toMatchObject({
      allowed: false,
      code: 'NO_DOCS',
    });
    expect(askMachine(machine, actor, 'go', { status: 1, docs: 1, bad: false })).toEqual({ allowed: true, to: 2 });
  });

  it("keeps the status on 'same' and resolves any other target through `target`", () => {
    expect(askMachine(machine, actor, 'stay', { status: 2, docs: 0, bad: false })).toEqual({ allowed: true, to: 2 });
    expect(askMachine(machine, actor, 'pick', { status: 2, docs: 0, bad: true })).toEqual({ allowed: true, to: 3 });
    expect(askMachine(machine, actor, 'pick', { status: 2, docs: 0, bad: false })).toEqual({ allowed: true, to: 2 });
  });
});
