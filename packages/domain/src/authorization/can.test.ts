import { describe, expect, it } from 'vitest';
import type { RefinancingMachineEntity } from '../financing/refinancing-machine';
import { refinancingEntity } from '../test-support/fixtures';
import { ABILITIES, can, type Ability, type CanActor } from './can';

/**
 * `can` against spec 3 written out by hand (§4 "Transitions", "Exception states", "Refinancing status codes",
 * "Visibility"; §6 "Roles and permissions"), never read back from the machines. Each row: the user type, the
 * ability, the row's status (null: asked without a row) and the verdict — 'yes', or the HTTP status of the refusal
 * (403 the type, 404 out of reach, 409 the status, 422 a guard).
 */
type Expected = 'yes' | 403 | 404 | 409 | 422;
type Row = [type: number, ability: Ability, status: number | null, expected: Expected];

const OWN_COMPANY = 40;
const actor = (type: number, companyId: number | null = OWN_COMPANY): CanActor => ({ id: 7, type, companyId });
const verdictOf = (verdict: ReturnType<typeof can>): Expected => (verdict.allowed ? 'yes' : verdict.httpStatus);

const provision = (
  status: number,
  more: { companyId?: number; unitCount?: number; signingDocuments?: number } = {},
) => ({
  status,
  unitCount: 2,
  signingDocuments: 1,
  companyId: OWN_COMPANY,
  ...more,
});
const refinancing = (status: number, more: Partial<RefinancingMachineEntity & { companyId: number }> = {}) => ({
  ...refinancingEntity(status),
  companyId: OWN_COMPANY,
  ...more,
});

const PROVISIONS: Row[] = [
  // "Dealer creates, edits, sends provisions" (§6): type 5 only; no create actions for types 1–4.
  [5, 'provision.create', null, 'yes'],
  [3, 'provision.create', null, 403],
  [1, 'provision.createAndSend', null, 403],
  [5, 'provision.createAndSend', null, 'yes'],
  // "Edit and send-to-lender are enabled only at status 1" (§4).
  [5, 'provision.edit', 1, 'yes'],
  [5, 'provision.edit', 2, 409],
  [3, 'provision.edit', null, 403],
  [3, 'provision.edit', 1, 403],
  [5, 'provision.send', 1, 'yes'],
  [5, 'provision.send', 4, 409],
  [2, 'provision.send', null, 403],
  // The administrator's review of the units (/disposiciones-revision, §2, §6: type 2) at Validación (3).
  [2, 'provision.reviewUnits', 3, 'yes'],
  [2, 'provision.reviewUnits', 4, 409],
  [3, 'provision.reviewUnits', null, 403],
  [5, 'provision.reviewUnits', 3, 403],
  // "Confirmar (roles 1 and 3, only status 3) sets status 4. Rechazar sets 9" (§4).
  [1, 'provision.confirm', 3, 'yes'],
  [3, 'provision.confirm', 3, 'yes'],
  [3, 'provision.confirm', 4, 409],
  [2, 'provision.confirm', 3, 403],
  [3, 'provision.reject', 3, 'yes'],
  [5, 'provision.reject', 3, 403],
  // "Dealer sends an Aceptada provision to sign after generating documents ... only at status 4" (§4).
  [5, 'provision.generateDocuments', 4, 'yes'],
  [5, 'provision.generateDocuments', 3, 409],
  [5, 'provision.sendToSign', 4, 'yes'],
  [5, 'provision.sendToSign', 5, 409],
  [3, 'provision.sendToSign', 4, 403],
  // Redo a signing document: types 1 and 3 (§4 "Signed documents status", §6 "redo at status above 3").
  [1, 'provision.redoDocument', 4, 'yes'],
  [3, 'provision.redoDocument', 6, 'yes'],
  [3, 'provision.redoDocument', 7, 409],
  [4, 'provision.redoDocument', 5, 403],
  // "At status 6 lender roles can Liberar or send to CRM" (§4); types 1 and 3 (§6).
  [3, 'provision.release', 6, 'yes'],
  [1, 'provision.sendToCrm', 6, 'yes'],
  [3, 'provision.release', 4, 409],
  [5, 'provision.release', 6, 403],
  [2, 'provision.sendToCrm', null, 403],
  // "Update folio" (§6, type 3; type 1 as the lender's other actor).
  [3, 'provision.updateFolio', 4, 'yes'],
  [3, 'provision.updateFolio', 3, 409],
  // Visibility (§4, §6): type 3 sees 2–10, types 1 and 2 see 3–10 — a row below is out of reach.
  [1, 'provision.confirm', 2, 404],
  [3, 'provision.updateFolio', 11, 404],
  // The system's rows (validation done, webhooks, expiry) are no user's.
  [1, 'provision.validationComplete', 2, 403],
  [5, 'provision.expire', 1, 403],
];

