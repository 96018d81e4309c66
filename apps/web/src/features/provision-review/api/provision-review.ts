import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROVISION_REVIEW_DEFAULT_SORT,
  PROVISION_REVIEW_OPERATIONS,
  UNIT_OPERATIONS,
  type ConfirmUnitsReviewRequestInput,
  type ProvisionReviewItem,
} from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { listSpec, type ListQuery } from '../../../components/list-query';
import { operationList } from '../../../lib/server-list';
import { signedFileLink } from '../../../lib/file-link';

/** The list's URL filters (spec 3 §2): disposition number, FinBe operator; under more filters account and company. */
export const REVIEW_FILTERS = ['folio', 'operator', 'account', 'company'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export type ReviewPage = { items: ProvisionReviewItem[]; total: number; totalIsEstimate?: boolean };

export const reviewKeys = {
  all: ['provision-review'] as const,
  list: (query: ListQuery<ReviewFilter>) => ['provision-review', 'list', query] as const,
  detail: (id: number) => ['provision-review', 'detail', id] as const,
};

/** The list's URL reading, shared by the screen and the route's prefetch (spec 3 §9: folio ascending). */
export const REVIEW_LIST = listSpec<ReviewFilter>(REVIEW_FILTERS, PROVISION_REVIEW_DEFAULT_SORT);

/** GET /api/provisions/review (spec 3 §7): the provisions at Validación the administrator reviews. */
const reviewList = operationList(REVIEW_LIST, reviewKeys.list, PROVISION_REVIEW_OPERATIONS.listReview);

export const useReviewList = reviewList.useList;
/** Starts the list call for this URL as the navigation starts (issue 15). */
export const prefetchReviewList = reviewList.prefetch;

/** GET /api/provisions/{id}/revision: the provision's company data, line, balances and units. */
export const useRevision = (id: number | null) =>
  useQuery({
    queryKey: reviewKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callOperation(PROVISION_REVIEW_OPERATIONS.getRevision, { params: { id: id ?? 0 }, signal })).data,
    enabled: id !== null,
  });

/**
 * POST /api/provisions/confirmUnitsReview with the version the screen read (a stale one answers 409). The review
 * lists reload afterwards, and so do the provisions' (the follow-up's units-in-review counter).
 */
export function useConfirmUnitsReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmUnitsReviewRequestInput) =>
      callOperation(PROVISION_REVIEW_OPERATIONS.confirmUnitsReview, { body }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: reviewKeys.all });
      await client.invalidateQueries({ queryKey: ['provisions'] });
    },
  });
}

/** GET /api/units/{id}/evidences: the unit's evidences, read when the dialog opens. */
export const useUnitEvidences = (unitId: number) =>
  useQuery({
    queryKey: ['units', 'evidences', unitId],
    queryFn: async ({ signal }) =>
      (await callOperation(UNIT_OPERATIONS.listUnitEvidences, { params: { id: unitId }, signal })).data,
  });

/** GET /api/files/{id}/link: a 5-minute signed link, opened in a new tab (spec 3 §7 "signed URL fetch"). */
export const fileLink = async (fileId: number) => (await signedFileLink(fileId)).url;
