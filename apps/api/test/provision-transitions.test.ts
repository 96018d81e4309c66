import { rm } from 'node:fs/promises';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINANCING_MESSAGES,
  Money,
  PROVISION_MACHINE,
  PROVISION_STATUS,
  PROVISION_TRANSITIONS,
  USER_TYPES,
  can,
  provisionTransition,
  visibleProvisionStatusRange,
  type ProvisionAction,
  type UserType,
} from '@planpiso/domain';
import { evidences } from '../src/db/schema/files';
import { crmInsertions, provisionUnits, provisions } from '../src/db/schema/financing';
import { users } from '../src/db/schema/users';
import { bearer, buildTestApp, createUser, fakeClock, json, signIn, type TestApp } from './harness';
import {
  WORKING_NOON,
  clearNonWorkingDays,
  dealerGroup,
  post,
  randomVin,
  saveBody,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { seededDatabase } from './seeded-database';
import { tempDataDir } from './support/uploads';

/**
 * The whole transition table against the server (issue 17 acceptance): generated from PROVISION_TRANSITIONS, every
 * action that has a user route on this branch × every status 1–11 × every user type 1–5. One provision is put at
 * the status (its row reset directly between cases: status, folio, units back out of review, no CRM insertion), the
 * route is called as that type — a user in scope: the dealer operator and legal representative of its company, the
 * lender operator of its account, the super user, an administrator — and the answer is what the table says:
 * - allowed → 2xx;
 * - the type is not in the action's `who` → 403;
 * - otherwise, a status the type does not see at all (visibleProvisionStatusRange: a type 1 or 3 never sees a
 *   Creada one) → 404, the scope's answer;
 * - otherwise the table's refusal: 409 INVALID_STATUS for a status the action does not start from, 422 NO_UNITS.
 *
 * Covered: every user action of the table — edit (PUT /provisions/{id}), send (PATCH set-status), reviewUnits
 * (POST confirmUnitsReview), confirm (PUT status 4), reject (POST confirm-reject status 9), generateDocuments (POST
 * documents), sendToSign (POST send-to-sign: at Aceptada the case's setup generates the signing document first, as
 * the table's `signingDocuments` need asks; its absence is the 422 checked on its own), redoDocument (POST
 * redo-document; at 5 and 6 through the e-signature simulator), release (POST release), sendToCrm (POST send-crm),
 * updateFolio (PATCH update-folio), and the creates (POST /provisions, POST /provisions/create-send, status null).
 * The system's rows (validationComplete, signingStarted, signingCompleted, expire) have no user route: the last test
 * checks no user type may take them.
 */
const LINE = 'LC-10004-01';
const STATUSES = Object.values(PROVISION_STATUS);

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let group: DealerGroup;
let tokens: Record<UserType, string>;
let provisionId: number;
let vins: string[];
let dataDir: string;

beforeAll(async () => {
  seeded = await seededDatabase('provision_transitions');
  // The signing documents are written to storage: a data dir of this file's own.
  dataDir = await tempDataDir();
  t = await buildTestApp({ db: seeded.db, clock: fakeClock(WORKING_NOON), env: { DATA_DIR: dataDir } });
  await clearNonWorkingDays(seeded.db);
  group = await dealerGroup(t.app, seeded.db, '10004');
  tokens = {
    1: await signIn(t.app, (await createUser(seeded.db, 1)).email),
    2: await signIn(t.app, (await lenderAdminOf(group)).email),
    3: group.tokens.operator,
    4: group.tokens.legal,
    5: group.tokens.dealer,
  };
  vins = [randomVin(), randomVin()];
  const response = await post(t.app, group.tokens.dealer, '/api/provisions', body());
  expect(response.statusCode, response.body).toBe(201);
  provisionId = json<{ data: { id: number } }>(response).data.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await seeded?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function body() {
  const units = vins.map((vin) => unit(vin, '1500.00'));
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  return saveBody(group, LINE, units, total);
}

/** A type 2 whose scope reaches the group's account: it registered the account's operator (decision 014). */
async function lenderAdminOf(of: DealerGroup) {
  const admin = await createUser(seeded.db, 2);
  await seeded.db.update(users).set({ registerBy: admin.id }).where(eq(users.id, of.operator.id));
  return admin;
}

/** The provision back at `status` as if it had just arrived there; answers the version a screen would send. */
async function resetTo(status: number): Promise<number> {
  await seeded.db.delete(crmInsertions).where(eq(crmInsertions.provisionId, provisionId));
  // No signing document left by an earlier case (generated, sent or redone).
  await seeded.db
    .delete(evidences)
    .where(and(eq(evidences.provisionId, provisionId), isNotNull(evidences.signedStatus)));
  await seeded.db
    .update(provisionUnits)
    .set({
      inReview: false,
      reviewBy: null,
      included: true,
      validInvoice: true,
      validRepuve: true,
      validTransunion: true,
      validAx: true,
    })
    .where(eq(provisionUnits.provisionId, provisionId));
  const [row] = await seeded.db
    .update(provisions)
    .set({ status, useManualFolio: false, manualFolio: null, total: '3000.00', approvedDate: null })
    .where(eq(provisions.id, provisionId))
    .returning({ version: provisions.version });
  return row!.version;
}

async function unitIds(): Promise<number[]> {
  const rows = await seeded.db
    .select({ id: provisionUnits.id })
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, provisionId));
  return rows.map((row) => row.id);
}

type Call = (token: string, version: number) => Promise<LightMyRequestResponse>;
/** What a case needs beyond its status before the call (it may move the version): answers the version to send. */
type Setup = (status: number, version: number) => Promise<number>;
const inject = (method: 'PUT' | 'POST' | 'PATCH', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

/** Each covered action's route, called with a body the action accepts. */
const ROUTES: Partial<Record<ProvisionAction, Call>> = {
  edit: (token, version) => inject('PUT', `/api/provisions/${provisionId}`, token, { ...body(), version }),
  send: (token, version) => inject('PATCH', `/api/provisions/${provisionId}/set-status`, token, { status: 2, version }),
  confirm: async (token, version) =>
    inject('PUT', `/api/provisions/${provisionId}`, token, {
      status: 4,
      version,
      units: (await unitIds()).map((id) => ({ id, included: true })),
      useManualFolio: false,
    }),
  reject: (token, version) =>
    inject('POST', `/api/provisions/${provisionId}/confirm-reject`, token, { status: 9, version, units: [] }),
  release: (token, version) => inject('POST', `/api/provisions/${provisionId}/release`, token, { version }),
  sendToCrm: (token, version) =>
    inject('POST', `/api/provisions/${provisionId}/send-crm`, token, { approvedDate: '2026-11-24', version }),
  updateFolio: (token, version) =>
    inject('PATCH', `/api/provisions/${provisionId}/update-folio`, token, { manualFolio: 77, version }),
  generateDocuments: (token) => inject('POST', `/api/provisions/${provisionId}/documents`, token, {}),
  sendToSign: (token, version) => inject('POST', `/api/provisions/${provisionId}/send-to-sign`, token, { version }),
  redoDocument: (token, version) =>
    inject('POST', `/api/provisions/${provisionId}/redo-document`, token, { provisionId, version }),
  reviewUnits: async (token, version) =>
    inject('POST', '/api/provisions/confirmUnitsReview', token, {
      provisionId,
      version,
      units: (await unitIds()).map((id) => ({ id, status: 1, comment: '' })),
    }),
};

/** The dealer's signing document, generated through its route, where the action starts from Aceptada. */
async function withSigningDocument(status: number, version: number): Promise<number> {
  if (status !== PROVISION_STATUS.ACCEPTED) return version;
  const response = await inject('POST', `/api/provisions/${provisionId}/documents`, group.tokens.dealer, {});
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { version: number } }>(response).data.version;
}

const SETUPS: Partial<Record<ProvisionAction, Setup>> = { sendToSign: withSigningDocument };

/** What the server must answer, from the table (and the scope for a status the type never sees). */
function expectedStatus(action: ProvisionAction, type: UserType, status: number): number {
  const verdict = provisionTransition(action, { userType: type, status, unitCount: 2 });
  if (verdict.allowed) return 200;
  if (verdict.code === 'FORBIDDEN') return 403;
  const [first, last] = visibleProvisionStatusRange(type);
  if (status < first || status > last) return 404;
  return verdict.code === 'NO_UNITS' ? 422 : 409;
}

describe.each(Object.keys(ROUTES) as ProvisionAction[])('%s, as the table says', (action) => {
  it.each([...USER_TYPES])('user type %i, statuses 1–11', async (type) => {
    const call = ROUTES[action]!;
    const answers: string[] = [];
    const expected: string[] = [];
    for (const status of STATUSES) {
      // The shared machine and the table's verdict agree (the server applies the machine), the case's setup having
      // given the provision what the rows need (its units; for sendToSign, its signing document).
      const machine = can(PROVISION_MACHINE, { id: 0, type }, action as never, {
        status,
        unitCount: 2,
        signingDocuments: 1,
      });
      expect(machine.allowed).toBe(provisionTransition(action, { userType: type, status, unitCount: 2 }).allowed);
      const version = await (SETUPS[action] ?? ((_status, v) => Promise.resolve(v)))(status, await resetTo(status));
      const response = await call(tokens[type], version);
      answers.push(`${status} → ${response.statusCode}`);
      expected.push(`${status} → ${expectedStatus(action, type, status)}`);
    }
    expect(answers).toEqual(expected);
  });
});

it('send to sign at Aceptada without a signing document: 422 NO_SIGNING_DOCUMENTS, the provision stays', async () => {
  const version = await resetTo(PROVISION_STATUS.ACCEPTED);
  const response = await ROUTES.sendToSign!(tokens[5], version);
  expect(response.statusCode, response.body).toBe(422);
  expect(json<{ code: string; message: string }>(response)).toMatchObject({
    code: 'NO_SIGNING_DOCUMENTS',
    message: FINANCING_MESSAGES.signingDocumentsMissing,
  });
  const [row] = await seeded.db.select().from(provisions).where(eq(provisions.id, provisionId));
  expect(row!.status).toBe(PROVISION_STATUS.ACCEPTED);
});

describe('the creates (status null)', () => {
  it.each([...USER_TYPES])('user type %i may create only as the table says', async (type) => {
    for (const [action, url] of [
      ['create', '/api/provisions'],
      ['createAndSend', '/api/provisions/create-send'],
    ] as const) {
      const units = [unit(randomVin(), '10.00')];
      const response = await post(t.app, tokens[type], url, saveBody(group, LINE, units, '10.00'));
      const verdict = provisionTransition(action, { userType: type, status: null, unitCount: 1 });
      expect(response.statusCode, `${action}: ${response.body}`).toBe(verdict.allowed ? 201 : 403);
    }
  });
});

it('no user type may take the system’s moves (they have no user route)', () => {
  const systemActions = [...new Set(PROVISION_TRANSITIONS.map((row) => row.action))].filter(
    (action) => !(action in ROUTES) && action !== 'create' && action !== 'createAndSend',
  );
  const system = systemActions.filter((action) =>
    PROVISION_TRANSITIONS.filter((row) => row.action === action).every((row) => row.who.every((who) => who < 1)),
  );
  expect(system.sort()).toEqual(['expire', 'signingCompleted', 'signingStarted', 'validationComplete']);
  for (const action of system)
    for (const type of USER_TYPES)
      for (const status of STATUSES)
        expect(provisionTransition(action, { userType: type, status, unitCount: 2 }).allowed).toBe(false);
});