const REFINANCINGS: Row[] = [
  // Created by the dealer's operator from /crear-refinanciamiento (§2, §6).
  [5, 'refinancing.create', null, 'yes'],
  [3, 'refinancing.create', null, 403],
  [2, 'refinancing.create', null, 403],
  // "Type 5 sees Evidencia completa at status 1 when evidences are required" (§6); status 3 "from 1 by Evidencia
  // completa" (§4); type 3 uploads evidence too (§4).
  [5, 'refinancing.evidenceComplete', 1, 'yes'],
  [3, 'refinancing.evidenceComplete', 2, 'yes'],
  [5, 'refinancing.evidenceComplete', 3, 409],
  [2, 'refinancing.evidenceComplete', 3, 403],
  // Enviar a FinBe: "enabled only at status 1 ... hidden when evidences are required" (§4).
  [5, 'refinancing.sendToFinbe', 1, 422],
  [5, 'refinancing.send', 4, 'yes'],
  [5, 'refinancing.send', 1, 409],
  // "Status 3: type 2 validates units and Confirmar; type 3 adds manual folio and Aceptar" (§4).
  [2, 'refinancing.confirmUnits', 3, 'yes'],
  [3, 'refinancing.confirmUnits', 3, 403],
  [2, 'refinancing.confirm', 3, 'yes'],
  [3, 'refinancing.accept', 3, 422],
  [2, 'refinancing.accept', 3, 403],
  [3, 'refinancing.reject', 3, 'yes'],
  [3, 'refinancing.reject', 4, 409],
  // Redo a document (type 13): types 1, 3 "and 4 in refinancing" (§4), once sent.
  [4, 'refinancing.redoDocument', 5, 'yes'],
  [1, 'refinancing.redoDocument', 6, 'yes'],
  [5, 'refinancing.redoDocument', 5, 403],
  // "Types 1 and 3 see Actualizar folio (status 4 or higher) ... at status 6 also Liberar and Enviar a CRM" (§6).
  [3, 'refinancing.updateFolio', 4, 'yes'],
  [1, 'refinancing.release', 6, 'yes'],
  [3, 'refinancing.sendToCrm', 6, 'yes'],
  [3, 'refinancing.release', 4, 409],
  [4, 'refinancing.release', 6, 403],
  // Visibility (§4): type 2 sees 3 to 10, type 4 its company's 5 to 10.
  [1, 'refinancing.updateFolio', 2, 404],
  [4, 'refinancing.redoDocument', 4, 404],
  // The administrator's list to validate (/refinanciamientos revision): type 2.
  [2, 'refinancing.review', null, 'yes'],
  [3, 'refinancing.review', null, 403],
  // "Evidence upload by type 3 (and type 5 when required) when status is below 2" (§4), read as 1 and 2.
  [3, 'refinancing.uploadEvidence', 1, 'yes'],
  [5, 'refinancing.uploadEvidence', 2, 'yes'],
  [3, 'refinancing.uploadEvidence', 3, 409],
  [5, 'refinancing.uploadEvidence', 4, 409],
  [2, 'refinancing.uploadEvidence', 1, 403],
  [4, 'refinancing.uploadEvidence', null, 403],
];

const EXCEPTIONS: Row[] = [
  // "Operator (type 3) sends observations: status 1" — from a pending request (0) (§4 "Exception states").
  [3, 'exception.review', 0, 'yes'],
  [3, 'exception.review', 1, 409],
  [2, 'exception.review', 0, 403],
  // "Administrator (type 2) approves (status 2) ... or rejects (status 3)" a reviewed one (1).
  [2, 'exception.approve', 1, 'yes'],
  [2, 'exception.reject', 1, 'yes'],
  [2, 'exception.approve', 0, 409],
  [2, 'exception.reject', 3, 409],
  [5, 'exception.approve', 1, 403],
  [3, 'exception.reject', null, 403],
];

function entityFor(ability: Ability, status: number) {
  if (ability.startsWith('provision.')) return provision(status);
  if (ability.startsWith('refinancing.')) return refinancing(status);
  return { status };
}

