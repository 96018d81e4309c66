import { USER_OPERATIONS, USERS_DEFAULT_SORT, type UserResponse } from '@planpiso/domain';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const USER_FILTERS = ['name', 'email', 'account', 'company', 'agency', 'role', 'from', 'to'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export type UserPage = { items: UserResponse[]; total: number; totalIsEstimate?: true };

export const userKeys = listKeys<UserFilter>('users');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const USER_LIST = listSpec<UserFilter>(USER_FILTERS, USERS_DEFAULT_SORT);

/** GET /api/users (spec 1 §7): the caller's scope, paged and sorted by the server. */
const users = operationList(USER_LIST, userKeys.list, USER_OPERATIONS.listUsers);

export const useUsers = users.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchUsers = users.prefetch;
