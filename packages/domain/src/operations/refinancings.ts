import { idParams } from '../contracts/common';
import {
  createRefinancingRequest,
  createRefinancingResponse,
  refinancingListQuery,
  refinancingListResponse,
  refinancingUnitsQuery,
  refinancingUnitsResponse,
  setUnitDeadlinesRequest,
  setUnitSoldRequest,
  unitRefinancingUpdateResponse,
} from '../contracts/refinancings';
import { refinancingFollowUpDetailResponse } from '../contracts/refinancing-flows';
import { defineOperation } from './operation';

const tags = ['refinancings'];
/** Every type reads the refinancings its visibility allows (spec 3 §4); the refinancings policy narrows the rows. */
const readers = [1, 2, 3, 4, 5] as const;
/** The lender operator and the dealer operator edit a refinanceable unit (spec 3 §2). */
const unitEditors = [3, 5] as const;

/**
 * Refinancings (spec 3 §2, §4 "Visibility", §6, §7 "Refinancings", "Units"; decision 044): the refinanceable units,
 * their term and sold flag, the create, the list and the follow-up detail. Rows are narrowed by the refinancings
 * policy.
 */
export const REFINANCING_OPERATIONS = {
  listRefinanceableUnits: defineOperation({
    method: 'GET',
    path: '/api/refinancings/units',
    tags,
    who: [1, 2, 3, 5],
    summary: 'Financed units available for refinancing',
    description:
      'Units of provisions at 8 or 10 made refinanceable by the layout (can_refinance), not in an open ' +
      'refinancing (1–7), in the caller’s scope (lender: its accounts; type 5: its company). Filters company, ' +
      'vinNumber, motorNumber (contains), creditLine, isSold (default false). Sorted by vinNumber.',
    query: refinancingUnitsQuery,
    response: refinancingUnitsResponse,
  }),
  setUnitDeadlines: defineOperation({
    method: 'PATCH',
    path: '/api/units/:id/set-deadlines',
    tags,
    who: unitEditors,
    summary: 'Changes a refinanceable unit’s term (1–6)',
    description: "'La unidad con vin:[x] se actualizo correctamente.' A unit outside the caller’s scope → 404.",
    params: idParams,
    body: setUnitDeadlinesRequest,
    response: unitRefinancingUpdateResponse,
    errors: [422],
  }),
  setUnitSold: defineOperation({
    method: 'PATCH',
    path: '/api/units/:id/set-sold',
    tags,
    who: unitEditors,
    summary: 'Marks a refinanceable unit sold or not sold',
    description: 'A sold unit leaves the not-sold list and cannot be ticked. Outside the caller’s scope → 404.',
    params: idParams,
    body: setUnitSoldRequest,
    response: unitRefinancingUpdateResponse,
  }),
  createRefinancing: defineOperation({
    method: 'POST',
    path: '/api/refinancings',
    tags,
    who: [5],
    summary: 'Creates a refinancing (type 5): status 1 Creada',
    description:
      'Payload of spec 3 §3 (typeLine "1", reviewAF true, units with status 0). Under the credit line’s lock: a ' +
      'unit in an open refinancing, sold, of another term or without valid REPUVE/TransUnion/AX → 422; total ' +
      "above the available balance → 422 'El monto total supera el saldo restante'; line busy → 409. Honours " +
      'Idempotency-Key.',
    body: createRefinancingRequest,
    response: createRefinancingResponse,
    status: 201,
    errors: [409, 422, 503],
    idempotent: true,
  }),
  listRefinancings: defineOperation({
    method: 'GET',
    path: '/api/refinancings',
    tags,
    who: readers,
    summary: 'The refinancings the caller sees (spec 3 §4 visibility per type), paged',
    description: 'Type 2: 3–10; type 3: 1–10; type 5: own company 1–10; type 4: own company 5–10. Default sort folio.',
    query: refinancingListQuery,
    response: refinancingListResponse,
  }),
  getRefinancing: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id',
    tags,
    who: readers,
    summary: 'One refinancing with its units (Seguimiento de refinanciamiento)',
    description:
      'With the caller’s actions (refinancingActionsFor), adminValidated, the line’s balances (remaining for ' +
      'types 2 and 3 only), each unit’s evidence count and the signing documents. A refinancing the caller does ' +
      'not see → 404.',
    params: idParams,
    response: refinancingFollowUpDetailResponse,
  }),
} as const;