describe('can: who may do what at which status (spec 3 §4, §6)', () => {
  it.each([...PROVISIONS, ...REFINANCINGS, ...EXCEPTIONS])('type %i, %s at %s → %s', (type, ability, status, exp) => {
    const entity = status === null ? undefined : entityFor(ability, status);
    expect(verdictOf(can(actor(type), ability, entity as never))).toBe(exp);
  });

  it('asks the type before anything about the row (403 before 404 or 409)', () => {
    expect(can(actor(2), 'provision.confirm', provision(1) as never)).toMatchObject({
      reason: 'who',
      code: 'FORBIDDEN',
    });
    expect(can(actor(3), 'refinancing.confirm', refinancing(1))).toMatchObject({ reason: 'who', httpStatus: 403 });
  });

  it('answers a row of another company as not found (§6: dealers and legal representatives see their own)', () => {
    const foreign = { companyId: OWN_COMPANY + 1 };
    expect(can(actor(5), 'provision.edit', provision(1, foreign))).toMatchObject({
      reason: 'scope',
      code: 'NOT_FOUND',
    });
    expect(can(actor(5), 'refinancing.send', refinancing(4, foreign))).toMatchObject({ httpStatus: 404 });
    expect(can(actor(4), 'refinancing.redoDocument', refinancing(5, foreign))).toMatchObject({ httpStatus: 404 });
    // The lender's staff reach rows by account, which the server's WHERE holds: a company is no limit here.
    expect(can(actor(3), 'provision.confirm', provision(3, foreign))).toEqual({ allowed: true });
  });

  it("gives the machine's refusal with its Spanish message when a guard refuses", () => {
    expect(can(actor(3), 'provision.confirm', provision(3, { unitCount: 0 }))).toMatchObject({
      reason: 'needs',
      code: 'NO_UNITS',
      message: 'Seleccione al menos una unidad',
      httpStatus: 422,
    });
    expect(can(actor(5), 'provision.sendToSign', provision(4, { signingDocuments: 0 }))).toMatchObject({
      code: 'NO_SIGNING_DOCUMENTS',
      httpStatus: 422,
    });
    expect(can(actor(3), 'refinancing.accept', refinancing(3, { adminValidated: true }))).toEqual({ allowed: true });
    expect(can(actor(5), 'refinancing.sendToFinbe', refinancing(1, { requireEvidences: false }))).toEqual({
      allowed: true,
    });
  });

  it('tells the dealer when the refinancing asks no evidences, before its status (decision 045)', () => {
    const noEvidences = { status: 1, requireEvidences: false };
    expect(can(actor(5), 'refinancing.uploadEvidence', noEvidences)).toMatchObject({
      code: 'EVIDENCES_NOT_REQUESTED',
      message: 'Este refinanciamiento no solicita evidencias al operador de agencia',
      httpStatus: 403,
    });
    expect(can(actor(5), 'refinancing.uploadEvidence', { ...noEvidences, status: 3 })).toMatchObject({
      code: 'EVIDENCES_NOT_REQUESTED',
    });
    expect(can(actor(3), 'refinancing.uploadEvidence', noEvidences)).toEqual({ allowed: true });
    expect(can(actor(3), 'refinancing.uploadEvidence', { ...noEvidences, status: 3 })).toMatchObject({
      code: 'INVALID_STATUS',
      message: 'Solo se pueden cargar evidencias en los estatus Creada o Solicitud Evidencias',
    });
  });

  it('answers every ability of the three machines, the creates and the review list', () => {
    for (const ability of ['provision.reviewUnits', 'refinancing.accept', 'exception.review', 'refinancing.review']) {
      expect(ABILITIES).toContain(ability);
    }
  });
});

describe('can: the financed units (issue 29 §1, §2)', () => {
  const unit = (status: number, companyId = OWN_COMPANY) => ({ status, companyId, graceOver: true });

  it.each<Row>([
    // "A dealer (types 4, 5) reports a unit sold": from Vigente (1) only.
    [5, 'financedUnit.reportSold', 1, 'yes'],
    [4, 'financedUnit.reportSold', 1, 'yes'],
    [5, 'financedUnit.reportSold', 2, 409],
    [4, 'financedUnit.reportSold', 3, 409],
    [3, 'financedUnit.reportSold', null, 403],
    [2, 'financedUnit.reportSold', 1, 403],
    [1, 'financedUnit.reportSold', 1, 403],
    // The payoff and the end of the grace are the CRM's and the clock's: no user takes them.
    [2, 'financedUnit.recordPayoff', 2, 403],
    [5, 'financedUnit.recordPayoff', null, 403],
    [3, 'financedUnit.graceExpired', 2, 403],
    // Ours: only the lender's administrator corrects a sale.
    [2, 'financedUnit.reverseSale', 4, 'yes'],
    [2, 'financedUnit.reverseSale', 1, 409],
    [5, 'financedUnit.reverseSale', 4, 403],
  ])('type %i, %s at %s → %s', (type, ability, status, exp) => {
    const entity = status === null ? undefined : unit(status);
    expect(verdictOf(can(actor(type), ability, entity as never))).toBe(exp);
  });

  it('a dealer never reaches another company’s unit (404), the lender’s staff by account (the WHERE)', () => {
    expect(can(actor(5), 'financedUnit.reportSold', unit(1, OWN_COMPANY + 1))).toMatchObject({
      reason: 'scope',
      httpStatus: 404,
    });
    expect(can(actor(4), 'financedUnit.reportSold', unit(2, OWN_COMPANY + 1))).toMatchObject({ httpStatus: 404 });
    expect(can(actor(2), 'financedUnit.reverseSale', unit(2, OWN_COMPANY + 1))).toEqual({ allowed: true });
  });

  it('tells the dealer the unit was already reported sold, in Spanish', () => {
    expect(can(actor(5), 'financedUnit.reportSold', unit(4))).toMatchObject({
      code: 'UNIT_ALREADY_SOLD',
      message: 'La unidad ya fue reportada como vendida',
      httpStatus: 409,
    });
  });
});
