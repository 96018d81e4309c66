import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppErrorCode,
  accountActiveResponse,
  accountChangedResponse,
  accountDetailResponse,
  accountSavedResponse,
  createAccountRequest,
  archiveAccountRequest,
  assignOperatorRequest,
  errorResponse,
  idParams,
  ORGANISATION_MESSAGES,
  setActiveRequest,
  updateAccountRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { AccountsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
/** A race the wizard's own check lost answers as the check does (decision 067): the e-mail is a legal representative's. */
const uniqueConflicts = {
  users_email_unique: { code: AppErrorCode.CONFLICT, message: ORGANISATION_MESSAGES.legalEmailTaken },
};

/** Accounts (spec 2 §7 "Accounts"); the list is the organisation look-up's GET /api/accounts. */
export async function accountRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/accounts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One account with its companies and their legal representatives (the view modal)',
        params: idParams,
        response: { 200: accountDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await accounts.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/accounts',
    {
      config: { uniqueConflicts },
      schema: {
        tags,
        security,
        summary:
          'The account wizard: account, companies and legal representatives (mailed temporary passwords), all or nothing',
        body: createAccountRequest,
        response: { 201: accountSavedResponse, ...errors, 409: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await accounts.create(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/accounts/:id',
    {
      config: { uniqueConflicts },
      schema: {
        tags,
        security,
        summary:
          'The account edit: its companies as they should be (kept, with a new legal representative, added, removed); the account data is read-only',
        params: idParams,
        body: updateAccountRequest,
        response: { 200: accountSavedResponse, ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse },
      },
    },
    async (request) => accounts.update(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/accounts/:id/active',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate an account; answers the value it now has',
        params: idParams,
        body: setActiveRequest,
        response: { 200: accountActiveResponse, ...errors },
      },
    },
    async (request) => accounts.setActive(currentUser(request), request.params.id, request.body.active, request.id),
  );

  r.patch(
    '/api/accounts/:id/archive',
    {
      schema: {
        tags,
        security,
        summary: 'Archive an account: it leaves every list',
        params: idParams,
        body: archiveAccountRequest,
        response: { 200: accountChangedResponse, ...errors },
      },
    },
    async (request) => accounts.archive(currentUser(request), request.params.id, request.id),
  );

  r.patch(
    '/api/accounts/:id/assign',
    {
      schema: {
        tags,
        security,
        summary: 'Change the operator (an active type 3 user) assigned to an account',
        params: idParams,
        body: assignOperatorRequest,
        response: { 200: accountChangedResponse, ...errors, 422: errorResponse },
      },
    },
    async (request) =>
      accounts.assignOperator(currentUser(request), request.params.id, request.body.userId, request.id),
  );
}
