import { loginRequest, loginResponse, setInformationRequest, setInformationResponse } from '../contracts/auth';
import { defineOperation } from './operation';

const tags = ['auth'];

/** The session user (spec 1 §3, §7): read after sign-in, and the active company switched. */
export const AUTH_OPERATIONS = {
  login: defineOperation({
    method: 'POST',
    path: '/api/auth/login',
    tags,
    who: 'authenticated',
    summary: 'The signed-in user’s session user and its signed copy',
    body: loginRequest.nullish(),
    response: loginResponse,
  }),
  setInformation: defineOperation({
    method: 'POST',
    path: '/api/auth/set-information',
    tags,
    who: [4, 5],
    summary: 'Switch the active company (types 4 and 5)',
    body: setInformationRequest,
    response: setInformationResponse,
  }),
} as const;
