import { z } from 'zod';
import { SIGNATURE_CONFIG_VERSION } from '../limits';
import { ORGANISATION_MESSAGES } from '../messages-organisation';
import { envelope } from './common';
import { idParam, idSchema, nameSchema, textSchema } from './inputs';

const creditLine = textSchema(50, { min: 1 });
/** Ids travel in the query string (GET) and as JSON numbers in bodies. */
const queryId = idParam();
const id = idSchema();

/** GET /accounts/signatureConfig: the configuration of one company and credit line. */
export const signatureConfigQuery = z.object({ companyId: queryId, creditLine });
export type SignatureConfigQuery = z.infer<typeof signatureConfigQuery>;

/** One signature of the configuration (spec 2 §3). */
export const signatureInput = z.object({
  keySigner: textSchema(100, { min: 1 }),
  signerId: textSchema(100),
  isCustom: z.boolean(),
  isJoint: z.boolean(),
  selectedValue: textSchema(2000).default(''),
  // signedBy, isLegal and clientId are the server's to fill from the CRM; a client may send them (spec 2 §3).
  signedBy: textSchema(2000).optional(),
  isLegal: z.boolean().optional(),
  clientId: textSchema(50).optional(),
});

/** POST /accounts/signatureConfig (spec 2 §3 "Signer configuration"): version 1 only (§9). */
export const saveSignatureConfigRequest = z.object({
  accountId: id,
  companyId: id,
  creditLine,
  isElectronic: z.boolean(),
  version: z.literal(SIGNATURE_CONFIG_VERSION, { error: ORGANISATION_MESSAGES.signatureVersionInvalid }),
  signatures: z.array(signatureInput).max(100),
});
export type SaveSignatureConfigRequest = z.infer<typeof saveSignatureConfigRequest>;

export const signature = z.object({
  keySigner: z.string(),
  signerId: z.string(),
  signedBy: z.string(),
  isLegal: z.boolean(),
  isCustom: z.boolean(),
  clientId: z.string(),
  isJoint: z.boolean(),
  selectedValue: z.string(),
});
export const signatureConfig = z.object({
  accountId: z.number().int(),
  companyId: z.number().int(),
  creditLine: z.string(),
  isElectronic: z.boolean(),
  version: z.number().int(),
  signatures: z.array(signature),
  updatedAt: z.string(),
});
export type SignatureConfig = z.infer<typeof signatureConfig>;
export const signatureConfigResponse = envelope(signatureConfig.nullable());

/** Custom signers (spec 2 §3): name and day; listed per company and credit line, by company name then name. */
export const customSignerQuery = z.object({ companyId: queryId.optional(), creditLine: creditLine.optional() });
export const customSigner = z.object({
  id: z.number().int(),
  fullName: z.string(),
  createdAt: z.string(),
  companyId: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  creditLine: z.string(),
});
export type CustomSigner = z.infer<typeof customSigner>;
export const customSignersResponse = envelope(z.array(customSigner));
export const customSignerResponse = envelope(customSigner);
const fullName = nameSchema();
export const createCustomSignerRequest = z.object({ fullName, companyId: id, creditLine });
export type CreateCustomSignerRequest = z.infer<typeof createCustomSignerRequest>;
export const updateCustomSignerRequest = z.object({ fullName });
export const customSignerDeletedResponse = envelope(z.object({ id: z.number().int() }));
