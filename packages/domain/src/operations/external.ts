import {
  clientNumberParams,
  creditLineParams,
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
} from '../contracts/external';
import { VIN_VALIDATIONS_PER_MINUTE } from '../limits';
import { defineOperation } from './operation';

const tags = ['external'];
/** Every type; which clients, the external policy. */
const everyType = [1, 2, 3, 4, 5] as const;

/**
 * The lender's systems for the screens (issue 4, decision 009). An unreachable system answers 503 'Ocurrió un error
 * API externa' with `detail`.
 */
export const EXTERNAL_OPERATIONS = {
  listCrmClients: defineOperation({
    method: 'GET',
    path: '/api/external/clients',
    tags,
    who: everyType,
    summary: 'The CRM’s clients (ClientesDispLinea), each with its registered company if any',
    response: externalClientsResponse,
    errors: [503],
  }),
  listCrmLegalRepresentatives: defineOperation({
    method: 'GET',
    path: '/api/external/clients/:clientNumber/legal-representatives',
    tags,
    who: everyType,
    summary: 'A client’s legal representatives in the CRM (RepresentantesLegales)',
    params: clientNumberParams,
    response: externalLegalRepresentativesResponse,
    errors: [503],
  }),
  listCrmCreditLines: defineOperation({
    method: 'GET',
    path: '/api/external/clients/:clientNumber/credit-lines',
    tags,
    who: everyType,
    summary: 'A client’s credit lines (ConfiguracionClientesDispLinea) with the available balance computed',
    params: clientNumberParams,
    response: externalCreditLinesResponse,
    errors: [503],
  }),
  listCrmInventory: defineOperation({
    method: 'GET',
    path: '/api/external/clients/:clientNumber/inventory',
    tags,
    who: everyType,
    summary: 'A client’s credit inventory (InventarioCredito), by noCredito; from/to filter the credit start',
    params: clientNumberParams,
    query: externalInventoryQuery,
    response: externalInventoryResponse,
    errors: [503],
  }),
  listCrmGuarantors: defineOperation({
    method: 'GET',
    path: '/api/external/credit-lines/:creditLine/guarantors',
    tags,
    who: everyType,
    summary: 'The guarantors of a credit line (Avales), corporate ones with their legal representatives',
    params: creditLineParams,
    response: externalGuarantorsResponse,
    errors: [503],
  }),
  getVinInformation: defineOperation({
    method: 'GET',
    path: '/api/external/vins/:vin',
    tags,
    who: 'authenticated',
    summary: 'What the CRM knows of a VIN the caller holds or is entering (InformacionVin; decision 020)',
    params: vinParams,
    response: externalVinInformationResponse,
    errors: [503, 429],
  }),
  validateVin: defineOperation({
    method: 'POST',
    path: '/api/external/vin-validations',
    tags,
    who: 'authenticated',
    summary: 'Validates a VIN against REPUVE, TransUnion and AX and records the verdicts',
    description:
      'A VIN that only another group’s units hold is 404 (decision 063). Rate-limited per user: ' +
      `${VIN_VALIDATIONS_PER_MINUTE} a minute, then 429.`,
    body: vinValidationRequest,
    response: vinValidationResponse,
    errors: [503, 429],
  }),
} as const;
