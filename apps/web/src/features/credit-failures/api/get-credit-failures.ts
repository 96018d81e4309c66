import { CREDIT_FAILURE_OPERATIONS, CREDIT_FAILURES_DEFAULT_SORT, type CreditFailureResponse } from '@planpiso/domain';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const CREDIT_FAILURE_FILTERS = ['folio', 'from', 'to'] as const;
export type CreditFailureFilter = (typeof CREDIT_FAILURE_FILTERS)[number];
export type CreditFailurePage = { items: CreditFailureResponse[]; total: number; totalIsEstimate?: true };

export const creditFailureKeys = listKeys<CreditFailureFilter>('credit-failures');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const CREDIT_FAILURE_LIST = listSpec<CreditFailureFilter>(CREDIT_FAILURE_FILTERS, CREDIT_FAILURES_DEFAULT_SORT);

/** GET /api/credits-failures (spec 2 §7): paged and sorted by the server, newest attempt first. */
const creditFailures = operationList(
  CREDIT_FAILURE_LIST,
  creditFailureKeys.list,
  CREDIT_FAILURE_OPERATIONS.listCreditFailures,
);

export const useCreditFailures = creditFailures.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchCreditFailures = creditFailures.prefetch;
