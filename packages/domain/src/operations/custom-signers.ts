import {
  createCustomSignerRequest,
  customSignerDeletedResponse,
  customSignerQuery,
  customSignerResponse,
  customSignersResponse,
  updateCustomSignerRequest,
} from '../contracts/signer-configuration';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['signer-configuration'];
/** The operator who configures accounts (spec 2 §6). */
const operator = [3] as const;

/** Custom signers (spec 2 §7 "Custom signers"; decision 014). */
export const CUSTOM_SIGNER_OPERATIONS = {
  listCustomSigners: defineOperation({
    method: 'GET',
    path: '/api/custom-signers',
    tags,
    who: operator,
    summary: 'Custom signers (of a company and line when given), by company name then name',
    query: customSignerQuery,
    response: customSignersResponse,
  }),
  createCustomSigner: defineOperation({
    method: 'POST',
    path: '/api/custom-signers',
    tags,
    who: operator,
    summary: 'Adds a custom signer to a company and credit line',
    body: createCustomSignerRequest,
    response: customSignerResponse,
    status: 201,
    errors: [409, 422, 503],
    idempotent: true,
  }),
  updateCustomSigner: defineOperation({
    method: 'PUT',
    path: '/api/custom-signers/:id',
    tags,
    who: operator,
    summary: 'Renames a custom signer',
    params: idParams,
    body: updateCustomSignerRequest,
    response: customSignerResponse,
    errors: [409],
  }),
  deleteCustomSigner: defineOperation({
    method: 'DELETE',
    path: '/api/custom-signers/:id',
    tags,
    who: operator,
    summary: 'Deletes a custom signer no saved configuration uses',
    params: idParams,
    response: customSignerDeletedResponse,
    errors: [409],
  }),
} as const;
