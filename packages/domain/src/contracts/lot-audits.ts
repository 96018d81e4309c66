import { z } from 'zod';
import { MESSAGES } from '../messages';
import { LOT_AUDIT_MESSAGES as TEXT } from '../messages-lot-audits';
import { envelope, isoDate, rowVersion } from './common';
import { idParam, idSchema } from './inputs';

/**
 * Lot audits per unit (issue 29 item 3, decision 081): an audit's snapshot of its company's financed units, each
 * marked on the lot. Codes: results 1 Encontrada, 2 Vendida, 3 No localizada, 4 En tránsito (LOT_AUDIT_RESULT);
 * the audit 1 En curso, 2 Cerrada (LOT_AUDIT_STATUS).
 */
export const lotAuditUnitParams = z.object({ id: idParam(), unitId: idParam() });
export type LotAuditUnitParams = z.infer<typeof lotAuditUnitParams>;

/** One unit of the snapshot as the phone and the report read it; `result` null until it is checked. */
export const lotAuditUnit = z.object({
  id: z.number().int(),
  financedUnitId: z.number().int(),
  vin: z.string(),
  model: z.string(),
  description: z.string(),
  amount: z.string(),
  result: z.number().int().nullable(),
  resultName: z.string(),
  photoFileId: z.number().int().nullable(),
  /** GET /api/files/{id}, when a photo was attached. */
  photoUrl: z.string().nullable(),
  checkedAt: z.string().nullable(),
  checkedByName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LotAuditUnit = z.infer<typeof lotAuditUnit>;

export const lotAuditFindingItem = z.object({
  auditUnitId: z.number().int(),
  vin: z.string(),
  kind: z.enum(['notLocated', 'soldUnpaid']),
  kindName: z.string(),
  deadline: isoDate,
});
export type LotAuditFindingItem = z.infer<typeof lotAuditFindingItem>;

/** The audit as its units' screen reads it: who, its state, the self-audit's deadline and what the caller may do. */
export const lotAuditSummary = z.object({
  id: z.number().int(),
  folio: z.string(),
  auditor: z.string(),
  companyName: z.string(),
  initialDate: isoDate,
  endDate: isoDate,
  status: z.number().int(),
  statusName: z.string(),
  selfAuditDeadline: isoDate.nullable(),
  closedAt: z.string().nullable(),
  progress: z.object({ checked: z.number().int(), total: z.number().int(), text: z.string() }),
  version: z.number().int(),
  can: z.object({ mark: z.boolean(), close: z.boolean(), requestSelfAudit: z.boolean() }),
});
export type LotAuditSummary = z.infer<typeof lotAuditSummary>;

/** GET /api/audits/{id}/units: the audit, its units (by VIN) and, once closed, its findings. */
export const lotAuditUnits = z.object({
  audit: lotAuditSummary,
  units: z.array(lotAuditUnit),
  findings: z.array(lotAuditFindingItem),
});
export type LotAuditUnits = z.infer<typeof lotAuditUnits>;
export const lotAuditUnitsResponse = envelope(lotAuditUnits);

/** GET /api/lot-audits: the audits the caller works on (a dealer: the self-audits requested of its company). */
export const lotAuditListResponse = envelope(z.array(lotAuditSummary));

/** GET /api/audits/{id}/units/by-vin?vin=: typed or scanned. */
export const lotAuditVinQuery = z.object({ vin: z.string({ error: TEXT.vinRequired }).max(40, TEXT.vinRequired) });
export type LotAuditVinQuery = z.infer<typeof lotAuditVinQuery>;
export const lotAuditUnitResponse = envelope(lotAuditUnit);

const coordinate = z.number({ error: TEXT.locationInvalid }).finite({ message: TEXT.locationInvalid });

/**
 * POST /api/audits/{id}/units/{unitId}/result: the result, an optional photo (an upload of the caller's, an image)
 * and, when the browser gave it, the location. The time is the server's.
 */
export const markLotAuditUnitRequest = z.object({
  result: z
    .number({ error: MESSAGES.required })
    .int({ message: MESSAGES.badRequest })
    .min(1, { message: MESSAGES.badRequest })
    .max(4, { message: MESSAGES.badRequest }),
  photoFileId: idSchema().nullish(),
  latitude: coordinate.nullish(),
  longitude: coordinate.nullish(),
});
export type MarkLotAuditUnitRequest = z.infer<typeof markLotAuditUnitRequest>;

/** POST /api/audits/{id}/self-audit: the lender's deadline for the dealer's self-audit. */
export const requestSelfAuditRequest = z.object({
  deadline: z.string({ error: MESSAGES.required }).min(1, { message: MESSAGES.required }).pipe(isoDate),
});
export type RequestSelfAuditRequest = z.infer<typeof requestSelfAuditRequest>;

/** POST /api/audits/{id}/close: at the version the screen read. */
export const closeLotAuditRequest = z.object({ version: rowVersion });
export type CloseLotAuditRequest = z.infer<typeof closeLotAuditRequest>;

/** POST /api/audits/{id}/photos answers the stored photo. */
export const lotAuditPhotoResponse = envelope(
  z.object({ fileId: z.number().int(), url: z.string(), fileName: z.string(), fileSize: z.number().int() }),
);
export type LotAuditPhoto = z.infer<typeof lotAuditPhotoResponse>['data'];
