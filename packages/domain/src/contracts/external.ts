import { z } from 'zod';
import { VIN_MAX_LENGTH, VIN_MIN_LENGTH } from '../limits';
import { badFormat } from '../messages';
import { moneyDecimal } from '../money';
import { envelope, isoDate } from './common';
import { crmGuarantor, crmInventoryRow, crmLegalRepresentative, crmVinInformation } from './crm';

// The lender's systems as the screens see them, through the API (issue 4, decision 009): the browser never
// calls the CRM, the vehicle service or AX itself. Field names stay the CRM's own Spanish ones (spec 2 §3,
// spec 3 §3), plus what the API computes (the available balance, the parsed terms); the records the API passes
// on as the CRM answered them are the CRM's own (./crm).

/** A CRM key in a path: a client number or a credit line. */
const crmKey = (item: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,50}$/, { message: badFormat(item) });

export const clientNumberParams = z.object({ clientNumber: crmKey('número de cliente') });
export type ClientNumberParams = z.infer<typeof clientNumberParams>;

export const creditLineParams = z.object({ creditLine: crmKey('línea de crédito') });
export type CreditLineParams = z.infer<typeof creditLineParams>;

export const vin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9]{${VIN_MIN_LENGTH},${VIN_MAX_LENGTH}}$`), { message: badFormat('VIN') });

export const vinParams = z.object({ vin });
export type VinParams = z.infer<typeof vinParams>;

export const externalClient = z.object({
  numeroCliente: z.string(),
  nombreEmpresa: z.string(),
  razonSocial: z.string(),
  /** The company already registered for this client, if any (the account wizard offers the others). */
  companyId: z.number().int().nullable(),
});
export const externalClientsResponse = envelope(z.array(externalClient));
export type ExternalClient = z.infer<typeof externalClient>;

export const externalLegalRepresentative = crmLegalRepresentative;
export const externalLegalRepresentativesResponse = envelope(z.array(externalLegalRepresentative));
export type ExternalLegalRepresentative = z.infer<typeof externalLegalRepresentative>;

/** One line a client may draw on (ConfiguracionClientesDispLinea), with the balance the API computes. */
export const externalCreditLine = z.object({
  lineaCredito: z.string(),
  /** 100000000 Nuevos, 100000001 Seminuevos. */
  tipoDispLinea: z.string(),
  /** What the CRM says remains, a money decimal string ('500000.00'). */
  montoRestante: moneyDecimal,
  /** Held by this client's open provisions on the line (statuses 1–7), summed exactly by PostgreSQL. */
  reservado: moneyDecimal,
  /** montoRestante − reservado, never below 0, exact cents (spec 3 §5). */
  disponible: moneyDecimal,
  /** The CRM's text, e.g. '1|2|3|6'. */
  plazos: z.string(),
  /** The same terms, whole months, ascending, blanks dropped (each shown as 'Plazo - N'). */
  terms: z.array(z.number().int()),
  tienesSaldosPendientes: z.boolean(),
});
export const externalCreditLinesResponse = envelope(z.array(externalCreditLine));
export type ExternalCreditLine = z.infer<typeof externalCreditLine>;

export const externalGuarantor = crmGuarantor;
export const externalGuarantorsResponse = envelope(z.array(externalGuarantor));
export type ExternalGuarantor = z.infer<typeof externalGuarantor>;

export const externalInventoryQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export type ExternalInventoryQuery = z.infer<typeof externalInventoryQuery>;

/** A credit inventory row (spec 3 §3). */
export const externalInventoryRow = crmInventoryRow;
export const externalInventoryResponse = envelope(z.array(externalInventoryRow));
export type ExternalInventoryRow = z.infer<typeof externalInventoryRow>;

export const externalVinInformation = crmVinInformation;
export const externalVinInformationResponse = envelope(externalVinInformation);
export type ExternalVinInformation = z.infer<typeof externalVinInformation>;

export const vinValidationRequest = z.object({ vin });
export type VinValidationRequest = z.infer<typeof vinValidationRequest>;

const checkResult = z.object({
  valid: z.boolean(),
  /** The system's reason for a failed check, or why it could not answer. */
  reason: z.string(),
});
/** REPUVE, TransUnion and AX for one VIN (spec 3 §5): a failing or unreachable check is simply false. */
export const vinValidationResponse = envelope(
  z.object({
    vin: z.string(),
    validRepuve: z.boolean(),
    validTransunion: z.boolean(),
    validAx: z.boolean(),
    repuve: checkResult,
    transUnion: checkResult,
    ax: checkResult.extend({ conteo: z.number().int().nullable() }),
  }),
);
export type VinValidationResponse = z.infer<typeof vinValidationResponse>;
