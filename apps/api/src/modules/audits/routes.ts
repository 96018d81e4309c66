import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditDetailResponse,
  auditListQuery,
  auditListResponse,
  auditSavedResponse,
  createAuditRequest,
  errorResponse,
  idParams,
  updateAuditRequest,
  validateProcessQuery,
  validateProcessResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { validateProcess } from './eligibility';
import { createAuditsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 503: errorResponse };
const saveErrors = { ...errors, 409: errorResponse, 422: errorResponse };

/** Audits (spec 3 §7 "Audits"; decisions 030, 041). Who: API_PERMISSIONS. */
export async function auditRoutes(
  app: FastifyInstance,
  { deps }: { deps: Pick<AppDeps, 'db' | 'adapters' | 'clock'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const audits = createAuditsService(deps);
  const tags = ['audits'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/audits/validate-process',
    {
      schema: {
        tags,
        security,
        summary: 'May the dealer draw on this account and company on this day? (the pre-checks’ facts and verdict)',
        description:
          'Type 5: its own account and company (the default). Other types: `account` and `company` within their ' +
          'scope. `date` YYYY-MM-DD, today (Mexico City) by default.',
        querystring: validateProcessQuery,
        response: { 200: validateProcessResponse, ...errors },
      },
    },
    async (request) => ({ data: await validateProcess(deps, currentUser(request), request.query) }),
  );

  r.get(
    '/api/audits',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s own audits (registerBy) in its accounts, paged (default: company name ascending)',
        description: '`from`/`to` (YYYY-MM-DD) keep the audits whose days touch that range; `all=true` answers all.',
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (request) => ({ data: await audits.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/audits/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of the caller’s audits',
        params: idParams,
        response: { 200: auditDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await audits.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/audits',
    {
      schema: {
        tags,
        security,
        summary: 'Register an audit (the company must be of the account; the end day not before the start)',
        body: createAuditRequest,
        response: { 201: auditSavedResponse, ...saveErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await audits.create(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/audits/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an audit, at the version the form read (409 when it moved on)',
        params: idParams,
        body: updateAuditRequest,
        response: { 200: auditSavedResponse, ...saveErrors },
      },
    },
    async (request) => audits.update(currentUser(request), request.params.id, request.body, request.id),
  );
}
