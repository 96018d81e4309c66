import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_NUMBERS } from '@planpiso/simulators/fixtures';
import { accountOperators, userAgencies, userCompanies } from '../src/db/schema/assignments';
import { provisions } from '../src/db/schema/financing';
import { notifications } from '../src/db/schema/notifications';
import { accounts, agencies, companies } from '../src/db/schema/organisation';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, buildTestApp, createUser, signIn } from './harness';
import { seededDatabase } from './seeded-database';

/**
 * Who may reach another dealer group's rows (issue 14 §2 items 1, 2 and 11). Unlike authorization.test.ts, which
 * reads its expectations from API_PERMISSIONS, every status here is written by hand from the spec and the API's
 * conventions (ARCHITECTURE §6: a foreign row is 404; a type the table never allows is 403), so a wrong
 * permission table or a scope that leaks fails here. Two groups from the demo seed: Norte and Bajío; the demo
 * operator runs Norte only and a second operator (Héctor) runs Bajío only.
 */
const seeded = await seededDatabase('cross_tenant');
const t = await buildTestApp({ db: seeded.db });
const { app, db } = t;
afterAll(async () => {
  await t.close();
  await seeded.close();
});

const idBy = async (email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const named = async (table: typeof companies | typeof agencies | typeof accounts, name: string) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;

const norteAccount = await named(accounts, 'Grupo Automotriz del Norte');
const bajioAccount = await named(accounts, 'Grupo Automotriz del Bajío');
const north = await named(companies, 'Autos del Norte');
const bajio = await named(companies, 'Autos del Bajío');
const monterrey = await named(agencies, 'Sucursal Monterrey Centro');
const NORTE_CLIENT = DEMO_CLIENT_NUMBERS.autosDelNorte;
const NORTE_CREDIT_LINE = 'CL-0001';

const operator = await idBy('operador@planpiso.mx');
const hector = await idBy('hector.villarreal@planpiso.mx');
const norteRep = await idBy('representante@autosdelnorte.mx');
const norteAgent = await idBy('agencia@autosdelnorte.mx');
const bajioAgent = await idBy('gabriela.rios@autosdelbajio.mx');

// Norte's demo provision in the lender's validation (status 3, seed-financing.ts).
const [norteProvision] = await db
  .select({ id: provisions.id, version: provisions.version })
  .from(provisions)
  .where(and(eq(provisions.companyId, north), eq(provisions.status, 3)))
  .limit(1);

// The second operator runs Bajío only; the demo operator keeps Norte.
await db.update(accountOperators).set({ userId: hector }).where(eq(accountOperators.accountId, bajioAccount));
const [norteNotification] = await db
  .insert(notifications)
  .values({ userId: norteRep, type: 1, message: 'Aviso de Norte' })
  .returning({ id: notifications.id });
const [dealerRole] = await db
  .select({ id: roles.id })
  .from(roles)
  .where(and(eq(roles.type, 5), eq(roles.isActive, true)))
  .limit(1);

const tokens = new Map<string, string>();
for (const email of [
  'operador@planpiso.mx',
  'hector.villarreal@planpiso.mx',
  'fernando.ortiz@autosdelbajio.mx',
  'gabriela.rios@autosdelbajio.mx',
]) {
  tokens.set(email, await signIn(app, email, DEMO_PASSWORD));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Expected = 200 | 201 | 403 | 404 | 422;
type Row = { as: string; method: Method; path: string; body?: object; expect: Expected };

const call = (email: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(tokens.get(email)!), ...(payload ? { payload } : {}) });

const BAJIO_REP = 'fernando.ortiz@autosdelbajio.mx';
const BAJIO_AGENT = 'gabriela.rios@autosdelbajio.mx';
const HECTOR = 'hector.villarreal@planpiso.mx';

/** A dealer of Bajío against every Norte resource with an id or a scope. */
const dealerRows: Row[] = [
  // Branches and their users (spec 2 §6: type 4 sees only branches of its own account; type 5 has no branch screen)
  { as: BAJIO_REP, method: 'GET', path: `/api/agencies/${monterrey}`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/agencies/${monterrey}`, expect: 403 },
  { as: BAJIO_REP, method: 'PUT', path: `/api/agencies/${monterrey}`, body: {}, expect: 403 },
  { as: BAJIO_REP, method: 'PATCH', path: `/api/agencies/${monterrey}/active`, body: { active: false }, expect: 403 },
  { as: BAJIO_REP, method: 'GET', path: `/api/agencies/${monterrey}/users`, expect: 404 },
  {
    as: BAJIO_REP,
    method: 'POST',
    path: `/api/agencies/${monterrey}/users`,
    body: { userId: bajioAgent },
    expect: 404,
  },
  {
    as: BAJIO_REP,
    method: 'PATCH',
    path: `/api/agencies/${monterrey}/users`,
    body: { userId: norteAgent },
    expect: 404,
  },
  // Companies and their users
  { as: BAJIO_REP, method: 'GET', path: `/api/companies/${north}/users`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/companies/${north}/users`, expect: 403 },
  {
    as: BAJIO_REP,
    method: 'POST',
    path: `/api/companies/${north}/users`,
    body: { userId: bajioAgent, roleId: dealerRole!.id },
    expect: 404,
  },
  { as: BAJIO_REP, method: 'PATCH', path: `/api/companies/${north}/users`, body: { userId: norteAgent }, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/companies/${north}/agencies`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/companies/${north}/agencies`, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/companies/${north}/users-agencies`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/companies/${north}/users-agencies`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/companies/${north}/last-exception`, expect: 404 },
  // Accounts: the lender's screens (spec 2 §6)
  { as: BAJIO_REP, method: 'GET', path: `/api/accounts/${norteAccount}`, expect: 403 },
  { as: BAJIO_REP, method: 'GET', path: `/api/accounts/${norteAccount}/companies`, expect: 403 },
  {
    as: BAJIO_REP,
    method: 'PATCH',
    path: `/api/accounts/${norteAccount}/active`,
    body: { active: false },
    expect: 403,
  },
  // Users of Norte (spec 1 §6: type 4 sees users of its account's active company; type 5 nobody)
  { as: BAJIO_REP, method: 'GET', path: `/api/users/${norteRep}`, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/users/${norteAgent}`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/users/${norteAgent}`, expect: 403 },
  {
    as: BAJIO_REP,
    method: 'PATCH',
    path: `/api/users/${norteAgent}/active`,
    body: { active: false, version: 1 },
    expect: 404,
  },
  { as: BAJIO_REP, method: 'PATCH', path: `/api/users/${norteAgent}/resend`, expect: 403 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/users/${norteAgent}/companies`, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/users/${norteRep}/notifications`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/users/${norteRep}/pending-notifications`, expect: 404 },
  {
    as: BAJIO_REP,
    method: 'PATCH',
    path: `/api/notifications/${norteNotification!.id}`,
    body: { action: 'read' },
    expect: 404,
  },
  // The header's company switch: only companies assigned to the caller (spec 1 §2.3)
  {
    as: BAJIO_AGENT,
    method: 'POST',
    path: '/api/auth/set-information',
    body: { userId: bajioAgent, companyId: north },
    expect: 404,
  },
  // Signer configuration: the operator's screen (spec 2 §6)
  {
    as: BAJIO_REP,
    method: 'GET',
    path: `/api/accounts/signatureConfig?companyId=${north}&creditLine=${NORTE_CREDIT_LINE}`,
    expect: 403,
  },
  { as: BAJIO_REP, method: 'GET', path: `/api/custom-signers?companyId=${north}`, expect: 403 },
  { as: BAJIO_REP, method: 'DELETE', path: '/api/custom-signers/1', expect: 403 },
  // The CRM through the API (decision 009): a dealer reads only its own companies' clients
  { as: BAJIO_REP, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/legal-representatives`, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/credit-lines`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/credit-lines`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/inventory`, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/external/credit-lines/${NORTE_CREDIT_LINE}/guarantors`, expect: 404 },
  // Reports and credit failures: the lender's staff only (spec 2 §7, spec 1 §6)
  {
    as: BAJIO_REP,
    method: 'GET',
    path: `/api/reports/provisions-stadistics?clientId=${NORTE_CLIENT}&creditLine=${NORTE_CREDIT_LINE}`,
    expect: 403,
  },
  { as: BAJIO_REP, method: 'GET', path: `/api/accounts/assigned/${norteAccount}/companies`, expect: 403 },
  { as: BAJIO_REP, method: 'GET', path: '/api/credits-failures', expect: 403 },
  { as: BAJIO_AGENT, method: 'PATCH', path: '/api/credits-failures/1/archive', expect: 403 },
  // Provisions (spec 3 §2, §6; decision 029): another group's provision is not found, its line neither
  { as: BAJIO_AGENT, method: 'GET', path: `/api/provisions/${norteProvision!.id}`, expect: 404 },
  { as: BAJIO_REP, method: 'GET', path: `/api/provisions/${norteProvision!.id}`, expect: 404 },
  {
    as: BAJIO_AGENT,
    method: 'PATCH',
    path: `/api/provisions/${norteProvision!.id}/set-status`,
    body: { status: 2, version: norteProvision!.version },
    expect: 404,
  },
  {
    as: BAJIO_REP,
    method: 'PATCH',
    path: `/api/provisions/${norteProvision!.id}/set-status`,
    body: { status: 2, version: norteProvision!.version },
    expect: 403,
  },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/provisions/reserved-amount?creditLine=LC-10001-01`, expect: 404 },
  { as: BAJIO_AGENT, method: 'GET', path: `/api/provisions/account-assigned/${operator}`, expect: 403 },
  { as: BAJIO_AGENT, method: 'DELETE', path: '/api/documents/1', expect: 404 },
];

/** An operator (type 3) against the account it does not operate (spec 2 §6: "accounts assigned to it"). */
const operatorRows: Row[] = [
  { as: HECTOR, method: 'GET', path: `/api/accounts/${norteAccount}`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/accounts/${norteAccount}/companies`, expect: 404 },
  { as: HECTOR, method: 'PATCH', path: `/api/accounts/${norteAccount}/active`, body: { active: false }, expect: 404 },
  { as: HECTOR, method: 'PATCH', path: `/api/accounts/${norteAccount}/archive`, body: { archive: true }, expect: 404 },
  { as: HECTOR, method: 'PATCH', path: `/api/accounts/${norteAccount}/assign`, body: { userId: hector }, expect: 403 },
  { as: HECTOR, method: 'GET', path: `/api/accounts/assigned/${norteAccount}/companies`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/companies/${north}/users`, expect: 404 },
  {
    as: HECTOR,
    method: 'POST',
    path: `/api/companies/${north}/users`,
    body: { userId: bajioAgent, roleId: dealerRole!.id },
    expect: 404,
  },
  { as: HECTOR, method: 'PATCH', path: `/api/companies/${north}/users`, body: { userId: norteAgent }, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/companies/${north}/agencies`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/agencies/${monterrey}`, expect: 404 },
  { as: HECTOR, method: 'PATCH', path: `/api/agencies/${monterrey}/active`, body: { active: false }, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/agencies/${monterrey}/users`, expect: 404 },
  { as: HECTOR, method: 'POST', path: `/api/agencies/${monterrey}/users`, body: { userId: bajioAgent }, expect: 404 },
  { as: HECTOR, method: 'PATCH', path: `/api/agencies/${monterrey}/users`, body: { userId: norteAgent }, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/users/${norteRep}`, expect: 404 },
  { as: HECTOR, method: 'PATCH', path: `/api/users/${norteAgent}/resend`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/users/${norteRep}/notifications`, expect: 404 },
  {
    as: HECTOR,
    method: 'GET',
    path: `/api/accounts/signatureConfig?companyId=${north}&creditLine=${NORTE_CREDIT_LINE}`,
    expect: 404,
  },
  { as: HECTOR, method: 'GET', path: `/api/custom-signers?companyId=${north}`, expect: 404 },
  // Onboarding reads any CRM client (decision 009); credit only of operated accounts.
  { as: HECTOR, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/legal-representatives`, expect: 200 },
  { as: HECTOR, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/credit-lines`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/external/clients/${NORTE_CLIENT}/inventory`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/inventory?clientNumber=${NORTE_CLIENT}`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/external/credit-lines/${NORTE_CREDIT_LINE}/guarantors`, expect: 404 },
  {
    as: HECTOR,
    method: 'GET',
    path: `/api/reports/provisions-stadistics?clientId=${NORTE_CLIENT}&creditLine=${NORTE_CREDIT_LINE}`,
    expect: 404,
  },
  { as: HECTOR, method: 'GET', path: '/api/credits-failures', expect: 403 },
  { as: HECTOR, method: 'GET', path: `/api/provisions/${norteProvision!.id}`, expect: 404 },
  { as: HECTOR, method: 'GET', path: `/api/provisions/account-assigned/${operator}`, expect: 404 },
  { as: HECTOR, method: 'GET', path: '/api/provisions/reserved-amount?creditLine=LC-10001-01', expect: 404 },
];

describe('cross-tenant matrix (hand-written, issue 14 §2.11)', () => {
  it.each([...dealerRows, ...operatorRows])('$as $method $path → $expect', async (row) => {
    const response = await call(row.as, row.method, row.path, row.body);
    expect(response.statusCode, response.body).toBe(row.expect);
  });

  it('reaches its own group: the operator of Bajío and Bajío’s dealers', async () => {
    expect((await call(HECTOR, 'GET', `/api/accounts/${bajioAccount}`)).statusCode).toBe(200);
    expect((await call(BAJIO_REP, 'GET', `/api/companies/${bajio}/users`)).statusCode).toBe(200);
    const own = DEMO_CLIENT_NUMBERS.autosDelBajio;
    expect((await call(BAJIO_AGENT, 'GET', `/api/external/clients/${own}/credit-lines`)).statusCode).toBe(200);
    // The demo operator runs Norte, so it sees Norte's provision in validation.
    const norteOperator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
    const seen = await app.inject({
      method: 'GET',
      url: `/api/provisions/${norteProvision!.id}`,
      headers: bearer(norteOperator),
    });
    expect(seen.statusCode).toBe(200);
  });
});

describe('assignment stays inside one account (issue 14 §2.1, decision 024)', () => {
  it('refuses to put a Bajío dealer on a Norte company, even for an operator of both groups', async () => {
    // The demo operator operates both groups again for this case; it registered the Bajío dealer.
    await db.update(accountOperators).set({ userId: operator }).where(eq(accountOperators.accountId, bajioAccount));
    try {
      const response = await call('operador@planpiso.mx', 'POST', `/api/companies/${north}/users`, {
        userId: bajioAgent,
        roleId: dealerRole!.id,
      });
      expect(response.statusCode).toBe(422);
      const switched = await call(BAJIO_AGENT, 'POST', '/api/auth/set-information', {
        userId: bajioAgent,
        companyId: north,
      });
      expect(switched.statusCode).toBe(404);
      expect((await call(BAJIO_AGENT, 'GET', `/api/external/clients/${NORTE_CLIENT}/inventory`)).statusCode).toBe(404);
    } finally {
      await db.update(accountOperators).set({ userId: hector }).where(eq(accountOperators.accountId, bajioAccount));
    }
  });

  it('has the database refuse an assignment whose company or branch is of another account', async () => {
    await expect(
      db.insert(userCompanies).values({ userId: bajioAgent, companyId: north, accountId: bajioAccount }),
    ).rejects.toThrow();
    await expect(
      db.insert(userCompanies).values({ userId: bajioAgent, companyId: north, accountId: norteAccount }),
    ).rejects.toThrow();
    await expect(
      db.insert(userAgencies).values({ userId: bajioAgent, agencyId: monterrey, accountId: norteAccount }),
    ).rejects.toThrow();
    await expect(db.update(users).set({ companyId: north }).where(eq(users.id, bajioAgent))).rejects.toThrow();
  });

  it('refuses to move a dealer to another group in the user form', async () => {
    await db.update(accountOperators).set({ userId: operator }).where(eq(accountOperators.accountId, bajioAccount));
    try {
      const [row] = await db.select().from(users).where(eq(users.id, norteAgent));
      const response = await call('operador@planpiso.mx', 'PUT', `/api/users/${norteAgent}`, {
        firstname: row!.firstname,
        lastname: row!.lastname,
        email: row!.email,
        phone: '5512345678',
        additionalEmails: '',
        roleId: row!.roleId,
        accountId: bajioAccount,
        companyId: bajio,
      });
      expect(response.statusCode, response.body).toBe(422);
      const [after] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, norteAgent));
      expect(after!.accountId).toBe(norteAccount);
    } finally {
      await db.update(accountOperators).set({ userId: hector }).where(eq(accountOperators.accountId, bajioAccount));
    }
  });
});

