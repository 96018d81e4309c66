import type { FastifyInstance } from 'fastify';
import { AUTH_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { AuthService } from './service';

/** The session user (spec 1 §3, §7), declared in packages/domain/src/operations/auth.ts. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  operationRoute(app, op.login, async (_input, request) => ({ data: await auth.login(currentUser(request)) }));
  operationRoute(app, op.setInformation, async ({ body }, request) => ({
    data: await auth.setInformation(currentUser(request), body, request.id),
  }));
}
