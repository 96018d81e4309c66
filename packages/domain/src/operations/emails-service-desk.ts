import {
  createServiceDeskEmailRequest,
  serviceDeskEmailDeletedResponse,
  serviceDeskEmailDetailResponse,
  serviceDeskEmailListQuery,
  serviceDeskEmailListResponse,
  serviceDeskEmailSavedResponse,
  updateServiceDeskEmailRequest,
} from '../contracts/service-desk-emails';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['emails-service-desk'];
/** Correos mesa de servicio (spec 2 §7): the super user's menu only (spec 1 §6). */
const superUser = [1] as const;

/** Service-desk e-mails (spec 2 §7: /emails-service-desk). */
export const SERVICE_DESK_EMAIL_OPERATIONS = {
  listServiceDeskEmails: defineOperation({
    method: 'GET',
    path: '/api/emails-service-desk',
    tags,
    who: superUser,
    summary: 'Service-desk e-mails, filtered by part of the address, paged (default: e-mail ascending)',
    query: serviceDeskEmailListQuery,
    response: serviceDeskEmailListResponse,
  }),
  getServiceDeskEmail: defineOperation({
    method: 'GET',
    path: '/api/emails-service-desk/:id',
    tags,
    who: superUser,
    summary: 'One service-desk e-mail',
    params: idParams,
    response: serviceDeskEmailDetailResponse,
  }),
  createServiceDeskEmail: defineOperation({
    method: 'POST',
    path: '/api/emails-service-desk',
    tags,
    who: superUser,
    summary: 'Add an address (stored lower-case; one already listed answers 409)',
    body: createServiceDeskEmailRequest,
    response: serviceDeskEmailSavedResponse,
    status: 201,
    errors: [409],
    idempotent: true,
  }),
  updateServiceDeskEmail: defineOperation({
    method: 'PUT',
    path: '/api/emails-service-desk/:id',
    tags,
    who: superUser,
    summary: 'Change an address (one already listed answers 409)',
    params: idParams,
    body: updateServiceDeskEmailRequest,
    response: serviceDeskEmailSavedResponse,
    errors: [409],
  }),
  deleteServiceDeskEmail: defineOperation({
    method: 'DELETE',
    path: '/api/emails-service-desk/:id',
    tags,
    who: superUser,
    summary: 'Remove an address',
    params: idParams,
    response: serviceDeskEmailDeletedResponse,
  }),
} as const;