describe('a user moved between groups (issue 14 §2.2, §2.11)', () => {
  it('loses Norte the moment its assignment is removed, even with the access token it already holds', async () => {
    const moved = await createUser(db, 5, {
      accountId: norteAccount,
      companyId: north,
      agencyId: monterrey,
      companies: [north],
      agencies: [monterrey],
      roleId: dealerRole!.id,
    });
    await db.update(users).set({ registerBy: operator }).where(eq(users.id, moved.id));
    const token = await signIn(app, moved.email, moved.password);
    const asMoved = (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
    expect((await asMoved(`/api/external/clients/${NORTE_CLIENT}/inventory`)).statusCode).toBe(200);
    expect((await asMoved(`/api/external/clients/${NORTE_CLIENT}/credit-lines`)).statusCode).toBe(200);

    const removed = await call('operador@planpiso.mx', 'PATCH', `/api/companies/${north}/users`, { userId: moved.id });
    expect(removed.statusCode, removed.body).toBe(200);

    expect((await asMoved(`/api/external/clients/${NORTE_CLIENT}/inventory`)).statusCode).toBe(404);
    expect((await asMoved(`/api/external/clients/${NORTE_CLIENT}/credit-lines`)).statusCode).toBe(404);
    expect((await asMoved(`/api/external/clients/${NORTE_CLIENT}/legal-representatives`)).statusCode).toBe(404);
    const switched = await app.inject({
      method: 'POST',
      url: '/api/auth/set-information',
      headers: bearer(token),
      payload: { userId: moved.id, companyId: north },
    });
    expect(switched.statusCode).toBe(404);
    expect((await asMoved(`/api/companies/${north}/agencies`)).statusCode).toBe(404);
    const [after] = await db
      .select({ companyId: users.companyId, agencyId: users.agencyId })
      .from(users)
      .where(eq(users.id, moved.id));
    expect(after).toEqual({ companyId: null, agencyId: null });
    const branches = await db.select().from(userAgencies).where(eq(userAgencies.userId, moved.id));
    expect(branches).toEqual([]);

    // Per decision 024 the person gets a new user in Bajío; the old one still reaches nothing of Norte.
    const inBajio = await createUser(db, 5, { accountId: bajioAccount, companyId: bajio, companies: [bajio] });
    const bajioToken = await signIn(app, inBajio.email, inBajio.password);
    const asNew = (url: string) => app.inject({ method: 'GET', url, headers: bearer(bajioToken) });
    expect((await asNew(`/api/external/clients/${DEMO_CLIENT_NUMBERS.autosDelBajio}/inventory`)).statusCode).toBe(200);
    expect((await asNew(`/api/external/clients/${NORTE_CLIENT}/inventory`)).statusCode).toBe(404);
  });

  it('moves the active company to another one still assigned when its assignment is removed', async () => {
    const trucks = await named(companies, 'Camiones del Norte');
    const both = await createUser(db, 5, {
      accountId: norteAccount,
      companyId: north,
      companies: [north, trucks],
      roleId: dealerRole!.id,
    });
    await db.update(users).set({ registerBy: operator }).where(eq(users.id, both.id));
    const removed = await call('operador@planpiso.mx', 'PATCH', `/api/companies/${north}/users`, { userId: both.id });
    expect(removed.statusCode).toBe(200);
    const [after] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, both.id));
    expect(after!.companyId).toBe(trucks);
  });
});
