import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUDIT_OPERATIONS as op,
  AUDITS_DEFAULT_SORT,
  type CreateAuditRequest,
  type UpdateAuditRequest,
} from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { getSession } from '../../../lib/session';
import { listSpec } from '../../../components/list-query';
import { listKeys, serverList } from '../../../lib/server-list';

export const AUDIT_FILTERS = ['account'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

export const auditKeys = {
  ...listKeys<AuditFilter>('audits'),
  range: (from: string, to: string) => ['audits', 'range', from, to] as const,
};

export const AUDIT_LIST = listSpec<AuditFilter>(AUDIT_FILTERS, AUDITS_DEFAULT_SORT);

/** Spec 3 §7: GET /audits with registerBy = the current user (§6); the server applies that scope regardless. */
const own = () => {
  const id = getSession()?.user.id;
  return id ? { registerBy: id } : {};
};

/** GET /api/audits: the administrator's audits, paged, by company name ascending (spec 3 §9). */
const audits = serverList(
  AUDIT_LIST,
  auditKeys.list,
  async (query, signal) => (await callOperation(op.listAudits, { query: { ...query, ...own() }, signal })).data,
);

export const useAudits = audits.useList;
export const prefetchAudits = audits.prefetch;

/** The audits whose days touch the calendar's visible range (`to` inclusive), all at once. */
export const useAuditsInRange = (range: { from: string; to: string } | null) =>
  useQuery({
    queryKey: auditKeys.range(range?.from ?? '', range?.to ?? ''),
    queryFn: async ({ signal }) =>
      (
        await callOperation(op.listAudits, {
          query: { from: range!.from, to: range!.to, all: 'true', sort: 'initialDate:asc', ...own() },
          signal,
        })
      ).data.items,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

export const useAudit = (id: number | null) =>
  useQuery({
    queryKey: auditKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await callOperation(op.getAudit, { params: { id: id! }, signal })).data,
    enabled: id !== null,
  });

/** POST /api/audits or PUT /api/audits/{id} → the spec's saved / updated message (spec 3 §8). */
export function useSaveAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: CreateAuditRequest } | { id: number; body: UpdateAuditRequest }) =>
      input.id === null
        ? callOperation(op.createAudit, { body: input.body })
        : callOperation(op.updateAudit, { params: { id: input.id }, body: input.body }),
    onSuccess: async (_saved, { id }) => {
      if (id !== null) queryClient.removeQueries({ queryKey: auditKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
