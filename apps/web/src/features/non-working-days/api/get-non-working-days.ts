import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NonWorkingDayResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../components/use-url-list-state';

export const NON_WORKING_DAY_FILTERS = [] as const;
export type NonWorkingDayFilter = (typeof NON_WORKING_DAY_FILTERS)[number];
export type NonWorkingDayPage = { items: NonWorkingDayResponse[]; total: number; totalIsEstimate?: true };

export const nonWorkingDayKeys = {
  lists: ['non-working-days', 'list'] as const,
  list: (query: ListQuery<NonWorkingDayFilter>) => ['non-working-days', 'list', query] as const,
};

/** GET /api/non-workings (spec 2 §7), newest date first. */
export async function getNonWorkingDays(
  query: ListQuery<NonWorkingDayFilter>,
  signal?: AbortSignal,
): Promise<NonWorkingDayPage> {
  const { data } = await api.get<NonWorkingDayPage>('/api/non-workings', query, signal);
  return data;
}

export const useNonWorkingDays = (query: ListQuery<NonWorkingDayFilter>) =>
  useQuery({
    queryKey: nonWorkingDayKeys.list(query),
    queryFn: ({ signal }) => getNonWorkingDays(query, signal),
    placeholderData: keepPreviousData,
  });
