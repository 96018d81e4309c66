import { z } from 'zod';
import { envelope } from './common';

/**
 * GET /api/units/{id}/validations (issue 17, decision 035): the history of one unit's verdicts, oldest first —
 * REPUVE (1), TransUnion (2), AX (3) and its CFDI invoice (4, 'Factura') — each with its label, the verdict, the
 * system's reason and when it was taken (ISO 8601).
 */
export const unitValidationEntry = z.object({
  check: z.number().int(),
  label: z.string(),
  valid: z.boolean(),
  reason: z.string(),
  at: z.string(),
});
export type UnitValidationEntry = z.infer<typeof unitValidationEntry>;

export const unitValidationsResponse = envelope(z.array(unitValidationEntry));
export type UnitValidationsResponse = z.infer<typeof unitValidationsResponse>;
