import {
  completeNewPasswordRequest,
  completeNewPasswordResponse,
  confirmForgotPasswordRequest,
  forgotPasswordRequest,
  forgotPasswordResponse,
  identitySessionResponse,
  okResponse,
  refreshResponse,
  signInRequest,
  signInResponse,
} from '../contracts/identity';
import { defineOperation } from './operation';

const tags = ['identity'];

/**
 * Where every identity operation lives, and so the refresh cookie's Path: the browser sends the cookie to these
 * calls and to no other (identity.test.ts checks each path below is under it). The web reads a 401 from under it
 * as the screen's business (a wrong password), never as the end of the session.
 */
export const IDENTITY_PATH = '/api/identity';

/** Whether `path` is one of the identity operations' (under IDENTITY_PATH). */
export const isIdentityPath = (path: string): boolean => path.startsWith(`${IDENTITY_PATH}/`);

/**
 * Identity (ARCHITECTURE §5): signing in and out, the temporary and forgotten password, the refresh cookie. Public
 * but the session check: no session exists yet, or the refresh cookie and the Bearer token carry their own authority.
 */
export const IDENTITY_OPERATIONS = {
  signIn: defineOperation({
    method: 'POST',
    path: '/api/identity/sign-in',
    tags,
    who: 'public',
    summary: 'Sign in with e-mail and password',
    body: signInRequest,
    response: signInResponse,
    errors: [429],
  }),
  completeNewPassword: defineOperation({
    method: 'POST',
    path: '/api/identity/complete-new-password',
    tags,
    who: 'public',
    summary: 'Replace a temporary password (after a NEW_PASSWORD_REQUIRED challenge)',
    body: completeNewPasswordRequest,
    response: completeNewPasswordResponse,
  }),
  forgotPassword: defineOperation({
    method: 'POST',
    path: '/api/identity/forgot-password',
    tags,
    who: 'public',
    summary: 'Mail a 6-digit recovery code (always answers 200)',
    body: forgotPasswordRequest,
    response: forgotPasswordResponse,
  }),
  confirmForgotPassword: defineOperation({
    method: 'POST',
    path: '/api/identity/confirm-forgot-password',
    tags,
    who: 'public',
    summary: 'Set a new password with the mailed recovery code',
    body: confirmForgotPasswordRequest,
    response: okResponse,
    errors: [429],
  }),
  refresh: defineOperation({
    method: 'POST',
    path: '/api/identity/refresh',
    tags,
    who: 'public',
    summary: 'New access token from the refresh cookie (rotates the cookie)',
    response: refreshResponse,
  }),
  signOut: defineOperation({
    method: 'POST',
    path: '/api/identity/sign-out',
    tags,
    who: 'public',
    summary: 'End every session of the user (refresh cookie, or Bearer token) and clear the cookie',
    response: okResponse,
  }),
  session: defineOperation({
    method: 'GET',
    path: '/api/identity/session',
    tags,
    who: 'authenticated',
    summary: 'The current access token’s claims',
    response: identitySessionResponse,
  }),
} as const;
