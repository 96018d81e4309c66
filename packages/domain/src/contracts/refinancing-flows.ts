import { z } from 'zod';
import { REFINANCING_STATUS, type RefinancingMachineAction } from '../financing/refinancing-machine';
import { MESSAGES } from '../messages';
import { REFINANCING_MESSAGES } from '../messages-financing';
import { moneyDecimal } from '../money';
import { envelope, isoDate, pageQuery, paged, rowVersion, folioFilter } from './common';
import { evidenceResponse } from './files';
import { idParam, idSchema } from './inputs';
import { signingEvidence } from './provision-signing';
import { manualFolioText, refineManualFolio, updateFolioRequest } from './provision-lender';
import { refinancingDetail, refinancingUnit } from './refinancings';

/**
 * The refinancing detail's flows (spec 3 §2 "Refinancing", §4 "Refinancing status codes", §6, §7 "Refinancings";
 * issue 19; docs/decisions/045): set-status, the administrator's unit validation, accept, reject, send, signing,
 * release, CRM, folio, evidences, XLSX, the administrator's review list. Every action carries the version the
 * screen showed (a stale screen answers 409) and answers the refreshed detail with the Spanish message.
 */

/** Every action a detail may list (refinancingActionsFor's values). */
export const REFINANCING_MACHINE_ACTIONS = [
  'evidenceComplete',
  'sendToFinbe',
  'send',
  'confirmUnits',
  'confirm',
  'accept',
  'reject',
  'sendToSign',
  'redoDocument',
  'signingStarted',
  'signingCompleted',
  'release',
  'sendToCrm',
  'updateFolio',
] as const satisfies readonly RefinancingMachineAction[];

/** Unit evidence: type 8, uploaded later (spec 3 §3 "Evidence"); the refinancing's signing documents: type 13. */
export const REFINANCING_EVIDENCE_TYPE = { UNIT: 8, SIGNING_DOCUMENT: 13 } as const;
/** Spec 3 §5: the hint says png, jpg, jpeg; the picker has no restriction — the server takes these. */
export const REFINANCING_EVIDENCE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;

/** A unit's uploaded evidence. */
export const refinancingEvidence = evidenceResponse.extend({ unitId: z.number().int(), createdAt: z.string() });
export type RefinancingEvidence = z.infer<typeof refinancingEvidence>;
export const refinancingEvidencesResponse = envelope(z.object({ evidences: z.array(refinancingEvidence) }));
export const refinancingUnitParams = z.object({ id: idParam(), unitId: idParam() });
export const refinancingDocumentParams = z.object({ id: idParam(), documentId: idParam() });

/** The detail's unit: the copy plus how many evidences it holds. */
export const refinancingFollowUpUnit = refinancingUnit.extend({ evidenceCount: z.number().int() });

/** The credit line's balances: what the CRM says remains and what is free after every hold (as provisions). */
export const refinancingLineBalances = z.object({
  /** Shown to types 2 and 3 only (spec 3 §6): null for the others. */
  remaining: moneyDecimal.nullable(),
  available: moneyDecimal,
  known: z.boolean(),
});

/**
 * GET /api/refinancings/{id} for the follow-up page: the caller's actions (`refinancingActionsFor`), whether the
 * administrator validated the evidences, the line's balances (types 2 and 3 see the remaining one), the units with
 * their evidence count, and the signing documents (type 13).
 */
export const refinancingFollowUpDetail = refinancingDetail.extend({
  units: z.array(refinancingFollowUpUnit),
  actions: z.array(z.enum(REFINANCING_MACHINE_ACTIONS)),
  adminValidated: z.boolean(),
  balances: refinancingLineBalances.nullable(),
  documents: z.array(signingEvidence),
  approvedDate: z.string().nullable(),
});
export type RefinancingFollowUpDetail = z.infer<typeof refinancingFollowUpDetail>;
export const refinancingFollowUpDetailResponse = envelope(refinancingFollowUpDetail);
/** What every action answers: the refreshed detail (its status and version) and the success message. */
export const refinancingActionResponse = refinancingFollowUpDetailResponse;
export type RefinancingActionResponse = z.infer<typeof refinancingActionResponse>;

