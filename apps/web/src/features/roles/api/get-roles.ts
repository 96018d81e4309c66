import { ROLE_OPERATIONS, ROLES_DEFAULT_SORT, type RoleResponse } from '@planpiso/domain';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const ROLE_FILTERS = ['name', 'from', 'to'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];
export type RolePage = { items: RoleResponse[]; total: number; totalIsEstimate?: true };

export const roleKeys = listKeys<RoleFilter>('roles');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const ROLE_LIST = listSpec<RoleFilter>(ROLE_FILTERS, ROLES_DEFAULT_SORT);

/** GET /api/roles (spec 1 §7): types 2, 3 and 4 list only the roles they registered (spec 1 §6). */
const roles = operationList(ROLE_LIST, roleKeys.list, ROLE_OPERATIONS.listRoles);

export const useRoles = roles.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchRoles = roles.prefetch;
