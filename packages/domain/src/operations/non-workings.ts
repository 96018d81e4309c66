import {
  createNonWorkingDayRequest,
  nonWorkingDayDeletedResponse,
  nonWorkingDayListQuery,
  nonWorkingDayListResponse,
  nonWorkingDaySavedResponse,
} from '../contracts/non-working-days';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['non-workings'];
/** Días inhábiles (spec 2 §7): the super user's menu only (spec 1 §6). */
const superUser = [1] as const;

/** Non-working days (spec 2 §7: GET, POST /non-workings; DELETE /non-workings/{id}). */
export const NON_WORKING_OPERATIONS = {
  listNonWorkingDays: defineOperation({
    method: 'GET',
    path: '/api/non-workings',
    tags,
    who: superUser,
    summary: 'Non-working days, paged (default: newest date first)',
    query: nonWorkingDayListQuery,
    response: nonWorkingDayListResponse,
  }),
  createNonWorkingDay: defineOperation({
    method: 'POST',
    path: '/api/non-workings',
    tags,
    who: superUser,
    summary: 'Register a non-working day (a day already registered answers 409)',
    body: createNonWorkingDayRequest,
    response: nonWorkingDaySavedResponse,
    status: 201,
    errors: [409],
    idempotent: true,
  }),
  deleteNonWorkingDay: defineOperation({
    method: 'DELETE',
    path: '/api/non-workings/:id',
    tags,
    who: superUser,
    summary: 'Delete a non-working day',
    params: idParams,
    response: nonWorkingDayDeletedResponse,
  }),
} as const;
