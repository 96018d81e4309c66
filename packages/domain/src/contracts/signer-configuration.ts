import { z } from 'zod';
import { SIGNATURE_CONFIG_VERSION, TEXT_MAX } from '../limits';
import { MESSAGES, maxChars } from '../messages';
import { ORGANISATION_MESSAGES } from '../messages-organisation';
import { envelope } from './common';

const creditLine = z.string().trim().min(1, { message: MESSAGES.required }).max(50);
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** GET /accounts/signatureConfig: the configuration of one company and credit line. */
export const signatureConfigQuery = z.object({ companyId: id, creditLine });
export type SignatureConfigQuery = z.infer<typeof signatureConfigQuery>;

/** One signature of the configuration (spec 2 §3). */
export const signatureInput = z.object({
  keySigner: z.string().trim().min(1).max(100),
  signerId: z.string().trim().max(100),
  isCustom: z.boolean(),
  isJoint: z.boolean(),
  selectedValue: z.string().max(2000).default(''),
  // signedBy, isLegal and clientId are the server's to fill from the CRM; a client may send them (spec 2 §3).
  signedBy: z.string().optional(),
  isLegal: z.boolean().optional(),
  clientId: z.string().optional(),
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
export const customSignerQuery = z.object({ companyId: id.optional(), creditLine: creditLine.optional() });
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
const fullName = z
  .string()
  .trim()
  .min(1, { message: MESSAGES.required })
  .max(TEXT_MAX, { message: maxChars(TEXT_MAX) });
export const createCustomSignerRequest = z.object({ fullName, companyId: id, creditLine });
export type CreateCustomSignerRequest = z.infer<typeof createCustomSignerRequest>;
export const updateCustomSignerRequest = z.object({ fullName });
export const customSignerDeletedResponse = envelope(z.object({ id: z.number().int() }));