/**
 * PATCH /api/refinancings/{id}/set-status (spec 3 §7 "body status"): 3 = Evidencia completa (from 1 or 2) or Enviar
 * (from 4); 5 = Enviar a FinBe (from 1, evidences not required: documents generated and sent to sign).
 */
export const setRefinancingStatusRequest = z.object({
  status: z.union([z.literal(REFINANCING_STATUS.ADMIN_VALIDATION), z.literal(REFINANCING_STATUS.SENT_TO_SIGN)], {
    error: MESSAGES.badRequest,
  }),
  version: rowVersion,
});
export type SetRefinancingStatusRequest = z.infer<typeof setRefinancingStatusRequest>;

const unitComment = z.string({ error: MESSAGES.badRequest }).trim().max(250, { message: MESSAGES.badRequest });
/** Unit verdicts: 1 Sí (approved), 2 No (disapproved, Comentario required). */
const unitVerdict = z.union([z.literal(1), z.literal(2)], { error: MESSAGES.badRequest });

/** PATCH /api/refinancings/{id}/confirm-units (spec 3 §7: units [id, validAx, validRepuve, validTransunion, comment, status]). */
export const confirmRefinancingUnitsRequest = z.object({
  version: rowVersion,
  units: z
    .array(
      z
        .object({
          id: idSchema(),
          validAx: z.boolean().nullable().optional(),
          validRepuve: z.boolean().nullable().optional(),
          validTransunion: z.boolean().nullable().optional(),
          comment: unitComment.default(''),
          status: unitVerdict,
        })
        .superRefine((unit, ctx) => {
          if (unit.status === 2 && unit.comment === '')
            ctx.addIssue({ code: 'custom', path: ['comment'], message: REFINANCING_MESSAGES.commentRequired });
        }),
    )
    .min(1, { message: MESSAGES.selectAtLeastOneUnit })
    .max(500),
});
export type ConfirmRefinancingUnitsRequest = z.infer<typeof confirmRefinancingUnitsRequest>;

/** POST /api/refinancings/{id}/confirm (Confirmar of type 2): the verdicts already saved decide 2 or 3. */
export const confirmRefinancingRequest = z.object({ version: rowVersion });

/** The manual folio as typed (digits, ≤ 250), required when useManualFolio (as provisions, spec 3 §5). */

/**
 * POST /api/refinancings/{id}/accept (spec 3 §7: units [id, comment, status], total, useManualFolio, manualFolio).
 * status 1 = ticked (stays in the refinancing), 2 = not ticked (leaves it). `total` is recomputed by the server from
 * the ticked units and must match when sent.
 */
export const acceptRefinancingRequest = z
  .object({
    version: rowVersion,
    units: z
      .array(z.object({ id: idSchema(), comment: unitComment.default(''), status: unitVerdict }))
      .min(1, { message: MESSAGES.selectAtLeastOneUnit })
      .max(500),
    total: moneyDecimal.optional(),
    useManualFolio: z.boolean({ error: MESSAGES.badRequest }).default(false),
    manualFolio: manualFolioText,
  })
  .superRefine(refineManualFolio);
export type AcceptRefinancingRequest = z.infer<typeof acceptRefinancingRequest>;
export type AcceptRefinancingRequestInput = z.input<typeof acceptRefinancingRequest>;

/** POST /api/refinancings/{id}/reject (type 3 at 3; ours): the reason is required. */
export const rejectRefinancingRequest = z.object({
  version: rowVersion,
  comment: z
    .string({ error: REFINANCING_MESSAGES.reasonRequired })
    .trim()
    .min(1, { message: REFINANCING_MESSAGES.reasonRequired })
    .max(250, { message: MESSAGES.badRequest }),
});

