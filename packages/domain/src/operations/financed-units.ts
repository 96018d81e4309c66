import { fileDownloadResponse } from '../contracts/files';
import { idParams } from '../contracts/common';
import {
  financedUnitBalanceQuery,
  financedUnitBalanceResponse,
  financedUnitDetailResponse,
  financedUnitExportQuery,
  financedUnitListQuery,
  financedUnitListResponse,
  reportFinancedUnitSaleRequest,
} from '../contracts/financed-units';
import { defineOperation } from './operation';

const tags = ['financed-units'];
/** The lender (1, 2, 3 within its accounts) and the dealer (4, 5 within its companies), scoped as provisions are. */
const everyType = [1, 2, 3, 4, 5] as const;
/** The dealer reports its own sales (issue 29 item 2). */
const dealer = [4, 5] as const;

const FILTER_NOTES =
  'Filters: vin (contains), company, agency, status (may repeat), from/to (release days, inclusive), folio. ' +
  'Sort releasedOn:desc by default; also endsOn, vin, amount, status, companyName, folio.';

/** The financed-units register (issue 29 item 1): every released unit until it is paid. */
export const FINANCED_UNIT_OPERATIONS = {
  listFinancedUnits: defineOperation({
    method: 'GET',
    path: '/api/financed-units',
    tags,
    who: everyType,
    summary: 'The released units the caller sees (provisions’ scope), paged, filtered and sorted by the server',
    description: FILTER_NOTES,
    query: financedUnitListQuery,
    response: financedUnitListResponse,
  }),
  exportFinancedUnits: defineOperation({
    method: 'GET',
    path: '/api/financed-units/export',
    tags,
    who: everyType,
    summary: "The register as an XLSX, 'Unidades financiadas (DD-MM-YYYY).xlsx': the list's rows, every page",
    description: `${FILTER_NOTES} At most 20,000 rows.`,
    query: financedUnitExportQuery,
    response: fileDownloadResponse,
  }),
  getFinancedUnit: defineOperation({
    method: 'GET',
    path: '/api/financed-units/:id',
    tags,
    who: everyType,
    summary: 'One financed unit with its whole history (released, sold, audited, paid); out of scope → 404',
    params: idParams,
    response: financedUnitDetailResponse,
  }),
  getFinancedUnitBalance: defineOperation({
    method: 'GET',
    path: '/api/financed-units/:id/balance',
    tags,
    who: everyType,
    summary: "The credit's money asked of the CRM now, and a payoff quote for a day (default today)",
    description:
      'Outside any transaction. The CRM down → live false, the last balance the reconciliation kept and a Spanish ' +
      'notice (200); a unit without a credit number → balance null with its notice; out of scope → 404.',
    params: idParams,
    query: financedUnitBalanceQuery,
    response: financedUnitBalanceResponse,
  }),
  reportFinancedUnitSale: defineOperation({
    method: 'POST',
    path: '/api/financed-units/:id/sale',
    tags,
    who: dealer,
    summary: 'Reportar venta: a current unit becomes Vendida (por liquidar), its payoff due after the grace period',
    description:
      'soldAt not after today nor before the release (422); a unit not Vigente → 409; out of scope → 404; ' +
      'evidenceFileId must be an upload of the caller’s (422). Sends back the version read (stale → 409).',
    params: idParams,
    body: reportFinancedUnitSaleRequest,
    response: financedUnitDetailResponse,
    errors: [409, 422],
  }),
} as const;
