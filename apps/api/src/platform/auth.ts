import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { accessFor, AppErrorCode, isAllowed, isUserType, MESSAGES, type UserType } from '@planpiso/domain';
import { userAgencies, userCompanies } from '../db/schema/assignments';
import { users } from '../db/schema/users';
import type { Executor } from '../db/client';
import { AppError, forbidden, unauthorized } from './errors';
import type { Jwt, VerifiedToken } from './jwt';

/** The signed-in caller, read from the database on every request (ARCHITECTURE §6), never from the token. */
export type AuthUser = {
  id: number;
  type: UserType;
  email: string;
  firstname: string;
  lastname: string;
  roleId: number | null;
  accountId: number | null;
  companyId: number | null;
  agencyId: number | null;
};

/** The verified access-token claims of the request. */
export type AccessClaims = {
  sub: string;
  email: string;
  exp: number;
  iat: number;
  authTime: number;
  /** The user's session version when the token was issued (decision 022); tokens from before it carry none: 0. */
  sessionVersion: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    auth: AccessClaims | null;
  }
}

/** For handlers of protected routes: the caller (the authorize hook has already checked there is one). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export async function verifyAccessToken(jwt: Jwt, token: string): Promise<AccessClaims> {
  const payload: VerifiedToken = await jwt.verify(token, 'access');
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    exp: payload.exp,
    iat: payload.iat,
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat,
    sessionVersion: typeof payload.sv === 'number' ? payload.sv : 0,
  };
}

/** The user's assignment to the company or branch it is placed in (`assigned` = `placed`), in its account. */
const liveAssignment = (table: typeof userCompanies | typeof userAgencies, assigned: AnyColumn, placed: AnyColumn) =>
  and(eq(table.userId, users.id), eq(assigned, placed), eq(table.accountId, users.accountId));

/**
 * The caller's row with its live assignments, as one prepared statement (decision 028): built once per app, not on
 * every request, and parsed once per pooled connection (its name). Still read on every request.
 */
function prepareCallerRead(db: Executor) {
  return db
    .select({
      id: users.id,
      type: users.type,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      roleId: users.roleId,
      accountId: users.accountId,
      // The active company and branch count only while their assignment lives (issue 14 §2.2): every scope built
      // on the caller reads the assignment tables, never `users.company_id` alone. The assignment rows carry
      // the user's account by foreign key (decision 024).
      companyId: userCompanies.companyId,
      agencyId: userAgencies.agencyId,
      isActive: users.isActive,
      isArchived: users.isArchived,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .leftJoin(userCompanies, liveAssignment(userCompanies, userCompanies.companyId, users.companyId))
    .leftJoin(userAgencies, liveAssignment(userAgencies, userAgencies.agencyId, users.agencyId))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_caller');
}

/**
 * Enforces API_PERMISSIONS (packages/domain) on every /api route before the body is even parsed, so an
 * anonymous caller gets 401 rather than a validation error, and a route nobody listed fails closed (500; the
 * authorization harness test catches it first). Paths outside /api are the SPA's static files: public.
 * It runs onRequest rather than preHandler for exactly that ordering.
 */
export function registerAuthorization(app: FastifyInstance, deps: { db: Executor; jwt: Jwt }): void {
  app.decorateRequest('user', null);
  app.decorateRequest('auth', null);
  const callerRead = prepareCallerRead(deps.db);
  const loadCaller = async (id: number) => (await callerRead.execute({ id }))[0];

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // No route matched: the not-found handler answers.
    if (url === undefined || !(url === '/api' || url.startsWith('/api/'))) return;
    // Fastify answers HEAD with the GET route (also for a prefix's trailing-slash twin); the table lists the GET.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operation = `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;
    const access = accessFor(operation);
    if (access === undefined) {
      request.log.error({ operation }, 'route missing from API_PERMISSIONS');
      throw new AppError(AppErrorCode.INTERNAL_ERROR);
    }
    if (access === 'public') return;

    const token = bearerToken(request);
    if (!token) throw unauthorized(MESSAGES.sessionInvalid);
    const claims = await verifyAccessToken(deps.jwt, token);
    const id = Number(claims.sub);
    const row = Number.isSafeInteger(id) ? await loadCaller(id) : undefined;
    if (!row || !isUserType(row.type)) throw unauthorized(MESSAGES.sessionInvalid);
    if (!row.isActive || row.isArchived) throw unauthorized(MESSAGES.userInactive);
    // Sign-out, a new password and the rest of decision 022 moved the version on: this token's session ended.
    if (row.sessionVersion !== claims.sessionVersion) throw unauthorized(MESSAGES.sessionInvalid);
    if (!isAllowed(access, row.type)) throw forbidden();

    const { isActive: _active, isArchived: _archived, sessionVersion: _version, ...user } = row;
    request.user = { ...user, type: row.type };
    request.auth = claims;
  });
}
