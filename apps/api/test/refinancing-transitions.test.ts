import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PERMISSIONS,
  REFINANCING_MACHINE,
  REFINANCING_STATUSES,
  REFINANCING_TRANSITIONS,
  USER_TYPES,
  can,
  refinancingVisibility,
  type RefinancingAction,
  type RefinancingMachineAction,
  type RefinancingMachineEntity,
  type UserType,
} from '@planpiso/domain';
import { crmInsertions } from '../src/db/schema/financing';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { users } from '../src/db/schema/users';
import { bearer, buildTestApp, createUser, fakeClock, signIn, type TestApp } from './harness';
import { WORKING_NOON, clearNonWorkingDays, dealerGroup, type DealerGroup } from './provision-fixtures';
import { addUnitEvidence, createRefinancing } from './refinancing-fixtures';
import { seededDatabase } from './seeded-database';

/**
 * The refinancing transition table against the server (issue 19, decisions 045, 046): generated from
 * REFINANCING_TRANSITIONS — every action with a route on this branch × every status 1–10 × every user type 1–5. One
 * refinancing (evidences required, two units with evidence and approved by the administrator) is put at the status
 * (its row reset directly between cases), the route is called as that type — a user in scope — and the answer is
 * what the table says:
 * - the route's API_PERMISSIONS row does not name the type → 403;
 * - the machine allows it → 200;
 * - the type is not in the row's `who` → 403;
 * - otherwise, a status the type does not see (refinancingVisibility) → 404, the scope's answer;
 * - otherwise the machine's refusal: 409 INVALID_STATUS for a status the action does not start from, 422 a need.
 * set-status 3 is Evidencia completa, or Enviar when the refinancing is at 4. Enviar a FinBe / Enviar a firma, redo
 * and the webhooks' moves are helper A2's (e-signature): not routed here.
 */
const LINE = 'LC-10004-01';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let group: DealerGroup;
let tokens: Record<UserType, string>;
let refinancingId: number;
let unitIds: number[];
let total: string;

beforeAll(async () => {
  seeded = await seededDatabase('refinancing_transitions');
  t = await buildTestApp({ db: seeded.db, clock: fakeClock(WORKING_NOON) });
  await clearNonWorkingDays(seeded.db);
  group = await dealerGroup(t.app, seeded.db, '10004');
  const admin = await createUser(seeded.db, 2);
  await seeded.db.update(users).set({ registerBy: admin.id }).where(eq(users.id, group.operator.id));
  tokens = {
    1: await signIn(t.app, (await createUser(seeded.db, 1)).email),
    2: await signIn(t.app, admin.email),
    3: group.tokens.operator,
    4: group.tokens.legal,
    5: group.tokens.dealer,
  };
  const created = await createRefinancing(t.app, seeded.db, group, LINE, [
    { amount: '1500.00' },
    { amount: '2500.50' },
  ]);
  refinancingId = created.id;
  unitIds = created.unitIds;
  total = '4000.50';
  for (const unitId of unitIds) await addUnitEvidence(seeded.db, unitId, group.dealer.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await seeded?.close();
});

/** What each case sets beyond the status: the administrator validated it for Aceptar only (decision 045). */
const adminValidatedFor = (action: RefinancingMachineAction) => action === 'accept';

/** The refinancing back at `status` as if it had just arrived there; answers the version a screen would send. */
async function resetTo(status: number, action: RefinancingMachineAction): Promise<number> {
  await seeded.db.delete(crmInsertions).where(inArray(crmInsertions.refinancingUnitId, unitIds));
  await seeded.db
    .update(refinancingUnits)
    .set({ status: 1, comment: '' })
    .where(eq(refinancingUnits.refinancingId, refinancingId));
  const [row] = await seeded.db
    .update(refinancings)
    .set({
      status,
      adminValidated: adminValidatedFor(action),
      useManualFolio: false,
      manualFolio: null,
      approvedDate: null,
      rejectComment: null,
      total,
    })
    .where(eq(refinancings.id, refinancingId))
    .returning({ version: refinancings.version });
  return row!.version;
}

type Call = (token: string, version: number) => Promise<LightMyRequestResponse>;
const inject = (method: 'POST' | 'PATCH', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });
const base = () => `/api/refinancings/${refinancingId}`;

