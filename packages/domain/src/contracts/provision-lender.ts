import { z } from 'zod';
import { MANUAL_FOLIO_MAX, manualFolioError } from '../financing/provision-follow-up';
import type { ProvisionMachineAction } from '../financing/provision-machine';
import { updateProvisionRequest } from '../financing/provision-requests';
import { PROVISION_STATUS } from '../financing/provision-status';
import { MESSAGES } from '../messages';
import { PROVISION_LENDER_MESSAGES } from '../messages-financing';
import { moneyDecimal } from '../money';
import { envelope, isoDate, pageQuery, paged, rowVersion } from './common';
import { idSchema } from './inputs';
import { provisionDetail, provisionDetailResponse, provisionUnitResponse } from './provisions';

/**
 * The lender's actions on a provision and what the follow-up page reads (spec 3 §2 "Follow-up", §4, §5, §7; issue 17,
 * /work/wt/LENDER-SIDE.md "Owner F1", decision 036).
 */

/** One unit of Confirmar/Rechazar: is it kept in the provision (confirm) — reject ignores the flag. */
export const confirmRejectUnit = z.object({ id: idSchema(), included: z.boolean({ error: MESSAGES.badRequest }) });

/** The manual folio as typed: digits, at most 250 (spec 3 §5). Empty/absent is checked against useManualFolio. */
/** The manual folio as sent (text or number), trimmed: a provision's Confirmar and a refinancing's Aceptar. */
export const manualFolioText = z
  .union([z.string(), z.number()], { error: MESSAGES.badRequest })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .nullable()
  .optional();

/** The domain's rule on a manual folio that is used (manualFolioError), as the request's issue on `manualFolio`. */
export function refineManualFolio(
  body: { useManualFolio: boolean; manualFolio?: string | null },
  ctx: z.RefinementCtx,
): void {
  const message = manualFolioError(body.useManualFolio, body.manualFolio);
  if (message) ctx.addIssue({ code: 'custom', path: ['manualFolio'], message });
}

/**
 * PUT /api/provisions/{id} with status 4 (Confirmar) or 9 (Rechazar), and its alias POST
 * /api/provisions/{id}/confirm-reject (spec 3 §7 lists both). `total` may come (the old screen sent it) and is
 * ignored: the server recomputes it from the included units.
 */
export const confirmRejectRequest = z
  .object({
    status: z.union([z.literal(PROVISION_STATUS.ACCEPTED), z.literal(PROVISION_STATUS.REJECTED)], {
      error: MESSAGES.badRequest,
    }),
    version: rowVersion,
    units: z.array(confirmRejectUnit).max(10_000, { message: MESSAGES.badRequest }).default([]),
    useManualFolio: z.boolean({ error: MESSAGES.badRequest }).default(false),
    manualFolio: manualFolioText,
    total: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === PROVISION_STATUS.ACCEPTED) refineManualFolio(body, ctx);
  });
export type ConfirmRejectRequest = z.infer<typeof confirmRejectRequest>;
export type ConfirmRejectRequestInput = z.input<typeof confirmRejectRequest>;

/** PUT /api/provisions/{id} with status 10 (Liberar), and POST /api/provisions/{id}/release. */
export const releaseRequest = z.object({
  status: z.literal(PROVISION_STATUS.RELEASED, { error: MESSAGES.badRequest }).optional(),
  version: rowVersion,
});
export type ReleaseRequest = z.infer<typeof releaseRequest>;

/** POST /api/provisions/{id}/send-crm (spec 3 §7: approvedDate YYYY-MM-DD, 'Inicio de la disposición'). */
export const sendToCrmRequest = z.object({
  approvedDate: isoDate,
  version: rowVersion,
  /** The spec's body names the provision too; the path's id is the one used. */
  provisionId: z.unknown().optional(),
});
export type SendToCrmRequest = z.infer<typeof sendToCrmRequest>;

