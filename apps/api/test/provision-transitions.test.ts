import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect } from 'vitest';
import { FINANCING_MESSAGES, MESSAGES, Money, PROVISION_STATUS } from '@planpiso/domain';
import { evidences } from '../src/db/schema/files';
import { crmInsertions, provisionUnits, provisions } from '../src/db/schema/financing';
import { bearer, json } from './harness';
import { post, randomVin, saveBody, unit } from './provision-fixtures';
import { itAnswersEachVerdict, machineRow } from './support/verdict-cases';
import { financingApp } from './support/financing-app';

/**
 * The provision machine against the server: one HTTP case per kind of answer (issue 28 item 6), each with its
 * literal expected status — 403 the type may not take the action, 404 a status the type never sees (the scope
 * answers before the machine), 409 a status the action does not start from, 409 a version another user moved on,
 * 422 a guard, 2xx the move. Which type may take which action from which status, pair by pair, is asserted without
 * HTTP against the table written by hand from spec 3 §4/§6 (packages/domain/src/financing/provision-machine.test.ts
 * and provision-machine.spec-table.ts); each route's own flow is in provisions-lender, provision-review,
 * provision-signing and provisions tests. One provision is put at the status a case needs (its row reset directly:
 * status, folio, units back out of review, no CRM insertion, no signing document).
 */
const LINE = 'LC-10004-01';

// The signing documents are written to storage: a data dir of this file's own.
const { t, seeded, groups } = await financingApp('provision_transitions', { clients: ['10004'], dataDir: true });
const [group] = groups;
const vins = [randomVin(), randomVin()];
let provisionId: number;

beforeAll(async () => {
  const response = await post(t.app, group.tokens.dealer, '/api/provisions', body());
  expect(response.statusCode, response.body).toBe(201);
  provisionId = json<{ data: { id: number } }>(response).data.id;
}, 120_000);

function body() {
  const units = vins.map((vin) => unit(vin, '1500.00'));
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  return saveBody(group, LINE, units, total);
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

const inject = (method: 'PUT' | 'POST', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

/** Confirmar (PUT /provisions/{id} with status 4), every unit included. */
const confirm = async (token: string, version: number): Promise<LightMyRequestResponse> =>
  inject('PUT', `/api/provisions/${provisionId}`, token, {
    status: 4,
    version,
    units: (await unitIds()).map((id) => ({ id, included: true })),
    useManualFolio: false,
  });

const S = PROVISION_STATUS;
const dealer = () => group.tokens.dealer;
const operator = () => group.tokens.operator;

describe('the provision machine over HTTP: one case per kind of answer', () => {
  itAnswersEachVerdict(
    [
      {
        name: '403: the dealer may not Confirmar a provision in validation (spec 3 §4: roles 1 and 3)',
        setup: () => resetTo(S.LENDER_VALIDATION),
        call: (version) => confirm(dealer(), version),
        expected: { status: 403, code: 'FORBIDDEN', message: MESSAGES.forbidden },
        then: S.LENDER_VALIDATION,
      },
      {
        name: '404: the lender operator never sees a Creada provision, so it cannot Confirmar it',
        setup: () => resetTo(S.CREATED),
        call: (version) => confirm(operator(), version),
        expected: { status: 404 },
        then: S.CREATED,
      },
      {
        name: '409: Confirmar an Aceptada provision is refused by its status',
        setup: () => resetTo(S.ACCEPTED),
        call: (version) => confirm(operator(), version),
        expected: { status: 409, code: 'INVALID_STATUS', message: FINANCING_MESSAGES.provisionStatusNotAllowed },
        then: S.ACCEPTED,
      },
      {
        name: '409: Confirmar with the version read before another user moved the provision',
        setup: () => resetTo(S.LENDER_VALIDATION),
        stale: true,
        call: (version) => confirm(operator(), version),
        expected: { status: 409, code: 'STALE_VERSION', message: MESSAGES.staleVersion },
        then: S.LENDER_VALIDATION,
      },
      {
        name: '422: send to sign at Aceptada without a signing document: NO_SIGNING_DOCUMENTS, the provision stays',
        setup: () => resetTo(S.ACCEPTED),
        call: (version) => inject('POST', `/api/provisions/${provisionId}/send-to-sign`, dealer(), { version }),
        expected: { status: 422, code: 'NO_SIGNING_DOCUMENTS', message: FINANCING_MESSAGES.signingDocumentsMissing },
        then: S.ACCEPTED,
      },
      {
        name: '200: the lender operator confirms a provision in validation: Aceptada, its version moved on',
        setup: () => resetTo(S.LENDER_VALIDATION),
        call: (version) => confirm(operator(), version),
        expected: { status: 200 },
        then: S.ACCEPTED,
      },
    ],
    () => machineRow(seeded.db, provisions, provisionId),
  );
});
