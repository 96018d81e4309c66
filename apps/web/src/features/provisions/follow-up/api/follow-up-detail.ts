import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROVISION_LENDER_OPERATIONS, PROVISION_OPERATIONS, type ProvisionFollowUpDetail } from '@planpiso/domain';
import { callOperation } from '../../../../lib/operation-client';

/** The follow-up page's server state: the provision's detail under the one detail key, and its timeline. */
export const followUpKeys = {
  detail: (id: number) => ['provisions', 'detail', id] as const,
  timeline: (id: number) => ['provisions', 'timeline', id] as const,
};

export type FollowUpDetail = ProvisionFollowUpDetail;
export type FollowUpUnit = FollowUpDetail['units'][number];

/** GET /api/provisions/{id}: the detail with the caller's actions, balances and review counter (issue 17). */
export async function getFollowUpDetail(id: number, signal?: AbortSignal): Promise<FollowUpDetail> {
  return (await callOperation(PROVISION_OPERATIONS.getProvision, { params: { id }, signal })).data;
}

const followUpDetailQuery = (id: number) =>
  queryOptions({
    queryKey: followUpKeys.detail(id),
    queryFn: ({ signal }) => getFollowUpDetail(id, signal),
    retry: false,
    staleTime: 0,
  });

export const useFollowUpDetail = (id: number | null) =>
  useQuery({ ...followUpDetailQuery(id ?? 0), enabled: id !== null });

/** GET /api/provisions/{id}/timeline: who moved it when, with the unit validations' results. */
export const useProvisionTimeline = (id: number) =>
  useQuery({
    queryKey: followUpKeys.timeline(id),
    queryFn: async ({ signal }) =>
      (await callOperation(PROVISION_LENDER_OPERATIONS.timeline, { params: { id }, signal })).data,
    retry: false,
    staleTime: 0,
  });
