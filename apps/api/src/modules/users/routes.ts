import type { FastifyInstance } from 'fastify';
import { USER_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { UsersService } from './service';

/** Users (spec 1 §7), declared in packages/domain/src/operations/users.ts; which rows, the users policy (spec 1 §6). */
export async function userRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  operationRoute(app, op.listUsers, async ({ query }, request) => ({
    data: await users.list(currentUser(request), query),
  }));
  operationRoute(app, op.getUser, async ({ params }, request) => ({
    data: await users.get(currentUser(request), params.id),
  }));
  operationRoute(app, op.createUser, ({ body }, request) => users.create(currentUser(request), body, request.id));
  operationRoute(app, op.updateUser, ({ params, body }, request) =>
    users.update(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.setUserActive, ({ params, body }, request) =>
    users.setActive(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.resendTemporaryPassword, ({ params }, request) =>
    users.resend(currentUser(request), params.id, request.id),
  );
  operationRoute(app, op.getUserCompanies, async ({ params }, request) => ({
    data: await users.companiesOf(currentUser(request), params.id),
  }));
}