/** POST /api/refinancings/send-units (Enviar at 4 → 3; spec 3 §7 names no body: the refinancing and its version). */
export const sendRefinancingUnitsRequest = z.object({ refinancingId: idSchema(), version: rowVersion });

/** POST /api/refinancings/{id}/send-to-sign, /release: the version the screen showed. */
export const refinancingVersionRequest = z.object({ version: rowVersion });

/** POST /api/refinancings/{id}/send-crm (body refinancingId per spec 3 §7; the path's id is the one used). */
export const sendRefinancingToCrmRequest = z.object({
  approvedDate: isoDate,
  version: rowVersion,
  refinancingId: z.unknown().optional(),
});

/** PATCH /api/refinancings/{id}/update-folio (spec 3 §7 manualFolio): the provisions' rule and message. */
export const updateRefinancingFolioRequest = updateFolioRequest;

/** GET /api/refinancings/review (type 2): refinancings at 3 waiting for its validation, in its scope. */
export const refinancingReviewQuery = pageQuery.extend({
  company: idParam().optional(),
  folio: folioFilter(),
});
export const refinancingReviewItem = z.object({
  id: z.number().int(),
  folio: z.string(),
  companyName: z.string(),
  total: moneyDecimal,
  countUnits: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export const refinancingReviewResponse = paged(refinancingReviewItem);

/** GET /api/refinancings/{id}/units.xlsx: the columns of the refinancing units table (spec 3 §2), in its order. */
export const REFINANCING_UNITS_XLSX_COLUMNS = [
  'N° VIN',
  'Sucursal de Asignación',
  'Marca',
  'Tipo de unidad',
  'Año Modelo',
  'Descripción',
  'Color Exterior',
  'Color Interior',
  'N° Motor',
  'Plazo',
  'REPUVE',
  'TransUnion',
  'AX',
  'Admin. FinBe',
  'Monto',
] as const;

// Evidence, signing documents and e-signature of a refinancing (issue 19, docs/decisions/047).

/** POST /api/refinancings/{id}/units/{unitId}/evidences: the evidence saved, with the message. */
export const refinancingEvidenceResponse = envelope(refinancingEvidence);
export type RefinancingEvidenceResponse = z.infer<typeof refinancingEvidenceResponse>;
export const refinancingEvidenceParams = z.object({ id: idParam(), evidenceId: idParam() });

/** GET /api/refinancings/{id}/documents: the signing documents (type 13), with the caller's signUrl when pending. */
export const refinancingDocumentsResponse = envelope(z.object({ documents: z.array(signingEvidence) }));
export type RefinancingDocumentsResponse = z.infer<typeof refinancingDocumentsResponse>;

/**
 * GET /api/refinancings/{id}/signing (issue 26, type 4): what the in-app signing page shows — the refinancing's folio,
 * company and status, and its signing documents, each with the caller's signUrl while it still has to sign it.
 */
export const refinancingSigning = z.object({
  id: z.number().int(),
  folio: z.string(),
  companyName: z.string(),
  status: z.number().int(),
  documents: z.array(signingEvidence),
});
export type RefinancingSigning = z.infer<typeof refinancingSigning>;
export const refinancingSigningResponse = envelope(refinancingSigning);

/**
 * POST /api/refinancings/{id}/documents/{documentId}/redo (spec 3 §7 "regenerate document (refinancingId)"): the
 * body's refinancingId, when sent, must be the path's; the version, when sent, the one the screen showed.
 */
export const redoRefinancingDocumentRequest = z
  .object({ refinancingId: idSchema().optional(), version: rowVersion.optional() })
  .optional();
export type RedoRefinancingDocumentRequest = z.infer<typeof redoRefinancingDocumentRequest>;

/** The reference a refinancing document's envelope carries and the provider echoes in every webhook. */
export const REFINANCING_ENVELOPE_PREFIX = 'refinancing:';
export const refinancingEnvelopeReference = (refinancingId: number, evidenceId: number) =>
  `${REFINANCING_ENVELOPE_PREFIX}${refinancingId}:${evidenceId}`;
