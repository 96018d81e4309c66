import type { FastifyInstance } from 'fastify';
import { ROLE_OPERATIONS as op } from '@planpiso/domain';
import { createRow, listRows } from '../../platform/crud';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import type { RolesService } from './service';

/** Roles (spec 1 §7), declared in packages/domain/src/operations/roles.ts; which rows, the roles policy. */
export async function roleRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  operationRoute(app, op.listRoles, listRows(roles.list));
  operationRoute(app, op.getRole, readRow(roles.get));
  operationRoute(app, op.createRole, createRow(roles.create));
  operationRoute(app, op.updateRole, actOnRow(roles.update));
  operationRoute(app, op.setRoleActive, actOnRow(roles.setActive));
}
