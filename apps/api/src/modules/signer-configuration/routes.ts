import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOM_SIGNER_OPERATIONS as op,
  errorResponse,
  saveSignatureConfigRequest,
  signatureConfigQuery,
  signatureConfigResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { SignerConfigurationService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * Signer configuration and custom signers (spec 2 §7 "Accounts", "Custom signers"; decision 014); the custom signers
 * are declared in packages/domain/src/operations/custom-signers.ts.
 */
export async function signerConfigurationRoutes(
  app: FastifyInstance,
  { signers }: { signers: SignerConfigurationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signer-configuration'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/accounts/signatureConfig',
    {
      schema: {
        tags,
        security,
        summary: 'The signer configuration of a company and credit line (null when none is saved)',
        querystring: signatureConfigQuery,
        response: { 200: signatureConfigResponse, ...errors },
      },
    },
    async (request) => ({ data: await signers.getConfig(currentUser(request), request.query) }),
  );

  r.post(
    '/api/accounts/signatureConfig',
    {
      schema: {
        tags,
        security,
        summary:
          'Saves who signs for each party of the line (company legal representatives, guarantors), replacing the previous configuration',
        body: saveSignatureConfigRequest,
        response: { 200: signatureConfigResponse, ...errors, 422: errorResponse, 503: errorResponse },
      },
    },
    async (request) => signers.saveConfig(currentUser(request), request.body, request.id),
  );

  operationRoute(app, op.listCustomSigners, async ({ query }, request) => ({
    data: await signers.listCustomSigners(currentUser(request), query),
  }));
  operationRoute(app, op.createCustomSigner, ({ body }, request) =>
    signers.createCustomSigner(currentUser(request), body, request.id),
  );
  operationRoute(app, op.updateCustomSigner, ({ params, body }, request) =>
    signers.updateCustomSigner(currentUser(request), params.id, body.fullName, request.id),
  );
  operationRoute(app, op.deleteCustomSigner, ({ params }, request) =>
    signers.deleteCustomSigner(currentUser(request), params.id, request.id),
  );
}
