import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IDENTITY_ERROR, IDENTITY_OPERATIONS as op, IDENTITY_PATH } from '@planpiso/domain';
import { bearerToken } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { unauthorized } from '../../platform/errors';
import { operationRoute } from '../../platform/operation-route';
import type { IdentityService, IssuedTokens } from './service';

/** The httpOnly refresh cookie; scoped to the identity operations so no other request (and no page script) carries it. */
export const REFRESH_COOKIE = 'pp_refresh';
const COOKIE_PATH = IDENTITY_PATH;

export type IdentityRoutesOptions = { identity: IdentityService; config: Config };

/** Identity (ARCHITECTURE §5), declared in packages/domain/src/operations/identity.ts. */
export async function identityRoutes(app: FastifyInstance, { identity, config }: IdentityRoutesOptions) {
  const secure = config.appUrl.startsWith('https://');
  // A flood guard per client address and route, shared by every API copy (see rate-limit-store.ts).
  const rateLimit = { max: config.identityRateLimitPerMinute, timeWindow: 60_000 };
  // A new password is refused with the identity code of a bad password, not the generic validation one.
  const passwordCodes = { newPassword: IDENTITY_ERROR.InvalidPassword };

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

  operationRoute(
    app,
    op.signIn,
    async ({ body }, request, reply) => {
      const result = await identity.signIn(body.email, body.password, { requestId: request.id });
      if (result.kind === 'challenge')
        return { data: { challenge: 'NEW_PASSWORD_REQUIRED' as const, session: result.session } };
      return withRefreshCookie(reply, result);
    },
    { config: { rateLimit } },
  );

  operationRoute(
    app,
    op.completeNewPassword,
    async ({ body }, request, reply) => {
      const issued = await identity.completeNewPassword(body.session, body.newPassword, { requestId: request.id });
      return withRefreshCookie(reply, issued);
    },
    { config: { rateLimit, validationCodes: passwordCodes } },
  );

  operationRoute(
    app,
    op.forgotPassword,
    async ({ body }, request) => {
      await identity.forgotPassword(body.email, request.ip);
      return { data: { delivery: 'EMAIL' as const } };
    },
    { config: { rateLimit } },
  );

  operationRoute(
    app,
    op.confirmForgotPassword,
    async ({ body: { email, code, newPassword } }, request) => {
      await identity.confirmForgotPassword(email, code, newPassword, { requestId: request.id, client: request.ip });
      return { data: { ok: true as const } };
    },
    { config: { rateLimit, validationCodes: passwordCodes } },
  );

  operationRoute(
    app,
    op.refresh,
    async (_input, request, reply) => {
      try {
        return withRefreshCookie(reply, await identity.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        // A dead refresh cookie is of no use to the browser: drop it with the 401.
        clearRefreshCookie(reply);
        throw error;
      }
    },
    { config: { rateLimit } },
  );

  operationRoute(
    app,
    op.signOut,
    async (_input, request, reply) => {
      await identity.signOut(request.cookies[REFRESH_COOKIE], bearerToken(request), { requestId: request.id });
      clearRefreshCookie(reply);
      return { data: { ok: true as const } };
    },
    { config: { rateLimit } },
  );

  operationRoute(app, op.session, async (_input, request) => {
    if (!request.auth) throw unauthorized();
    const { sub, email, exp, authTime } = request.auth;
    return { data: { sub, email, exp, authTime } };
  });
}
