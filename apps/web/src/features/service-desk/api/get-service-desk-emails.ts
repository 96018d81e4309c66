import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceDeskEmailResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../components/use-url-list-state';

export const SERVICE_DESK_FILTERS = ['email'] as const;
export type ServiceDeskFilter = (typeof SERVICE_DESK_FILTERS)[number];
export type ServiceDeskPage = { items: ServiceDeskEmailResponse[]; total: number; totalIsEstimate?: true };

export const serviceDeskKeys = {
  lists: ['service-desk', 'list'] as const,
  list: (query: ListQuery<ServiceDeskFilter>) => ['service-desk', 'list', query] as const,
  detail: (id: number) => ['service-desk', 'detail', id] as const,
};

/** GET /api/emails-service-desk (spec 2 §7): filter by part of the e-mail. */
export async function getServiceDeskEmails(query: ListQuery<ServiceDeskFilter>, signal?: AbortSignal) {
  const { data } = await api.get<ServiceDeskPage>('/api/emails-service-desk', query, signal);
  return data;
}

export const useServiceDeskEmails = (query: ListQuery<ServiceDeskFilter>) =>
  useQuery({
    queryKey: serviceDeskKeys.list(query),
    queryFn: ({ signal }) => getServiceDeskEmails(query, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/emails-service-desk/{id}: the form reads the e-mail in edit mode. */
export const useServiceDeskEmail = (id: number | null) =>
  useQuery({
    queryKey: serviceDeskKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<ServiceDeskEmailResponse>(`/api/emails-service-desk/${id}`, undefined, signal)).data,
    enabled: id !== null,
  });
