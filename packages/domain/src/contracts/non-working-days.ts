import { z } from 'zod';
import { TEXT_MAX } from '../limits';
import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { envelope, isoDate, pageQuery, paged } from './common';
import { textSchema } from './inputs';

/**
 * The non-working day form (spec 2 §2, §5): Fecha and Motivo, each with the spec's own "required" text; the date
 * travels as YYYY-MM-DD. The reason's limit is ours (the spec's text limit, 150).
 */
export const nonWorkingDayFields = z.object({
  date: z
    .string({ error: CONFIGURATION_MESSAGES.nonWorkingDayDateRequired })
    .trim()
    .min(1, { message: CONFIGURATION_MESSAGES.nonWorkingDayDateRequired })
    .pipe(isoDate),
  reason: textSchema(TEXT_MAX, { min: 1, required: CONFIGURATION_MESSAGES.nonWorkingDayReasonRequired }),
});
export const createNonWorkingDayRequest = nonWorkingDayFields;
export type CreateNonWorkingDayRequest = z.infer<typeof createNonWorkingDayRequest>;

/** A non-working day as the screens receive it (spec 2 §3); createdAt is the Mexico City day, YYYY-MM-DD. */
export const nonWorkingDayResponse = z.object({
  id: z.number().int(),
  date: isoDate,
  reason: z.string(),
  createdAt: isoDate,
});
export type NonWorkingDayResponse = z.infer<typeof nonWorkingDayResponse>;

export const nonWorkingDayListQuery = pageQuery;
export type NonWorkingDayListQuery = z.infer<typeof nonWorkingDayListQuery>;
/**
 * Spec 2 §9 sorts non-working days "by name", a field they do not have: the newest date first instead, so the
 * coming holidays and the latest ones lead the list however many years it holds (docs/decisions/010).
 */
export const NON_WORKING_DAYS_DEFAULT_SORT = 'date:desc';

export const nonWorkingDayListResponse = paged(nonWorkingDayResponse);
/** POST /non-workings: the saved day and 'El día inhabil se ha guardado' (spec 2 §8). */
export const nonWorkingDaySavedResponse = envelope(nonWorkingDayResponse);
/** DELETE /non-workings/{id}: the removed day's id and 'El día inhabil se elimino correctamente'. */
export const nonWorkingDayDeletedResponse = envelope(z.object({ id: z.number().int() }));
