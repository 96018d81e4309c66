import { queryOptions, useQuery } from '@tanstack/react-query';
import { REFINANCING_OPERATIONS, type RefinancingFollowUpDetail } from '@planpiso/domain';
import { callOperation } from '../../../../lib/operation-client';

/** The detail page's server state: the refinancing under one key, and each unit's evidences. */
export const refinancingDetailKeys = {
  detail: (id: number) => ['refinancings', 'detail', id] as const,
  evidences: (id: number, unitId: number) => ['refinancings', 'detail', id, 'evidences', unitId] as const,
};

export type RefinancingDetail = RefinancingFollowUpDetail;
export type RefinancingDetailUnit = RefinancingDetail['units'][number];

/** GET /api/refinancings/{id}: the detail with the caller's actions, balances, units and signing documents. */
export async function getRefinancingDetail(id: number, signal?: AbortSignal): Promise<RefinancingDetail> {
  return (await callOperation(REFINANCING_OPERATIONS.getRefinancing, { params: { id }, signal })).data;
}

export const useRefinancingDetail = (id: number | null) =>
  useQuery({
    ...queryOptions({
      queryKey: refinancingDetailKeys.detail(id ?? 0),
      queryFn: ({ signal }) => getRefinancingDetail(id ?? 0, signal),
      retry: false,
      staleTime: 0,
    }),
    enabled: id !== null,
  });
