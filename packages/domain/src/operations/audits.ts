import {
  auditDetailResponse,
  auditListQuery,
  auditListResponse,
  auditSavedResponse,
  createAuditRequest,
  updateAuditRequest,
  validateProcessQuery,
  validateProcessResponse,
} from '../contracts/audits';
import { idParams } from '../contracts/common';
import { fileDownloadResponse } from '../contracts/files';
import {
  closeLotAuditRequest,
  lotAuditListResponse,
  lotAuditPhotoResponse,
  lotAuditUnitParams,
  lotAuditUnitResponse,
  lotAuditUnitsResponse,
  lotAuditVinQuery,
  markLotAuditUnitRequest,
  requestSelfAuditRequest,
} from '../contracts/lot-audits';
import { defineOperation } from './operation';

const tags = ['audits'];
/** The lender's administrator (spec 3 §6; decision 041): its own audits within its accounts. */
const administrator = [2] as const;
/**
 * Lot audits per unit (issue 29 item 3, decision 081): the lender (1–3 within its accounts) and the dealer (4, 5)
 * for the self-audits the lender requested of its company; the audit's machine narrows each move.
 */
const lotAuditors = [1, 2, 3, 4, 5] as const;
const lender = [1, 2, 3] as const;
const LOT_SCOPE =
  'Scope: types 1–3 the audits of the accounts they reach; types 4, 5 only the self-audits requested of their ' +
  'company (any other audit → 404).';

/** Audits (spec 3 §7 "Audits"; decisions 030, 041). */
export const AUDIT_OPERATIONS = {
  validateProcess: defineOperation({
    method: 'GET',
    path: '/api/audits/validate-process',
    tags,
    // Eligibility (spec 3 §7 "Audits"; decision 030): each type within its scope.
    who: [1, 2, 3, 4, 5],
    summary: 'May the dealer draw on this account and company on this day? (the pre-checks’ facts and verdict)',
    description:
      'Type 5: its own account and company (the default). Other types: `account` and `company` within their ' +
      'scope. `date` YYYY-MM-DD, today (Mexico City) by default.',
    query: validateProcessQuery,
    response: validateProcessResponse,
    errors: [503],
  }),
  listAudits: defineOperation({
    method: 'GET',
    path: '/api/audits',
    tags,
    who: administrator,
    summary: 'The caller’s own audits (registerBy) in its accounts, paged (default: company name ascending)',
    description: '`from`/`to` (YYYY-MM-DD) keep the audits whose days touch that range; `all=true` answers all.',
    query: auditListQuery,
    response: auditListResponse,
    errors: [503],
  }),
  getAudit: defineOperation({
    method: 'GET',
    path: '/api/audits/:id',
    tags,
    who: administrator,
    summary: 'One of the caller’s audits',
    params: idParams,
    response: auditDetailResponse,
    errors: [503],
  }),
  createAudit: defineOperation({
    method: 'POST',
    path: '/api/audits',
    tags,
    who: administrator,
    summary: 'Register an audit (the company must be of the account; the end day not before the start)',
    body: createAuditRequest,
    response: auditSavedResponse,
    status: 201,
    errors: [409, 422, 503],
    idempotent: true,
  }),
  updateAudit: defineOperation({
    method: 'PUT',
    path: '/api/audits/:id',
    tags,
    who: administrator,
    summary: 'Change an audit, at the version the form read (409 when it moved on)',
    params: idParams,
    body: updateAuditRequest,
    response: auditSavedResponse,
    errors: [409, 422, 503],
  }),
  listLotAudits: defineOperation({
    method: 'GET',
    path: '/api/lot-audits',
    tags,
    who: lotAuditors,
    summary: 'The audits the caller checks units of, open first, each with its progress (n de m)',
    description: LOT_SCOPE,
    response: lotAuditListResponse,
  }),
  listLotAuditUnits: defineOperation({
    method: 'GET',
    path: '/api/audits/:id/units',
    tags,
    who: lotAuditors,
    summary: 'An audit’s snapshot of financed units with each one’s result, its progress and, once closed, findings',
    description: LOT_SCOPE,
    params: idParams,
    response: lotAuditUnitsResponse,
  }),
  findLotAuditUnit: defineOperation({
    method: 'GET',
    path: '/api/audits/:id/units/by-vin',
    tags,
    who: lotAuditors,
    summary: 'The audit’s unit with this VIN (typed or scanned): a 17-character VIN with a wrong check digit → 422',
    description: `${LOT_SCOPE} A VIN not in the audit → 404 with its Spanish message.`,
    params: idParams,
    query: lotAuditVinQuery,
    response: lotAuditUnitResponse,
    errors: [422],
  }),
  uploadLotAuditPhoto: defineOperation({
    method: 'POST',
    path: '/api/audits/:id/photos',
    tags,
    who: lotAuditors,
    summary: 'A unit’s photo from the phone’s camera (png, jpg, jpeg up to 10 MiB, checked by its bytes)',
    description: `${LOT_SCOPE} multipart/form-data with \`file\`; anything but an image → 415. Answers fileId.`,
    params: idParams,
    multipart: true,
    response: lotAuditPhotoResponse,
    status: 201,
    errors: [409, 413, 415],
  }),
  markLotAuditUnit: defineOperation({
    method: 'POST',
    path: '/api/audits/:id/units/:unitId/result',
    tags,
    who: lotAuditors,
    summary: 'Mark a unit Encontrada (1), Vendida (2), No localizada (3) or En tránsito (4), at the server’s time',
    description:
      `${LOT_SCOPE} photoFileId: the caller’s own upload and an image (422 otherwise); latitude/longitude both or ` +
      'neither (422). A closed audit → 409; a dealer after the self-audit’s deadline → 422.',
    params: lotAuditUnitParams,
    body: markLotAuditUnitRequest,
    response: lotAuditUnitResponse,
    errors: [409, 422],
  }),
  requestSelfAudit: defineOperation({
    method: 'POST',
    path: '/api/audits/:id/self-audit',
    tags,
    who: lender,
    summary: 'Ask the company for a self-audit by a deadline (today at the earliest, the audit’s last day at most)',
    description: 'The company’s dealer operators are notified; the dealer may then mark and close it.',
    params: idParams,
    body: requestSelfAuditRequest,
    response: lotAuditUnitsResponse,
    errors: [409, 422],
  }),
  closeLotAudit: defineOperation({
    method: 'POST',
    path: '/api/audits/:id/close',
    tags,
    who: lotAuditors,
    summary: 'Close the audit once every unit is marked: findings with deadlines; a unit found sold → Vendida',
    description:
      `${LOT_SCOPE} A unit marked Vendida that is Vigente moves to Vendida (por liquidar), sold on its check’s day. ` +
      'Units pending → 422; closed already or stale version → 409.',
    params: idParams,
    body: closeLotAuditRequest,
    response: lotAuditUnitsResponse,
    errors: [409, 422],
  }),
  getLotAuditReport: defineOperation({
    method: 'GET',
    path: '/api/audits/:id/report',
    tags,
    who: lotAuditors,
    summary: "The audit's report as a PDF (application/pdf): each unit's result, time, location and photo",
    description: LOT_SCOPE,
    params: idParams,
    response: fileDownloadResponse,
  }),
} as const;
