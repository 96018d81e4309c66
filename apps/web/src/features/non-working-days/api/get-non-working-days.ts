import { NON_WORKING_DAYS_DEFAULT_SORT, NON_WORKING_OPERATIONS, type NonWorkingDayResponse } from '@planpiso/domain';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const NON_WORKING_DAY_FILTERS = [] as const;
export type NonWorkingDayFilter = (typeof NON_WORKING_DAY_FILTERS)[number];
export type NonWorkingDayPage = { items: NonWorkingDayResponse[]; total: number; totalIsEstimate?: true };

export const nonWorkingDayKeys = listKeys<NonWorkingDayFilter>('non-working-days');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const NON_WORKING_DAY_LIST = listSpec<NonWorkingDayFilter>(
  NON_WORKING_DAY_FILTERS,
  NON_WORKING_DAYS_DEFAULT_SORT,
);

/** GET /api/non-workings (spec 2 §7), newest date first. */
const nonWorkingDays = operationList(
  NON_WORKING_DAY_LIST,
  nonWorkingDayKeys.list,
  NON_WORKING_OPERATIONS.listNonWorkingDays,
);

export const useNonWorkingDays = nonWorkingDays.useList;
/** Starts the list call for this URL as the navigation starts (issue 15). */
export const prefetchNonWorkingDays = nonWorkingDays.prefetch;
