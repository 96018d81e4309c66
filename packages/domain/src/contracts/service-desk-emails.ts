import { z } from 'zod';
import { TEXT_MAX } from '../limits';
import { MESSAGES, maxChars } from '../messages';
import { CONFIGURATION_MESSAGES } from '../messages-configuration';
import { envelope, isoDate, pageQuery, paged } from './common';
import { searchText } from './inputs';

/**
 * The service-desk e-mail form (spec 2 §2, §5): one required 'Correo electrónico', 1–150 characters, a valid
 * e-mail; a value that is not one gets 'El correo ingresado no tiene el formato correcto'.
 */
export const serviceDeskEmailFields = z.object({
  email: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { message: MESSAGES.required })
    .max(TEXT_MAX, { message: maxChars(TEXT_MAX) })
    .pipe(z.email({ message: CONFIGURATION_MESSAGES.serviceDeskEmailInvalid })),
});
export const createServiceDeskEmailRequest = serviceDeskEmailFields;
export type CreateServiceDeskEmailRequest = z.infer<typeof createServiceDeskEmailRequest>;
export const updateServiceDeskEmailRequest = serviceDeskEmailFields;
export type UpdateServiceDeskEmailRequest = z.infer<typeof updateServiceDeskEmailRequest>;

/**
 * A service-desk e-mail (spec 2 §3). The spec's entity also names company.name, but neither the form nor the list
 * has a company: the addresses are the lender's own (docs/decisions/010). createdAt is YYYY-MM-DD.
 */
export const serviceDeskEmailResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  createdAt: isoDate,
});
export type ServiceDeskEmailResponse = z.infer<typeof serviceDeskEmailResponse>;

export const serviceDeskEmailListQuery = pageQuery.extend({
  /** Part of the address, any case (spec 2 §2: filter by e-mail). */
  email: searchText(TEXT_MAX),
});
export type ServiceDeskEmailListQuery = z.infer<typeof serviceDeskEmailListQuery>;
/** Spec 2 §9 sorts these "by company name", which they do not carry: by e-mail ascending (decision 010). */
export const SERVICE_DESK_EMAILS_DEFAULT_SORT = 'email:asc';

export const serviceDeskEmailListResponse = paged(serviceDeskEmailResponse);
export const serviceDeskEmailDetailResponse = envelope(serviceDeskEmailResponse);
/** POST and PUT: the saved address and 'El correo [{email}] se ha guardado' (spec 2 §8). */
export const serviceDeskEmailSavedResponse = envelope(serviceDeskEmailResponse);
/** DELETE: the removed address's id and 'El correo se elimino correctamente'. */
export const serviceDeskEmailDeletedResponse = envelope(z.object({ id: z.number().int() }));
