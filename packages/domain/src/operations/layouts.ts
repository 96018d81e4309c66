import {
  layoutApplyRequest,
  layoutApplyResponse,
  layoutDownloadRequest,
  layoutGenerateQuery,
  layoutGenerateResponse,
} from '../contracts/layout';
import { fileDownloadResponse } from '../contracts/files';
import { defineOperation } from './operation';

const tags = ['layouts'];
/** The lender's administrator (spec 3 §2, §6); which units, the layouts service. */
const administrator = [2] as const;
/** The edited layout travels whole. */
const bodyLimit = 2 * 1024 * 1024;

/** Layout generator (spec 3 §2, §7 "Layout"; decision 043). */
export const LAYOUT_OPERATIONS = {
  generateLayout: defineOperation({
    method: 'GET',
    path: '/api/layouts/generate',
    tags,
    who: administrator,
    summary: 'The layout: financed units whose credit runs out within `months`, with a suggested term',
    description:
      'Units of provisions at 8 or 10 of the accounts of the operators the administrator registered, matched by ' +
      'VIN with the CRM credit details of their client; diasRescate ≤ months × 30.4. plazoSugerido = ' +
      "round(diasRescate / 30.4), 'N/A' under audit, not refinanceable (sold) or ≤ 0. By noCredito. months " +
      "missing or ≤ 0 → 400 'Los meses de anticipación son requeridos'. CRM unreachable → 503.",
    query: layoutGenerateQuery,
    response: layoutGenerateResponse,
    errors: [422, 503],
  }),
  applyLayout: defineOperation({
    method: 'POST',
    path: '/api/layouts/apply',
    tags,
    who: administrator,
    summary: 'Stores each unit’s term (deadlines, 1–6) and whether it may be refinanced',
    description:
      "No units → 422 'no hay unidades en el layout'. A unit the administrator does not reach (not financed, " +
      'another account) → 422 UNIT_NOT_IN_LAYOUT and nothing is written. Audit row `layouts.apply`.',
    body: layoutApplyRequest,
    response: layoutApplyResponse,
    errors: [422, 503],
    bodyLimit,
  }),
  downloadLayout: defineOperation({
    method: 'POST',
    path: '/api/layouts/download',
    tags,
    who: administrator,
    summary: "The layout of `months` as 'Layout (DD-MM-YYYY).xlsx' (Mexico City's day), with the edited terms",
    description:
      "`terms` overrides plazoSugerido per unitId. No units → 422 'no hay unidades en el layout'. A cell " +
      'starting with = + - @ is written as text.',
    body: layoutDownloadRequest,
    response: fileDownloadResponse,
    errors: [422, 503],
    bodyLimit,
  }),
} as const;
