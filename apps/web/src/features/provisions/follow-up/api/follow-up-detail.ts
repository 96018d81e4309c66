import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PROVISION_LENDER_OPERATIONS,
  PROVISION_OPERATIONS,
  TIMELINE_PAGE_SIZE,
  type ProvisionFollowUpDetail,
} from '@planpiso/domain';
import { callOperation } from '../../../../lib/operation-client';

/** The follow-up page's server state: the provision's detail under the one detail key, and its timeline. */
export const followUpKeys = {
  detail: (id: number) => ['provisions', 'detail', id] as const,
  units: (id: number) => ['provisions', 'units', id] as const,
  timeline: (id: number) => ['provisions', 'timeline', id] as const,
};

export type FollowUpDetail = ProvisionFollowUpDetail;
export type FollowUpUnit = FollowUpDetail['units'][number];

/**
 * GET /api/provisions/{id}: the detail with the caller's actions, balances and review counter (issue 17); with every
 * unit (`all`: Confirmar sends each one's tick) or none (`none`: the page reads them a page at a time, issue 31).
 */
export async function getFollowUpDetail(
  id: number,
  units: 'all' | 'none',
  signal?: AbortSignal,
): Promise<FollowUpDetail> {
  return (await callOperation(PROVISION_OPERATIONS.getProvision, { params: { id }, query: { units }, signal })).data;
}

const followUpDetailQuery = (id: number) =>
  queryOptions({
    queryKey: followUpKeys.detail(id),
    queryFn: ({ signal }) => getFollowUpDetail(id, 'none', signal),
    retry: false,
    staleTime: 0,
  });

export const useFollowUpDetail = (id: number | null) =>
  useQuery({ ...followUpDetailQuery(id ?? 0), enabled: id !== null });

/** GET /api/provisions/{id}/units/page: one page of the units table (5,000 units are 2.4 MB read whole). */
export const useFollowUpUnits = (id: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: [...followUpKeys.units(id ?? 0), page, pageSize],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (
        await callOperation(PROVISION_LENDER_OPERATIONS.unitsPage, {
          params: { id: id ?? 0 },
          query: { page, pageSize },
          signal,
        })
      ).data,
    // The page shown stays while the next one loads: the table does not collapse under the pager.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

/**
 * GET /api/provisions/{id}/timeline/page, one page of it (issue 31: a provision of 5,000 units has 15,000 entries): who
 * moved it when, with the unit validations' results, and how many entries there are.
 */
export const useProvisionTimeline = (id: number, page: number) =>
  useQuery({
    queryKey: [...followUpKeys.timeline(id), page],
    queryFn: async ({ signal }) => {
      const answer = await callOperation(PROVISION_LENDER_OPERATIONS.timelinePage, {
        params: { id },
        query: { page, pageSize: TIMELINE_PAGE_SIZE },
        signal,
      });
      return { entries: answer.data.items, total: answer.data.total };
    },
    // The page shown stays while the next one loads: the section does not collapse under the pager.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
