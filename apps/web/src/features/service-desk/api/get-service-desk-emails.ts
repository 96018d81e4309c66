import { useQuery } from '@tanstack/react-query';
import {
  SERVICE_DESK_EMAIL_OPERATIONS,
  SERVICE_DESK_EMAILS_DEFAULT_SORT,
  type ServiceDeskEmailResponse,
} from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const SERVICE_DESK_FILTERS = ['email'] as const;
export type ServiceDeskFilter = (typeof SERVICE_DESK_FILTERS)[number];
export type ServiceDeskPage = { items: ServiceDeskEmailResponse[]; total: number; totalIsEstimate?: true };

export const serviceDeskKeys = listKeys<ServiceDeskFilter>('service-desk');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const SERVICE_DESK_LIST = listSpec<ServiceDeskFilter>(SERVICE_DESK_FILTERS, SERVICE_DESK_EMAILS_DEFAULT_SORT);

/** GET /api/emails-service-desk (spec 2 §7): filter by part of the e-mail. */
const serviceDeskEmails = operationList(
  SERVICE_DESK_LIST,
  serviceDeskKeys.list,
  SERVICE_DESK_EMAIL_OPERATIONS.listServiceDeskEmails,
);

export const useServiceDeskEmails = serviceDeskEmails.useList;
/** Starts the list call for this URL as the navigation starts (issue 15). */
export const prefetchServiceDeskEmails = serviceDeskEmails.prefetch;

/** GET /api/emails-service-desk/{id}: the form reads the e-mail in edit mode. */
export const useServiceDeskEmail = (id: number | null) =>
  useQuery({
    queryKey: serviceDeskKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callOperation(SERVICE_DESK_EMAIL_OPERATIONS.getServiceDeskEmail, { params: { id: id! }, signal })).data,
    enabled: id !== null,
  });
