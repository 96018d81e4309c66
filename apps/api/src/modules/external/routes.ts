import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientNumberParams,
  creditLineParams,
  errorResponse,
  externalClientsResponse,
  externalCreditLinesResponse,
  externalGuarantorsResponse,
  externalInventoryQuery,
  externalInventoryResponse,
  externalLegalRepresentativesResponse,
  externalVinInformationResponse,
  vinParams,
  vinValidationRequest,
  vinValidationResponse,
  VIN_LOOKUPS_PER_MINUTE,
  VIN_VALIDATIONS_PER_MINUTE,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { ExternalService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 503: errorResponse };

/**
 * The lender's systems for the screens (issue 4, decision 009). Who may call what is API_PERMISSIONS; which
 * clients, the external policy. An unreachable system answers 503 'Ocurrió un error API externa' with `detail`.
 */
export async function externalRoutes(app: FastifyInstance, { external }: { external: ExternalService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['external'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/external/clients',
    {
      schema: {
        tags,
        security,
        summary: 'The CRM’s clients (ClientesDispLinea), each with its registered company if any',
        response: { 200: externalClientsResponse, ...errors },
      },
    },
    async (request) => ({ data: await external.clients(currentUser(request)) }),
  );

  r.get(
    '/api/external/clients/:clientNumber/legal-representatives',
    {
      schema: {
        tags,
        security,
        summary: 'A client’s legal representatives in the CRM (RepresentantesLegales)',
        params: clientNumberParams,
        response: { 200: externalLegalRepresentativesResponse, ...errors },
      },
    },
    async (request) => ({
      data: await external.legalRepresentatives(currentUser(request), request.params.clientNumber),
    }),
  );

  r.get(
    '/api/external/clients/:clientNumber/credit-lines',
    {
      schema: {
        tags,
        security,
        summary: 'A client’s credit lines (ConfiguracionClientesDispLinea) with the available balance computed',
        params: clientNumberParams,
        response: { 200: externalCreditLinesResponse, ...errors },
      },
    },
    async (request) => ({ data: await external.creditLines(currentUser(request), request.params.clientNumber) }),
  );

  r.get(
    '/api/external/clients/:clientNumber/inventory',
    {
      schema: {
        tags,
        security,
        summary: 'A client’s credit inventory (InventarioCredito), by noCredito; from/to filter the credit start',
        params: clientNumberParams,
        querystring: externalInventoryQuery,
        response: { 200: externalInventoryResponse, ...errors },
      },
    },
    async (request) => ({
      data: await external.inventory(currentUser(request), request.params.clientNumber, request.query),
    }),
  );

  r.get(
    '/api/external/credit-lines/:creditLine/guarantors',
    {
      schema: {
        tags,
        security,
        summary: 'The guarantors of a credit line (Avales), corporate ones with their legal representatives',
        params: creditLineParams,
        response: { 200: externalGuarantorsResponse, ...errors },
      },
    },
    async (request) => ({ data: await external.guarantors(currentUser(request), request.params.creditLine) }),
  );

  r.get(
    '/api/external/vins/:vin',
    {
      schema: {
        tags,
        security,
        summary: 'What the CRM knows of a VIN the caller holds or is entering (InformacionVin; decision 020)',
        params: vinParams,
        response: { 200: externalVinInformationResponse, ...errors, 429: errorResponse },
      },
      // Per user, counted once the input is valid: a dealer entering a CSV of units needs a few a minute, not more.
      config: {
        rateLimit: {
          max: VIN_LOOKUPS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => ({ data: await external.vinInformation(currentUser(request), request.params.vin) }),
  );

  r.post(
    '/api/external/vin-validations',
    {
      schema: {
        tags,
        security,
        summary: 'Validates a VIN against REPUVE, TransUnion and AX and records the verdicts',
        description:
          'A VIN that only another group’s units hold is 404 (decision 063). Rate-limited per user: ' +
          `${VIN_VALIDATIONS_PER_MINUTE} a minute, then 429.`,
        body: vinValidationRequest,
        response: { 200: vinValidationResponse, ...errors, 429: errorResponse },
      },
      // Each call asks three external systems: per user, counted once the body is valid (decision 063).
      config: {
        rateLimit: {
          max: VIN_VALIDATIONS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => ({ data: await external.validateVin(currentUser(request), request.body.vin) }),
  );
}
