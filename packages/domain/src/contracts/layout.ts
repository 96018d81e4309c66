import { z } from 'zod';
import { LAYOUT_MESSAGES } from '../messages-financing';
import { LAYOUT_NOT_APPLICABLE, LAYOUT_TERM_MAX, LAYOUT_TERM_MIN } from '../financing/layout';

/**
 * The layout generator's calls (spec 3 §2, §3 "Layout row", §5, §7 "Layout"; issue 19; docs/decisions/043).
 * `months` is the months of anticipation: required, a whole number above 0 ('Los meses de anticipación son
 * requeridos', 422 through the validation error).
 */
export const layoutMonths = z.coerce
  .number({ message: LAYOUT_MESSAGES.monthsRequired })
  .int({ message: LAYOUT_MESSAGES.monthsRequired })
  .min(1, { message: LAYOUT_MESSAGES.monthsRequired })
  .max(120, { message: LAYOUT_MESSAGES.monthsRequired });

export const layoutGenerateQuery = z.object({ months: layoutMonths });
export type LayoutGenerateQuery = z.infer<typeof layoutGenerateQuery>;

/** A suggested term: 1 to 6 months, or 'N/A' (a computed one may exceed 6: it is shown, not applied). */
export const layoutTerm = z.union([z.number().int(), z.literal(LAYOUT_NOT_APPLICABLE)]);

/** The layout row of spec 3 §3; dates YYYY-MM-DD, saldoCapital a decimal string (2 places). */
export const layoutRow = z.object({
  unitId: z.number().int(),
  asignacion: z.string(),
  agencia: z.string(),
  contrato: z.string(),
  /** The provision's term in months. */
  plazo: z.number().int().nullable(),
  modelo: z.string(),
  vin: z.string(),
  tasa: z.number(),
  saldoCapital: z.string(),
  /** The CRM's audit flag. */
  finbeCob: z.boolean(),
  fechaInicio: z.string(),
  fechaVencimiento: z.string(),
  diasTranscurridos: z.number().int(),
  plazoFinanciamiento: z.number().int(),
  diasRescate: z.number().int(),
  plazoSugerido: layoutTerm,
  puedeRefinanciar: z.boolean(),
  tipo: z.string(),
  noCredito: z.string(),
});
export type LayoutRow = z.infer<typeof layoutRow>;
export const layoutGenerateResponse = z.object({ data: z.array(layoutRow) });

/** Spec 3 §7: `POST /layouts/apply` units [unitId, deadlines, canRefinancing]. */
export const layoutApplyUnit = z
  .object({
    unitId: z.number().int().positive(),
    deadlines: z
      .number()
      .int()
      .min(LAYOUT_TERM_MIN, { message: LAYOUT_MESSAGES.termOutOfRange })
      .max(LAYOUT_TERM_MAX, { message: LAYOUT_MESSAGES.termOutOfRange })
      .nullable(),
    canRefinancing: z.boolean(),
  })
  .refine((unit) => !unit.canRefinancing || unit.deadlines !== null, {
    message: LAYOUT_MESSAGES.termOutOfRange,
    path: ['deadlines'],
  });
export const layoutApplyRequest = z.object({ units: z.array(layoutApplyUnit).max(5000) });
export type LayoutApplyRequest = z.infer<typeof layoutApplyRequest>;
export const layoutApplyResponse = z.object({ message: z.string(), data: z.object({ applied: z.number().int() }) });

/**
 * Descargar: the layout of `months` as generated, with the rows' edited terms (`terms`, by unitId) written over the
 * suggestion. Answers 'Layout (DD-MM-YYYY).xlsx'.
 */
export const layoutDownloadRequest = z.object({
  months: layoutMonths,
  terms: z
    .array(z.object({ unitId: z.number().int().positive(), plazoSugerido: layoutTerm }))
    .max(5000)
    .default([]),
});
export type LayoutDownloadRequest = z.infer<typeof layoutDownloadRequest>;
