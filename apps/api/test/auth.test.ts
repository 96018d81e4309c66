import { and, desc, eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { MESSAGES, loginResponse, type SessionUser } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { TEST_JWT_SECRET, bearer, createOrganisation, createUser, json, signIn } from './harness';
import { sharedApp } from './support/shared-app';

const t = await sharedApp();
const { app, db } = t;

type Answer = { data: { user: SessionUser; token: string } };
const login = (token: string) => app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer(token) });
const setInformation = (token: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/set-information',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

async function dealerWithTwoCompanies(type: 4 | 5) {
  const org = await createOrganisation(db);
  const [role] = await db
    .insert(roles)
    .values({ name: `Rol ${type} ${org.account.id}`, type })
    .returning();
  const [first, second] = org.companies;
  const user = await createUser(db, type, {
    accountId: org.account.id,
    companyId: first!.id,
    agencyId: type === 5 ? org.agency.id : null,
    roleId: role!.id,
    companies: [first!.id, second!.id],
    agencies: type === 5 ? [org.agency.id] : [],
  });
  return { org, role: role!, user, token: await signIn(app, user.email) };
}

describe('POST /api/auth/login', () => {
  it('returns the dealer’s session user with account, active company, companies, branch and role', async () => {
    const { org, role, user, token } = await dealerWithTwoCompanies(5);
    const response = await login(token);
    expect(response.statusCode).toBe(200);
    const body = json<Answer>(response);
    expect(loginResponse.parse(body)).toBeTruthy();
    const [first, second] = org.companies;
    expect(body.data.user).toEqual({
      id: user.id,
      firstname: 'Nombre5',
      lastname: 'Apellido5',
      email: user.email,
      type: 5,
      account: { id: org.account.id, name: org.account.name },
      company: { id: first!.id, name: first!.name, clientId: first!.clientId },
      companies: [
        { id: first!.id, name: first!.name },
        { id: second!.id, name: second!.name },
      ],
      agency: { id: org.agency.id, name: org.agency.name },
      role: { id: role.id, name: role.name },
    });

    // The browser keeps a signed copy of the same user.
    const { payload } = await jwtVerify(body.data.token, new TextEncoder().encode(TEST_JWT_SECRET));
    expect(payload).toMatchObject({ sub: String(user.id), token_use: 'session', user: body.data.user });
  });

  it('gives the lender’s staff no company list', async () => {
    const user = await createUser(db, 2);
    const body = json<Answer>(await login(await signIn(app, user.email)));
    expect(body.data.user).toMatchObject({
      type: 2,
      account: null,
      company: null,
      companies: [],
      agency: null,
      role: null,
    });
  });

  it('accepts a JSON content type with an empty body', async () => {
    const user = await createUser(db, 1);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...bearer(await signIn(app, user.email)), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('requires a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ statusCode: 401, code: 'Unauthorized', message: MESSAGES.sessionInvalid });
  });
});

describe('POST /api/auth/set-information', () => {
  it('switches the active company, keeps it, and writes an audit row', async () => {
    const { org, user, token } = await dealerWithTwoCompanies(4);
    const second = org.companies[1]!;
    const response = await setInformation(token, { userId: user.id, companyId: second.id });
    expect(response.statusCode).toBe(200);
    expect(json<Answer>(response).data.user.company).toEqual({
      id: second.id,
      name: second.name,
      clientId: second.clientId,
    });

    // The next sign-in's session user starts on it.
    expect(json<Answer>(await login(token)).data.user.company?.id).toBe(second.id);
    const [stored] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, user.id));
    expect(stored!.companyId).toBe(second.id);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.set-information'), eq(auditLog.entityId, String(user.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorId: user.id,
      entity: 'user',
      before: { companyId: org.companies[0]!.id },
      after: { companyId: second.id },
    });
    expect(audit!.requestId).toBe(response.headers['x-request-id']);
  });

  it('answers 404 for a company that is not the caller’s, and changes nothing', async () => {
    const { org, user, token } = await dealerWithTwoCompanies(5);
    const foreign = await createOrganisation(db);
    const response = await setInformation(token, { userId: user.id, companyId: foreign.companies[0]!.id });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.companyNotAssigned });
    expect(json<Answer>(await login(token)).data.user.company?.id).toBe(org.companies[0]!.id);
  });

  it('answers 404 for another user’s id', async () => {
    const { org, token } = await dealerWithTwoCompanies(4);
    const other = await createUser(db, 4, { companies: [org.companies[1]!.id] });
    const response = await setInformation(token, { userId: other.id, companyId: org.companies[1]!.id });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.notFound });
  });

  it.each([1, 2, 3] as const)('is forbidden to type %i', async (type) => {
    const user = await createUser(db, type);
    const response = await setInformation(await signIn(app, user.email), { userId: user.id, companyId: 1 });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: MESSAGES.forbidden });
  });

  it('rejects bad input', async () => {
    const { token } = await dealerWithTwoCompanies(4);
    const response = await setInformation(token, { userId: 'yo', companyId: -1 });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
