import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IDENTITY_ERROR,
  completeNewPasswordRequest,
  completeNewPasswordResponse,
  confirmForgotPasswordRequest,
  errorResponse,
  forgotPasswordRequest,
  forgotPasswordResponse,
  identitySessionResponse,
  okResponse,
  refreshResponse,
  signInRequest,
  signInResponse,
} from '@planpiso/domain';
import { bearerToken } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { unauthorized } from '../../platform/errors';
import type { IdentityService, IssuedTokens } from './service';

/** The httpOnly refresh cookie; scoped to /api/identity so no other request (and no page script) carries it. */
export const REFRESH_COOKIE = 'pp_refresh';
const COOKIE_PATH = '/api/identity';

export type IdentityRoutesOptions = { identity: IdentityService; config: Config };

export async function identityRoutes(app: FastifyInstance, { identity, config }: IdentityRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = config.appUrl.startsWith('https://');
  // A flood guard per client address and route, shared by every API copy (see rate-limit-store.ts).
  const rateLimit = { max: config.identityRateLimitPerMinute, timeWindow: 60_000 };
  const tags = ['identity'];

  const withRefreshCookie = (reply: FastifyReply, issued: IssuedTokens) => {
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure,
      expires: issued.refreshExpiresAt,
    });
    return { data: issued.tokens };
  };
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });

  r.post(
    '/api/identity/sign-in',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: signInRequest,
        response: { 200: signInResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await identity.signIn(request.body.email, request.body.password, { requestId: request.id });
      if (result.kind === 'challenge')
        return { data: { challenge: 'NEW_PASSWORD_REQUIRED' as const, session: result.session } };
      return withRefreshCookie(reply, result);
    },
  );

  r.post(
    '/api/identity/complete-new-password',
    {
      config: { rateLimit, validationCodes: { newPassword: IDENTITY_ERROR.InvalidPassword } },
      schema: {
        tags,
        summary: 'Replace a temporary password (after a NEW_PASSWORD_REQUIRED challenge)',
        body: completeNewPasswordRequest,
        response: { 200: completeNewPasswordResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const issued = await identity.completeNewPassword(request.body.session, request.body.newPassword, {
        requestId: request.id,
      });
      return withRefreshCookie(reply, issued);
    },
  );

  r.post(
    '/api/identity/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Mail a 6-digit recovery code (always answers 200)',
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await identity.forgotPassword(request.body.email, request.ip);
      return { data: { delivery: 'EMAIL' as const } };
    },
  );

  r.post(
    '/api/identity/confirm-forgot-password',
    {
      config: { rateLimit, validationCodes: { newPassword: IDENTITY_ERROR.InvalidPassword } },
      schema: {
        tags,
        summary: 'Set a new password with the mailed recovery code',
        body: confirmForgotPasswordRequest,
        response: { 200: okResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { email, code, newPassword } = request.body;
      await identity.confirmForgotPassword(email, code, newPassword, { requestId: request.id, client: request.ip });
      return { data: { ok: true as const } };
    },
  );

  r.post(
    '/api/identity/refresh',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'New access token from the refresh cookie (rotates the cookie)',
        response: { 200: refreshResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      try {
        return withRefreshCookie(reply, await identity.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        // A dead refresh cookie is of no use to the browser: drop it with the 401.
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.post(
    '/api/identity/sign-out',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'End every session of the user (refresh cookie, or Bearer token) and clear the cookie',
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      await identity.signOut(request.cookies[REFRESH_COOKIE], bearerToken(request), { requestId: request.id });
      clearRefreshCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/api/identity/session',
    {
      schema: {
        tags,
        summary: 'The current access token’s claims',
        security: [{ bearerAuth: [] }],
        response: { 200: identitySessionResponse, 401: errorResponse },
      },
    },
    async (request) => {
      if (!request.auth) throw unauthorized();
      const { sub, email, exp, authTime } = request.auth;
      return { data: { sub, email, exp, authTime } };
    },
  );
}