/** PATCH /api/provisions/{id}/update-folio (spec 3 §7 "body manualFolio number"; §5 required and > 0). */
export const updateFolioRequest = z.object({
  manualFolio: z
    .union([z.number(), z.string()], { error: PROVISION_LENDER_MESSAGES.updateFolioInvalid })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => /^\d+$/.test(text) && !/^0+$/.test(text) && text.length <= MANUAL_FOLIO_MAX, {
      message: PROVISION_LENDER_MESSAGES.updateFolioInvalid,
    }),
  version: rowVersion,
});
export type UpdateFolioRequest = z.infer<typeof updateFolioRequest>;
export type UpdateFolioRequestInput = z.input<typeof updateFolioRequest>;

/** Every action a detail may list (provisionActionsFor's values). */
export const PROVISION_MACHINE_ACTIONS = [
  'edit',
  'send',
  'validationComplete',
  'reviewUnits',
  'confirm',
  'reject',
  'generateDocuments',
  'redoDocument',
  'sendToSign',
  'signingStarted',
  'signingCompleted',
  'release',
  'sendToCrm',
  'updateFolio',
  'expire',
] as const satisfies readonly ProvisionMachineAction[];

/** A unit as the follow-up page reads it: the detail's unit plus its term (months) and the selectable rule's inputs. */
export const provisionFollowUpUnit = provisionUnitResponse.extend({
  /** The term in months (the provision's deadlines: one term for all its units). */
  deadlines: z.number().int().nullable(),
});
export type ProvisionFollowUpUnit = z.infer<typeof provisionFollowUpUnit>;

/** The credit line's balances (spec 3 §2 "balances"): what the CRM says remains, and what is free after holds. */
export const provisionLineBalances = z.object({
  /** montoRestante of the CRM's line ('0.00' when the CRM could not be read). */
  remaining: moneyDecimal,
  /** remaining − every provision's hold on the line. */
  available: moneyDecimal,
  /** False when the CRM did not answer: the amounts are then unknown and shown as '-'. */
  known: z.boolean(),
});
export type ProvisionLineBalances = z.infer<typeof provisionLineBalances>;

/**
 * GET /api/provisions/{id} extended for the follow-up page (LENDER-SIDE.md "Extend GET /api/provisions/:id"): the
 * caller's actions (provisionActionsFor(type, status)), the units-in-review counter, the line's balances and how many
 * signing documents exist. The screen hides `total` where followUpTotalShown says so.
 */
export const provisionFollowUpDetail = provisionDetail.extend({
  units: z.array(provisionFollowUpUnit),
  actions: z.array(z.enum(PROVISION_MACHINE_ACTIONS)),
  unitsInReview: z.number().int(),
  /** The line's live balances while the provision is open; null once it is closed (8–11) or the line never read. */
  balances: provisionLineBalances.nullable(),
  /**
   * The balances the page showed at Confirmar (decision 054), taken under the line's lock: what was available to the
   * provision, what was left after it, and when (ISO). A closed provision shows these; null when never confirmed.
   */
  confirmedBalances: z.object({ available: moneyDecimal, remaining: moneyDecimal, at: z.string() }).nullable(),
  signingDocuments: z.number().int(),
  approvedDate: z.string().nullable(),
});
export type ProvisionFollowUpDetail = z.infer<typeof provisionFollowUpDetail>;
export const provisionFollowUpDetailResponse = envelope(provisionFollowUpDetail);
export type ProvisionFollowUpDetailResponse = z.infer<typeof provisionFollowUpDetailResponse>;

/**
 * What every lender action answers (Confirmar, Rechazar, Liberar, send to CRM, update folio): the refreshed follow-up
 * detail — its `status` is the new status ("Send to CRM returns a new status from the server", spec 3 §4) and its
 * `version` the one the next action sends — with the Spanish success message.
 */
export const provisionActionResponse = provisionFollowUpDetailResponse;
export type ProvisionActionResponse = ProvisionFollowUpDetailResponse;

