import type { FastifyInstance } from 'fastify';
import { ACCOUNT_OPERATIONS as op, AppErrorCode, ORGANISATION_MESSAGES } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { AccountsService } from './service';

/** A race the wizard's own check lost answers as the check does (decision 067): the e-mail is a legal representative's. */
const uniqueConflicts = {
  users_email_unique: { code: AppErrorCode.CONFLICT, message: ORGANISATION_MESSAGES.legalEmailTaken },
};

/**
 * Accounts (spec 2 §7 "Accounts"), declared in packages/domain/src/operations/accounts.ts; the list is the
 * organisation look-up's GET /api/accounts.
 */
export async function accountRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsService }) {
  operationRoute(app, op.getAccount, readRow(accounts.get));
  operationRoute(
    app,
    op.createAccount,
    ({ body }, request) => accounts.create(currentUser(request), body, request.id),
    { config: { uniqueConflicts } },
  );
  operationRoute(
    app,
    op.updateAccount,
    ({ params, body }, request) => accounts.update(currentUser(request), params.id, body, request.id),
    { config: { uniqueConflicts } },
  );
  operationRoute(app, op.setAccountActive, ({ params, body }, request) =>
    accounts.setActive(currentUser(request), params.id, body.active, request.id),
  );
  operationRoute(app, op.archiveAccount, ({ params }, request) =>
    accounts.archive(currentUser(request), params.id, request.id),
  );
  operationRoute(app, op.assignAccountOperator, ({ params, body }, request) =>
    accounts.assignOperator(currentUser(request), params.id, body.userId, request.id),
  );
}
