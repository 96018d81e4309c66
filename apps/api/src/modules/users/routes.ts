import type { FastifyInstance } from 'fastify';
import { USER_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { createRow, listRows } from '../../platform/crud';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import type { UsersService } from './service';

/** Users (spec 1 §7), declared in packages/domain/src/operations/users.ts; which rows, the users policy (spec 1 §6). */
export async function userRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  operationRoute(app, op.listUsers, listRows(users.list));
  operationRoute(app, op.getUser, readRow(users.get));
  operationRoute(app, op.createUser, createRow(users.create));
  operationRoute(app, op.updateUser, actOnRow(users.update));
  operationRoute(app, op.setUserActive, actOnRow(users.setActive));
  operationRoute(app, op.resendTemporaryPassword, ({ params }, request) =>
    users.resend(currentUser(request), params.id, request.id),
  );
  operationRoute(app, op.getUserCompanies, readRow(users.companiesOf));
}
