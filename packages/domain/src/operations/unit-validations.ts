import { idParams } from '../contracts/common';
import { unitValidationsResponse } from '../contracts/provision-validation';
import { defineOperation } from './operation';

/** A unit's validation history (issue 17 "Validation of units", decision 035). */
export const UNIT_VALIDATION_OPERATIONS = {
  listUnitValidations: defineOperation({
    method: 'GET',
    path: '/api/units/:id/validations',
    tags: ['units'],
    // Every type, within its provisions' scope (404 outside).
    who: [1, 2, 3, 4, 5],
    summary:
      'The history of a unit’s verdicts, oldest first: REPUVE (1), TransUnion (2), AX (3) and its invoice (4, ' +
      'Factura), each with its reason and time. Units of provisions outside the caller’s scope are 404.',
    params: idParams,
    response: unitValidationsResponse,
  }),
} as const;
