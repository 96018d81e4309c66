import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createCustomSignerRequest,
  customSignerDeletedResponse,
  customSignerQuery,
  customSignerResponse,
  customSignersResponse,
  errorResponse,
  idParams,
  saveSignatureConfigRequest,
  signatureConfigQuery,
  signatureConfigResponse,
  updateCustomSignerRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { SignerConfigurationService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Signer configuration and custom signers (spec 2 §7 "Accounts", "Custom signers"; decision 014). */
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

  r.get(
    '/api/custom-signers',
    {
      schema: {
        tags,
        security,
        summary: 'Custom signers (of a company and line when given), by company name then name',
        querystring: customSignerQuery,
        response: { 200: customSignersResponse, ...errors },
      },
    },
    async (request) => ({ data: await signers.listCustomSigners(currentUser(request), request.query) }),
  );

  r.post(
    '/api/custom-signers',
    {
      schema: {
        tags,
        security,
        summary: 'Adds a custom signer to a company and credit line',
        body: createCustomSignerRequest,
        response: { 201: customSignerResponse, ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await signers.createCustomSigner(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/custom-signers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Renames a custom signer',
        params: idParams,
        body: updateCustomSignerRequest,
        response: { 200: customSignerResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) =>
      signers.updateCustomSigner(currentUser(request), request.params.id, request.body.fullName, request.id),
  );

  r.delete(
    '/api/custom-signers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a custom signer no saved configuration uses',
        params: idParams,
        response: { 200: customSignerDeletedResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => signers.deleteCustomSigner(currentUser(request), request.params.id, request.id),
  );
}
