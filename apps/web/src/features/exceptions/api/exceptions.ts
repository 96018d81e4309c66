import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCEPTION_OPERATIONS as op,
  EXCEPTIONS_DEFAULT_SORT,
  exceptionListStatuses,
  pathOf,
  type ExceptionResponse,
} from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, listSpec } from '../../../components/list-query';
import { signedFileLink } from '../../../lib/file-link';
import { pagedQueryOptions } from '../../../lib/server-list';

/** The list's URL filters (spec 3 §2): type 5 the number and the date range; types 2 and 3 account and customer. */
export const EXCEPTION_FILTERS = ['folio', 'from', 'to', 'account', 'company'] as const;
export type ExceptionFilter = (typeof EXCEPTION_FILTERS)[number];
export type ExceptionPage = { items: ExceptionResponse[]; total: number; totalIsEstimate?: boolean };

export const exceptionKeys = {
  all: ['exceptions'] as const,
  list: (type: number, query: ListQuery<ExceptionFilter>) => ['exceptions', 'list', type, query] as const,
};

/** GET /api/exceptions with the statuses the caller's type asks for (spec 3 §4: 5 asks 0,2,3; 3 asks 0; 2 asks 1). */
export async function getExceptions(
  type: number,
  query: ListQuery<ExceptionFilter>,
  signal?: AbortSignal,
): Promise<ExceptionPage> {
  const { data } = await callOperation(op.listExceptions, {
    query: { ...query, status: exceptionListStatuses(type) },
    signal,
  });
  return data;
}

export const exceptionListQueryOptions = (type: number, query: ListQuery<ExceptionFilter>) =>
  pagedQueryOptions(exceptionKeys.list(type, query), (signal) => getExceptions(type, query, signal));

export const useExceptions = (type: number, query: ListQuery<ExceptionFilter>) =>
  useQuery(exceptionListQueryOptions(type, query));

/** The list's URL reading (spec 3 §9: exceptions by date descending). */
export const EXCEPTION_LIST = listSpec<ExceptionFilter>(EXCEPTION_FILTERS, EXCEPTIONS_DEFAULT_SORT);

export const prefetchExceptions = (type: number, params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(exceptionListQueryOptions(type, readListQuery(params, EXCEPTION_LIST)));

/** What a step sends (spec 3 §4): the status it asks for, the version read, its comments and its evidence. */
export type ExceptionStep = {
  id: number;
  version: number;
  status: 1 | 2 | 3;
  commentOF?: string;
  isApproved?: boolean;
  commentAF?: string;
  evidence: File | null;
};

/** PUT /api/exceptions/{id}, multipart (decision 040); the lists reload afterwards. */
export function useUpdateException() {
  return useMutation({
    mutationFn: async (step: ExceptionStep) => {
      const form = new FormData();
      form.append('status', String(step.status));
      form.append('version', String(step.version));
      if (step.commentOF !== undefined) form.append('commentOF', step.commentOF);
      if (step.isApproved !== undefined) form.append('isApproved', String(step.isApproved));
      if (step.commentAF !== undefined) form.append('commentAF', step.commentAF);
      if (step.evidence) form.append('evidence', step.evidence, step.evidence.name);
      return api.put<ExceptionResponse>(pathOf(op.updateException, { id: step.id }), form);
    },
  });
}

/** Reloads the exceptions lists (after a step whose answer carries the status sent, spec 3 §4). */
export const useReloadExceptions = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: exceptionKeys.all });
};

/** GET /api/files/{id}/link: a 5-minute signed link to an evidence (the files module's scoped download). */
export const evidenceLink = async (fileId: number) => (await signedFileLink(fileId)).url;