/**
 * PUT /api/provisions/{id} carries three bodies (spec 3 §7): the dealer's edit (no status, or 1), Confirmar/Rechazar
 * (status 4 or 9) and Liberar (status 10). The server dispatches on `status`.
 */
export const provisionPutRequest = z.discriminatedUnion('status', [
  confirmRejectRequest,
  releaseRequest.extend({ status: z.literal(PROVISION_STATUS.RELEASED) }),
  updateProvisionRequest.safeExtend({ status: z.literal(PROVISION_STATUS.CREATED).optional() }),
]);
export type ProvisionPutRequest = z.infer<typeof provisionPutRequest>;
/** The PUT's answer: the follow-up detail after a lender action, the plain detail after an edit. */
export const provisionPutResponse = z.union([provisionFollowUpDetailResponse, provisionDetailResponse]);

/**
 * One line of GET /api/provisions/{id}/timeline: an audit row (`provisions.<action>` and the creation/edit) or a unit
 * validation (`action: 'validation'`, details carry check, VIN, valid, reason).
 */
export const provisionTimelineEntry = z.object({
  /** ISO instant. */
  at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The machine's action ('confirm', 'reject', …), 'create', 'edit', or 'validation'. */
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  comment: z.string().optional(),
  details: z
    .object({
      check: z.string().optional(),
      vinNumber: z.string().optional(),
      valid: z.boolean().nullable().optional(),
      reason: z.string().nullable().optional(),
      manualFolio: z.string().optional(),
      approvedDate: z.string().optional(),
      excludedUnits: z.number().int().optional(),
    })
    .optional(),
});
export type ProvisionTimelineEntry = z.infer<typeof provisionTimelineEntry>;
export const provisionTimelineResponse = envelope(z.array(provisionTimelineEntry));
/** The history's page (issue 31): a provision of 5,000 units had 15,000 entries (3.1 MB) sent on every look. */
export const provisionTimelinePageQuery = pageQuery.pick({ page: true, pageSize: true });
export type ProvisionTimelinePageQuery = z.infer<typeof provisionTimelinePageQuery>;
export const provisionTimelinePageResponse = paged(provisionTimelineEntry);
/** The follow-up page's history page size. */
export const TIMELINE_PAGE_SIZE = 50;

/**
 * GET /api/provisions/{id}?units=none: the follow-up page's first read, its `units` empty (issue 31: 5,000 units are
 * 2.4 MB); the units come a page at a time from GET /api/provisions/{id}/units/page. `all` (the default) keeps the
 * whole list for the callers that send every unit back (Confirmar's ticks).
 */
export const provisionDetailQuery = z.object({ units: z.enum(['all', 'none']).default('all') });
export type ProvisionDetailQuery = z.infer<typeof provisionDetailQuery>;
/** A page of a provision's units as the follow-up shows them (oldest first, as the detail lists them). */
export const provisionUnitsPageQuery = pageQuery.pick({ page: true, pageSize: true });
export type ProvisionUnitsPageQuery = z.infer<typeof provisionUnitsPageQuery>;
export const provisionUnitsPageResponse = paged(provisionFollowUpUnit);
export type ProvisionUnitsPageResponse = z.infer<typeof provisionUnitsPageResponse>;
export type ProvisionTimelineResponse = z.infer<typeof provisionTimelineResponse>;

/** The XLSX's columns (GET /api/provisions/{id}/units.xlsx), in order. */
export const PROVISION_UNITS_XLSX_COLUMNS = [
  'N° VIN',
  'Modelo',
  'N° Motor',
  'Marca',
  'Tipo',
  'Descripción',
  'Color',
  'Color interior',
  'Sucursal',
  'Monto',
  'Incluida',
] as const;

/** 'Unidades (DD-MM-YYYY).xlsx' for a Mexico City day 'YYYY-MM-DD' (spec 3 §2 "Descargar XLSX"). */
export const provisionUnitsXlsxName = (mexicoCityDay: string): string => {
  const [y, m, d] = mexicoCityDay.split('-');
  return `Unidades (${d}-${m}-${y}).xlsx`;
};
