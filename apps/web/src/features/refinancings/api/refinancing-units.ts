import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REFINANCING_OPERATIONS as op,
  REFINANCING_UNITS_DEFAULT_SORT,
  type RefinancingAvailableUnit,
} from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { listSpec, type ListQuery } from '../../../components/list-query';
import { operationList } from '../../../lib/server-list';

/** The URL filters of /refinanciamientos/unidades (spec 3 §2): company, VIN, engine; credit line and sold. */
export const REFINANCING_UNIT_FILTERS = ['company', 'vinNumber', 'motorNumber', 'creditLine', 'isSold'] as const;
export type RefinancingUnitFilter = (typeof REFINANCING_UNIT_FILTERS)[number];
export type RefinancingUnitPage = { items: RefinancingAvailableUnit[]; total: number };

export const refinancingKeys = {
  all: ['refinancings'] as const,
  units: ['refinancings', 'units'] as const,
  unitList: (query: ListQuery<RefinancingUnitFilter>) => ['refinancings', 'units', query] as const,
  lists: ['refinancings', 'list'] as const,
};

/** Spec 3 §9: refinancing units by vinNumber. */
export const REFINANCING_UNIT_LIST = listSpec<RefinancingUnitFilter>(
  REFINANCING_UNIT_FILTERS,
  REFINANCING_UNITS_DEFAULT_SORT,
);

/** GET /api/refinancings/units (spec 3 §7): the financed units available for refinancing, paged by the server. */
const refinancingUnits = operationList(REFINANCING_UNIT_LIST, refinancingKeys.unitList, op.listRefinanceableUnits);

export const useRefinancingUnits = refinancingUnits.useList;
export const prefetchRefinancingUnits = refinancingUnits.prefetch;

/**
 * PATCH /api/units/{id}/set-deadlines `{ deadline }` and /set-sold `{ isSold }` (spec 3 §7): the server answers
 * 'La unidad con vin:[x] se actualizo correctamente.'; the list reloads (a sold unit leaves the not-sold list).
 */
export function useUpdateRefinancingUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; deadline: number } | { id: number; isSold: boolean }) =>
      'deadline' in change
        ? callOperation(op.setUnitDeadlines, { params: { id: change.id }, body: { deadline: change.deadline } })
        : callOperation(op.setUnitSold, { params: { id: change.id }, body: { isSold: change.isSold } }),
    onSuccess: () => client.invalidateQueries({ queryKey: refinancingKeys.units }),
  });
}