/** Each routed action: its API_PERMISSIONS key and a call with a body the action accepts. */
const ROUTES: Partial<Record<RefinancingMachineAction, { operation: string; call: Call }>> = {
  evidenceComplete: {
    operation: 'PATCH /api/refinancings/:id/set-status',
    call: (token, version) => inject('PATCH', `${base()}/set-status`, token, { status: 3, version }),
  },
  send: {
    operation: 'POST /api/refinancings/send-units',
    call: (token, version) => inject('POST', '/api/refinancings/send-units', token, { refinancingId, version }),
  },
  confirmUnits: {
    operation: 'PATCH /api/refinancings/:id/confirm-units',
    call: (token, version) =>
      inject('PATCH', `${base()}/confirm-units`, token, {
        version,
        units: unitIds.map((id) => ({ id, status: 1, comment: '' })),
      }),
  },
  confirm: {
    operation: 'POST /api/refinancings/:id/confirm',
    call: (token, version) => inject('POST', `${base()}/confirm`, token, { version }),
  },
  accept: {
    operation: 'POST /api/refinancings/:id/accept',
    call: (token, version) =>
      inject('POST', `${base()}/accept`, token, {
        version,
        units: unitIds.map((id) => ({ id, status: 1, comment: '' })),
        useManualFolio: false,
      }),
  },
  reject: {
    operation: 'POST /api/refinancings/:id/reject',
    call: (token, version) => inject('POST', `${base()}/reject`, token, { version, comment: 'Sin documentos' }),
  },
  release: {
    operation: 'POST /api/refinancings/:id/release',
    call: (token, version) => inject('POST', `${base()}/release`, token, { version }),
  },
  sendToCrm: {
    operation: 'POST /api/refinancings/:id/send-crm',
    call: (token, version) => inject('POST', `${base()}/send-crm`, token, { approvedDate: '2026-11-24', version }),
  },
  updateFolio: {
    operation: 'PATCH /api/refinancings/:id/update-folio',
    call: (token, version) => inject('PATCH', `${base()}/update-folio`, token, { manualFolio: 77, version }),
  },
};

/** set-status 3 at Aceptada is Enviar (spec 3 §4: "3 from 4 by Enviar"). */
const actionAt = (action: RefinancingMachineAction, status: number): RefinancingMachineAction =>
  action === 'evidenceComplete' && status === 4 ? 'send' : action;

function expectedStatus(route: RefinancingMachineAction, type: UserType, status: number): number {
  const allowed = API_PERMISSIONS[ROUTES[route]!.operation as keyof typeof API_PERMISSIONS];
  if (!(allowed as readonly number[]).includes(type)) return 403;
  const action = actionAt(route, status);
  const entity: RefinancingMachineEntity = {
    status,
    requireEvidences: true,
    adminValidated: adminValidatedFor(route),
    unitCount: 2,
    unitsWithoutEvidence: 0,
    unreviewedUnits: 0,
    disapprovedUnits: 0,
  };
  const verdict = can(REFINANCING_MACHINE, { id: 0, type }, action, entity);
  if (verdict.allowed) return 200;
  if (verdict.reason === 'who') return 403;
  if (!(refinancingVisibility(type).statuses as readonly number[]).includes(status)) return 404;
  return verdict.httpStatus;
}

describe.each(Object.keys(ROUTES) as RefinancingMachineAction[])('%s, as the table says', (route) => {
  it.each([...USER_TYPES])('user type %i, statuses 1–10', async (type) => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const status of REFINANCING_STATUSES) {
      const version = await resetTo(status, route);
      const response = await ROUTES[route]!.call(tokens[type], version);
      answers.push(`${status} → ${response.statusCode}`);
      expected.push(`${status} → ${expectedStatus(route, type, status)}`);
    }
    expect(answers).toEqual(expected);
  });
});

it('every user action of the table is routed here or is helper A2’s (signing) or the system’s', () => {
  const users = new Set(
    REFINANCING_TRANSITIONS.filter((row) => row.who.some((who) => who >= 1)).map((row) => row.action),
  );
  const routed = new Set<RefinancingAction>([...Object.keys(ROUTES)] as RefinancingAction[]);
  const elsewhere = [...users].filter((action) => !routed.has(action)).sort();
  expect(elsewhere).toEqual(['create', 'redoDocument', 'sendToFinbe', 'sendToSign']);
});
