import { eq, inArray } from 'drizzle-orm';
import { describe } from 'vitest';
import { MESSAGES, REFINANCING_MESSAGES, REFINANCING_STATUS } from '@planpiso/domain';
import { crmInsertions } from '../src/db/schema/financing';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { bearer } from './harness';
import { addUnitEvidence, createRefinancing } from './refinancing-fixtures';
import { itAnswersEachVerdict, machineRow } from './support/verdict-cases';
import { financingApp, groupAdmins } from './support/financing-app';

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

const { t, seeded, groups } = await financingApp('refinancing_transitions', { clients: ['10004'] });
const [group] = groups;
// A type 2 whose scope reaches the group's account: it registered the account's operator (decision 014).
const [{ token: adminToken }] = await groupAdmins(t.app, seeded.db, [group]);
const { id: refinancingId, unitIds } = await createRefinancing(t.app, seeded.db, group, LINE, [
  { amount: '1500.00' },
  { amount: '2500.50' },
]);
for (const unitId of unitIds) await addUnitEvidence(seeded.db, unitId, group.dealer.id);

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

const inject = (method: 'POST' | 'PATCH', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });
const base = () => `/api/refinancings/${refinancingId}`;

/** Aceptar (type 3), every unit approved. */
const accept = (version: number) =>
  inject('POST', `${base()}/accept`, group.tokens.operator, {
    version,
    units: unitIds.map((id) => ({ id, status: 1, comment: '' })),
    useManualFolio: false,
  });
/** Confirmar (type 2) the units' evidence review. */
const confirm = (version: number) => inject('POST', `${base()}/confirm`, adminToken, { version });

describe('the refinancing machine over HTTP: one case per kind of answer', () => {
  itAnswersEachVerdict(
    [
      {
        name: '403: the lender operator may not Enviar an Aceptada refinancing (set-status 3 at 4 is the dealer’s)',
        setup: () => resetTo(S.ACCEPTED),
        call: (version) => inject('PATCH', `${base()}/set-status`, group.tokens.operator, { status: 3, version }),
        expected: { status: 403, code: 'FORBIDDEN', message: MESSAGES.forbidden },
        then: S.ACCEPTED,
      },
      {
        name: '404: the administrator never sees a Creada refinancing, so it cannot Confirmar it',
        setup: () => resetTo(S.CREATED),
        call: confirm,
        expected: { status: 404 },
        then: S.CREATED,
      },
      {
        name: '409: Confirmar an Aceptada refinancing is refused by its status',
        setup: () => resetTo(S.ACCEPTED),
        call: confirm,
        expected: { status: 409, code: 'INVALID_STATUS', message: REFINANCING_MESSAGES.statusNotAllowed },
        then: S.ACCEPTED,
      },
      {
        name: '409: Rechazar with the version read before another user moved the refinancing',
        setup: () => resetTo(S.ADMIN_VALIDATION),
        stale: true,
        call: (version) =>
          inject('POST', `${base()}/reject`, group.tokens.operator, { version, comment: 'Sin documentos' }),
        expected: { status: 409, code: 'STALE_VERSION', message: MESSAGES.staleVersion },
        then: S.ADMIN_VALIDATION,
      },
      {
        name: '422: Aceptar before the administrator validated the required evidences',
        setup: () => resetTo(S.ADMIN_VALIDATION, false),
        call: accept,
        expected: { status: 422, code: 'REFINANCING_RULE', message: REFINANCING_MESSAGES.adminValidationPending },
        then: S.ADMIN_VALIDATION,
      },
      {
        name: '200: the lender operator accepts a validated refinancing: Aceptada, its version moved on',
        setup: () => resetTo(S.ADMIN_VALIDATION, true),
        call: accept,
        expected: { status: 200 },
        then: S.ACCEPTED,
      },
    ],
    () => machineRow(seeded.db, refinancings, refinancingId),
  );
});
