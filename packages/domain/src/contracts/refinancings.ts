import { z } from 'zod';
import { REFINANCING_TERM_MAX, REFINANCING_TERM_MIN } from '../financing/refinancing-machine';
import { MESSAGES } from '../messages';
import { REFINANCING_MESSAGES } from '../messages-financing';
import { moneyDecimal } from '../money';
import { envelope, pageQuery, paged, unitDescriptionShape, folioFilter } from './common';
import { idParam, searchText } from './inputs';

/**
 * Refinancings (spec 3 §2 "Refinancing", §3 "Refinancing" and "Refinancing unit", §7 "Refinancings" and "Units";
 * issue 19; docs/decisions/044).
 */

const creditLineKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,50}$/, { message: MESSAGES.badRequest });
const term = z
  .number({ error: REFINANCING_MESSAGES.termOutOfRange })
  .int({ message: REFINANCING_MESSAGES.termOutOfRange })
  .min(REFINANCING_TERM_MIN, { message: REFINANCING_MESSAGES.termOutOfRange })
  .max(REFINANCING_TERM_MAX, { message: REFINANCING_MESSAGES.termOutOfRange });

/** Spec 3 §9: refinancing units by vinNumber; refinancings by folio. */
export const REFINANCING_UNITS_DEFAULT_SORT = 'vinNumber:asc';
export const REFINANCINGS_DEFAULT_SORT = 'folio:asc';

/** GET /api/refinancings/units: company, VIN, engine; credit line; sold / not sold (default not sold). */
export const refinancingUnitsQuery = pageQuery.extend({
  company: idParam().optional(),
  vinNumber: searchText(23),
  motorNumber: searchText(25),
  creditLine: creditLineKey.optional(),
  isSold: z.enum(['true', 'false']).default('false'),
});
export type RefinancingUnitsQuery = z.infer<typeof refinancingUnitsQuery>;

/** A financed unit available for refinancing (the columns of spec 3 §2 and the fields the tick rules read). */
export const refinancingAvailableUnit = z.object({
  id: z.number().int(),
  vinNumber: z.string(),
  model: z.string(),
  motorNumber: z.string(),
  color: z.string(),
  brandName: z.string(),
  deadlines: z.number().int().nullable(),
  amount: moneyDecimal,
  isSold: z.boolean(),
  validRepuve: z.boolean().nullable(),
  validTransunion: z.boolean().nullable(),
  validAx: z.boolean().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  creditLine: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type RefinancingAvailableUnit = z.infer<typeof refinancingAvailableUnit>;
export const refinancingUnitsResponse = paged(refinancingAvailableUnit);

/** PATCH /api/units/{id}/set-deadlines (spec 3 §7: body deadline, 1–6). */
export const setUnitDeadlinesRequest = z.object({ deadline: term });
/** PATCH /api/units/{id}/set-sold (spec 3 §7: body isSold). */
export const setUnitSoldRequest = z.object({ isSold: z.boolean({ error: MESSAGES.badRequest }) });
export const unitRefinancingUpdateResponse = envelope(
  z.object({ id: z.number().int(), deadlines: z.number().int().nullable(), isSold: z.boolean() }),
);

/** POST /api/refinancings: the payload of spec 3 §3 (typeLine "1", reviewAF true, units with status 0). */
export const createRefinancingRequest = z.object({
  accountId: z.number().int().positive(),
  companyId: z.number().int().positive(),
  agencyId: z.number().int().positive(),
  legalId: z.number().int().positive(),
  total: moneyDecimal,
  deadlines: term,
  registerBy: z.number().int().positive(),
  creditLine: creditLineKey,
  typeLine: z.literal('1'),
  reviewAF: z.literal(true),
  requireEvidences: z.boolean(),
  units: z
    .array(
      z.object({
        unitId: z.number().int().positive(),
        comment: z.string().max(250).default(''),
        status: z.literal(0),
      }),
    )
    .min(1, { message: MESSAGES.selectAtLeastOneUnit })
    .max(500),
});
export type CreateRefinancingRequest = z.infer<typeof createRefinancingRequest>;
export const createRefinancingResponse = envelope(
  z.object({ id: z.number().int(), folio: z.string(), status: z.number().int() }),
);

/** GET /api/refinancings: company (type 3) and folio. */
export const refinancingListQuery = pageQuery.extend({
  company: idParam().optional(),
  folio: folioFilter(),
});
export type RefinancingListQuery = z.infer<typeof refinancingListQuery>;

export const refinancingListItem = z.object({
  id: z.number().int(),
  /** The manual folio when used, else the folio. */
  folio: z.string(),
  status: z.number().int(),
  total: moneyDecimal,
  companyId: z.number().int(),
  companyName: z.string(),
  countUnits: z.number().int(),
  requireEvidences: z.boolean(),
  createdAt: z.string(),
});
export const refinancingListResponse = paged(refinancingListItem);

export const refinancingUnit = z.object({
  id: z.number().int(),
  sourceUnitId: z.number().int(),
  ...unitDescriptionShape,
  deadlines: z.number().int(),
  validRepuve: z.boolean().nullable(),
  validTransunion: z.boolean().nullable(),
  validAx: z.boolean().nullable(),
  status: z.number().int(),
  comment: z.string(),
  amount: moneyDecimal,
  isSold: z.boolean(),
  createdAt: z.string(),
});

export const refinancingDetail = z.object({
  id: z.number().int(),
  folio: z.string(),
  manualFolio: z.string().nullable(),
  useManualFolio: z.boolean(),
  total: moneyDecimal,
  status: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string(), clientId: z.string().nullable() }),
  agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  legalPerson: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  creditLine: z.string(),
  deadlines: z.number().int(),
  requireEvidences: z.boolean(),
  units: z.array(refinancingUnit),
  createdAt: z.string(),
  version: z.number().int(),
});
export const refinancingDetailResponse = envelope(refinancingDetail);
