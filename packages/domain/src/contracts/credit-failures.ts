import { z } from 'zod';
import { INSERTION_STATUSES } from '../machines/credit-failure';
import { envelope, isoDate, pageQuery, paged, rowVersion } from './common';
import { searchText } from './inputs';

/**
 * Credit failures (spec 2 "Credit failures"): units the CRM did not take. The original screen paged on the client;
 * here the server pages, sorts (newest attempt first) and filters by folio and by the day of the last attempt.
 */
export const creditFailureListQuery = pageQuery.extend({
  folio: searchText(250),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type CreditFailureListQuery = z.infer<typeof creditFailureListQuery>;
export const CREDIT_FAILURES_DEFAULT_SORT = 'lastDate:desc';

/** A credit failure record (spec 2 §3), plus the CRM's words for why it failed. */
export const creditFailureResponse = z.object({
  id: z.number().int(),
  folio: z.string(),
  manualFolio: z.string().nullable(),
  useManualFolio: z.boolean(),
  legalName: z.string(),
  /** The line type: Nuevos or Seminuevos. */
  type: z.string(),
  creditLine: z.string(),
  /** Spelled as the spec's record spells it. */
  vinNumer: z.string(),
  /** 'dd/MM/yyyy HH:mm' (Mexico City): the screen splits it on the space into Fecha and Hora. */
  lastDate: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  /** Always 'failed' in the list; the screens ask the credit-failure machine what it allows. */
  status: z.enum(INSERTION_STATUSES),
  /** The row's version: an action sends it back, and a stale one is refused (docs/decisions/016). */
  version: z.number().int(),
});
export type CreditFailureResponse = z.infer<typeof creditFailureResponse>;
export const creditFailureListResponse = paged(creditFailureResponse);

export const archiveCreditFailureRequest = z.object({ archive: z.literal(true), version: rowVersion });
export const retryCreditFailureRequest = z.object({ retry: z.literal(true), version: rowVersion });
export const insertCreditFailureRequest = z.object({ version: rowVersion });

/** The action's outcome: the record's new state and the spec's message. */
export const creditFailureActionResponse = envelope(
  z.object({
    id: z.number().int(),
    status: z.enum(INSERTION_STATUSES),
    creditNumber: z.string().nullable(),
    version: z.number().int(),
  }),
);
