import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REFINANCING_MESSAGES, REFINANCING_STATUS } from '@planpiso/domain';
import { crmInsertions } from '../src/db/schema/financing';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { users } from '../src/db/schema/users';
import { bearer, buildTestApp, createUser, fakeClock, json, signIn, type TestApp } from './harness';
import { WORKING_NOON, clearNonWorkingDays, dealerGroup, type DealerGroup } from './provision-fixtures';
import { addUnitEvidence, createRefinancing } from './refinancing-fixtures';
import { seededDatabase } from './seeded-database';

/**
 * The refinancing machine against the server: one HTTP case per kind of answer (issue 28 item 6), each with its
 * literal expected status — 403 the type may not take the action, 404 a status the type never sees (the scope
 * answers before the machine), 409 a status the action does not start from, 409 a version another user moved on,
 * 422 a guard, 2xx the move. Which type may take which action from which status, pair by pair, is asserted without
 * HTTP against the table written by hand from spec 3 §4/§6 (packages/domain/src/financing/refinancing-machine.test.ts
 * and refinancing-machine.spec-table.ts); each route's own flow is in refinancing-flows and refinancing-signing
 * tests. One refinancing (evidences required, two units with evidence approved by the administrator) is put at the
 * status a case needs (its row reset directly between cases).
 */
const LINE = 'LC-10004-01';
const S = REFINANCING_STATUS;

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let group: DealerGroup;
let adminToken: string;
let refinancingId: number;
let unitIds: number[];

beforeAll(async () => {
  seeded = await seededDatabase('refinancing_transitions');
  t = await buildTestApp({ db: seeded.db, clock: fakeClock(WORKING_NOON) });
  await clearNonWorkingDays(seeded.db);
  group = await dealerGroup(t.app, seeded.db, '10004');
  // A type 2 whose scope reaches the group's account: it registered the account's operator (decision 014).
  const admin = await createUser(seeded.db, 2);
  await seeded.db.update(users).set({ registerBy: admin.id }).where(eq(users.id, group.operator.id));
  adminToken = await signIn(t.app, admin.email);
  const created = await createRefinancing(t.app, seeded.db, group, LINE, [
    { amount: '1500.00' },
    { amount: '2500.50' },
  ]);
  refinancingId = created.id;
  unitIds = created.unitIds;
  for (const unitId of unitIds) await addUnitEvidence(seeded.db, unitId, group.dealer.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await seeded?.close();
});

/**
 * The refinancing back at `status` as if it had just arrived there, validated by the administrator or not; answers
 * the version a screen would send.
 */
async function resetTo(status: number, adminValidated = false): Promise<number> {
  await seeded.db.delete(crmInsertions).where(inArray(crmInsertions.refinancingUnitId, unitIds));
  await seeded.db
    .update(refinancingUnits)
    .set({ status: 1, comment: '' })
    .where(eq(refinancingUnits.refinancingId, refinancingId));
  const [row] = await seeded.db
    .update(refinancings)
    .set({
      status,
      adminValidated,
      useManualFolio: false,
      manualFolio: null,
      approvedDate: null,
      rejectComment: null,
      total: '4000.50',
    })
    .where(eq(refinancings.id, refinancingId))
    .returning({ version: refinancings.version });
  return row!.version;
}

async function statusNow(): Promise<number> {
  const [row] = await seeded.db
    .select({ status: refinancings.status })
    .from(refinancings)
    .where(eq(refinancings.id, refinancingId));
  return row!.status;
}

const inject = (method: 'POST' | 'PATCH', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });
const base = () => `/api/refinancings/${refinancingId}`;

/** Aceptar (type 3), every unit approved. */
const accept = (token: string, version: number) =>
  inject('POST', `${base()}/accept`, token, {
    version,
    units: unitIds.map((id) => ({ id, status: 1, comment: '' })),
    useManualFolio: false,
  });
/** Confirmar (type 2) the units' evidence review. */
const confirm = (token: string, version: number) => inject('POST', `${base()}/confirm`, token, { version });

const answer = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  ...json<{ code?: string; message?: string }>(response),
});

describe('the refinancing machine over HTTP: one case per kind of answer', () => {
  it('403: the lender operator may not Enviar an Aceptada refinancing (set-status 3 at 4 is the dealer’s)', async () => {
    const version = await resetTo(S.ACCEPTED);
    const response = await inject('PATCH', `${base()}/set-status`, group.tokens.operator, { status: 3, version });
    expect(answer(response)).toMatchObject({ status: 403, code: 'FORBIDDEN', message: MESSAGES.forbidden });
    expect(await statusNow()).toBe(S.ACCEPTED);
  });

  it('404: the administrator never sees a Creada refinancing, so it cannot Confirmar it', async () => {
    const response = await confirm(adminToken, await resetTo(S.CREATED));
    expect(response.statusCode, response.body).toBe(404);
    expect(await statusNow()).toBe(S.CREATED);
  });

  it('409: Confirmar an Aceptada refinancing is refused by its status', async () => {
    const response = await confirm(adminToken, await resetTo(S.ACCEPTED));
    expect(answer(response)).toMatchObject({
      status: 409,
      code: 'INVALID_STATUS',
      message: REFINANCING_MESSAGES.statusNotAllowed,
    });
    expect(await statusNow()).toBe(S.ACCEPTED);
  });

  it('409: Rechazar with the version read before another user moved the refinancing', async () => {
    const read = await resetTo(S.ADMIN_VALIDATION);
    await seeded.db
      .update(refinancings)
      .set({ version: read + 1 })
      .where(eq(refinancings.id, refinancingId));
    const response = await inject('POST', `${base()}/reject`, group.tokens.operator, {
      version: read,
      comment: 'Sin documentos',
    });
    expect(answer(response)).toMatchObject({ status: 409, code: 'STALE_VERSION', message: MESSAGES.staleVersion });
    expect(await statusNow()).toBe(S.ADMIN_VALIDATION);
  });

  it('422: Aceptar before the administrator validated the required evidences', async () => {
    const response = await accept(group.tokens.operator, await resetTo(S.ADMIN_VALIDATION, false));
    expect(answer(response)).toMatchObject({
      status: 422,
      code: 'REFINANCING_RULE',
      message: REFINANCING_MESSAGES.adminValidationPending,
    });
    expect(await statusNow()).toBe(S.ADMIN_VALIDATION);
  });

  it('200: the lender operator accepts a validated refinancing: Aceptada, its version moved on', async () => {
    const version = await resetTo(S.ADMIN_VALIDATION, true);
    const response = await accept(group.tokens.operator, version);
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusNow()).toBe(S.ACCEPTED);
    const [row] = await seeded.db
      .select({ version: refinancings.version })
      .from(refinancings)
      .where(eq(refinancings.id, refinancingId));
    expect(row!.version).toBe(version + 1);
  });
});
