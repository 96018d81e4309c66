import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, type UserResponse, type UserType } from '@planpiso/domain';
import { userCompanies } from '../src/db/schema/assignments';
import { accounts, agencies, companies } from '../src/db/schema/organisation';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { SEED_USERS } from '../src/seed/users';
import { bearer, buildTestApp, json, signIn } from './harness';
import { seededDatabase } from './seeded-database';
import { type Body, type Paged } from './support/shared-app';

/**
 * The scope matrix of spec 1 §6 against the demo population (seed/index.ts): what each type lists, may read, edit,
 * toggle and resend, and which users each type may create. A database of its own, so "everyone" is exact.
 */
const seeded = await seededDatabase('users_scope');
const t = await buildTestApp({ db: seeded.db });
const { app, db } = t;
afterAll(async () => {
  await t.close();
  await seeded.close();
});

const demo = (type: UserType) => DEMO_USERS.find((u) => u.type === type)!.email;
const tokens = new Map<UserType, string>();
for (const type of [1, 2, 3, 4, 5] as const) tokens.set(type, await signIn(app, demo(type), DEMO_PASSWORD));

const idOf = async (email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const roleId = async (name: string) =>
  (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;
const one = async <T>(table: typeof companies | typeof agencies | typeof accounts, name: string) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id as T;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = async (type: UserType, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(tokens.get(type)!), ...(payload ? { payload } : {}) });

const allEmails = [...DEMO_USERS, ...SEED_USERS].map((u) => u.email);
const registeredBy = (type: UserType): string[] => [
  ...SEED_USERS.filter((u) => u.by === type).map((u) => u.email),
  ...DEMO_USERS.filter((u) => u.type === type + 1).map((u) => u.email),
];
const sorted = (emails: string[]) => [...emails].sort();

// An archived user is outside every scope, even type 1's and its registrant's.
const archived = `archivado-${randomUUID().slice(0, 6)}@planpiso.mx`;
await db.insert(users).values({
  email: archived,
  firstname: 'Usuario',
  lastname: 'Archivado',
  type: 3,
  registerBy: await idOf(demo(2)),
  isArchived: true,
});

const north = await one<number>(companies, 'Autos del Norte');
const trucks = await one<number>(companies, 'Camiones del Norte');
const bajio = await one<number>(companies, 'Autos del Bajío');
const northAccount = await one<number>(accounts, 'Grupo Automotriz del Norte');
const bajioAccount = await one<number>(accounts, 'Grupo Automotriz del Bajío');
const monterrey = await one<number>(agencies, 'Sucursal Monterrey Centro');
const leon = await one<number>(agencies, 'Sucursal León');
// An account nobody assigned to the demo operator, with a company and a branch.
const [foreignAccount] = await db
  .insert(accounts)
  .values({ name: 'Cuenta sin operador', type: 2 })
  .returning({ id: accounts.id });
const [foreignCompany] = await db
  .insert(companies)
  .values({ accountId: foreignAccount!.id, name: 'Compañía ajena', clientId: `CL-X-${randomUUID().slice(0, 6)}` })
  .returning({ id: companies.id });
await db
  .insert(agencies)
  .values({ accountId: foreignAccount!.id, companyId: foreignCompany!.id, name: 'Sucursal ajena' });

describe('users list scope (spec 1 §6)', () => {
  const expected: Record<1 | 2 | 3 | 4, string[]> = {
    // Type 1 sees everyone (archived users excepted).
    1: allEmails,
    // Type 2 sees the users it registered: the demo operator and three more operators.
    2: registeredBy(2),
    // Type 3 sees every user of the two accounts assigned to it (the users it registered are all in them).
    3: [...registeredBy(3), demo(5), 'miguel.garza@autosdelnorte.mx', 'sandra.leal@autosdelnorte.mx'],
    // Type 4 sees the users of its account and active company (Autos del Norte), itself included; not Luis
    // Treviño (Camiones del Norte) nor the other group's users.
    4: [
      demo(4),
      demo(5),
      'carla.salinas@autosdelnorte.mx',
      'miguel.garza@autosdelnorte.mx',
      'sandra.leal@autosdelnorte.mx',
    ],
  };

  it.each([1, 2, 3, 4] as const)('type %i lists exactly its users, by e-mail', async (type) => {
    const response = await call(type, 'GET', '/api/users?pageSize=100');
    expect(response.statusCode).toBe(200);
    const { data } = json<Paged<UserResponse>>(response);
    const want = sorted([...new Set(expected[type])]);
    expect(data.items.map((u) => u.email)).toEqual(want);
    expect(data.items.map((u) => u.id)).toEqual(await Promise.all(want.map(idOf)));
    expect(data.total).toBe(want.length);
    expect(data.items.map((u) => u.email)).not.toContain(archived);
  });

  it('type 5 may not list users', async () => {
    expect((await call(5, 'GET', '/api/users')).statusCode).toBe(403);
  });

  it('a legal representative who switches company sees that company’s users', async () => {
    const token = tokens.get(4)!;
    const switched = await app.inject({
      method: 'POST',
      url: '/api/auth/set-information',
      headers: bearer(token),
      payload: { userId: await idOf(demo(4)), companyId: trucks },
    });
    expect(switched.statusCode).toBe(200);
    try {
      const { data } = json<Paged<UserResponse>>(await call(4, 'GET', '/api/users?pageSize=100'));
      expect(data.items.map((u) => u.email)).toEqual(['luis.trevino@camionesdelnorte.mx', demo(4)]);
    } finally {
      await db
        .update(users)
        .set({ companyId: north })
        .where(eq(users.email, demo(4)));
    }
  });
});

describe('rows outside the scope are not found (spec 1 §6, ARCHITECTURE §6)', () => {
  // [actor, a user outside its scope, a user inside it]
  const cases = [
    [2, 'patricia.gomez@planpiso.mx', 'laura.mendoza@planpiso.mx'],
    [2, demo(4), 'diana.cantu@planpiso.mx'],
    [3, 'laura.mendoza@planpiso.mx', 'fernando.ortiz@autosdelbajio.mx'],
    [3, demo(2), 'sandra.leal@autosdelnorte.mx'],
    [4, 'luis.trevino@camionesdelnorte.mx', 'miguel.garza@autosdelnorte.mx'],
    [4, 'gabriela.rios@autosdelbajio.mx', 'carla.salinas@autosdelnorte.mx'],
    [4, demo(3), demo(5)],
  ] as const;

  it.each(cases)('type %i: %s is 404 on every call, %s is found', async (type, outside, inside) => {
    const foreign = await idOf(outside);
    const own = await idOf(inside);
    const form = { firstname: 'Otro', lastname: 'Nombre', email: outside, roleId: 1 };
    const calls: [Method, string, object?][] = [
      ['GET', `/api/users/${foreign}`],
      ['PUT', `/api/users/${foreign}`, form],
      ['PATCH', `/api/users/${foreign}/active`, { active: false, version: 1 }],
      ['GET', `/api/users/${foreign}/companies`],
    ];
    if (type !== 4) calls.push(['PATCH', `/api/users/${foreign}/resend`]);
    for (const [method, url, payload] of calls) {
      const response = await call(type, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(json<Body<unknown>>(response).message).toBe(MESSAGES.notFound);
    }
    const found = await call(type, 'GET', `/api/users/${own}`);
    expect(found.statusCode).toBe(200);
    expect(json<Body<UserResponse>>(found).data.email).toBe(inside);
    // Nothing changed on the foreign row.
    const [row] = await db
      .select({ isActive: users.isActive, firstname: users.firstname })
      .from(users)
      .where(eq(users.id, foreign));
    expect(row).toMatchObject({ isActive: true });
    expect(row!.firstname).not.toBe('Otro');
  });

  it('an archived user is not found even by type 1', async () => {
    expect((await call(1, 'GET', `/api/users/${await idOf(archived)}`)).statusCode).toBe(404);
  });

  it('type 5 reads only its own companies', async () => {
    const own = await call(5, 'GET', `/api/users/${await idOf(demo(5))}/companies`);
    expect(json<Paged<{ name: string }>>(own).data.items.map((c) => c.name)).toEqual(['Autos del Norte']);
    expect((await call(5, 'GET', `/api/users/${await idOf(demo(4))}/companies`)).statusCode).toBe(404);
  });

  it('type 3 reads the companies of a dealer in its scope', async () => {
    const response = await call(3, 'GET', `/api/users/${await idOf(demo(4))}/companies`);
    expect(json<Paged<{ name: string; clientId: string; accountId: number }>>(response).data).toEqual({
      items: [
        expect.objectContaining({ name: 'Autos del Norte', clientId: '10001', accountId: northAccount }),
        expect.objectContaining({ name: 'Camiones del Norte', clientId: '10002', accountId: northAccount }),
      ],
      total: 2,
    });
  });
});

describe('the edit rule (spec 1 §6)', () => {
  const form = async (email: string) => {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return { firstname: row!.firstname, lastname: row!.lastname, email, roleId: row!.roleId };
  };

  it('type 1 edits type 2 users only', async () => {
    const admin = await idOf('patricia.gomez@planpiso.mx');
    const ok = await call(1, 'PUT', `/api/users/${admin}`, await form('patricia.gomez@planpiso.mx'));
    expect(ok.statusCode).toBe(200);

    const operator = await idOf(demo(3));
    const refused = await call(1, 'PUT', `/api/users/${operator}`, await form(demo(3)));
    expect(refused.statusCode).toBe(403);
    expect(json<Body<unknown>>(refused).message).toBe(MESSAGES.userNotEditable);

    const self = await call(1, 'PUT', `/api/users/${await idOf(demo(1))}`, await form(demo(1)));
    expect(self.statusCode).toBe(403);
  });

  it('type 4 edits the users of its company but not itself', async () => {
    const agent = await call(4, 'PUT', `/api/users/${await idOf(demo(5))}`, await form(demo(5)));
    expect(agent.statusCode).toBe(200);
    const self = await call(4, 'PUT', `/api/users/${await idOf(demo(4))}`, await form(demo(4)));
    expect(self.statusCode).toBe(403);
  });

  it('nobody changes their own status', async () => {
    for (const type of [1, 4] as const) {
      const [own] = await db
        .select({ version: users.version })
        .from(users)
        .where(eq(users.email, demo(type)));
      const response = await call(type, 'PATCH', `/api/users/${await idOf(demo(type))}/active`, {
        active: false,
        version: own!.version,
      });
      expect(response.statusCode).toBe(403);
      expect(json<Body<unknown>>(response)).toMatchObject({ code: 'OWN_STATUS', message: MESSAGES.ownStatusChange });
    }
    const [row] = await db
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.email, demo(1)));
    expect(row!.isActive).toBe(true);
  });
});

describe('who creates whom (spec 1 §6)', () => {
  const tag = () => randomUUID().slice(0, 8);
  const base = () => ({ firstname: 'Nueva', lastname: 'Persona', email: `nueva-${tag()}@prueba.planpiso.mx` });
  const create = async (type: UserType, body: object) => call(type, 'POST', '/api/users', { ...base(), ...body });

  it.each([
    [1, 'Administrador de Crédito', 2],
    [2, 'Operador de Mesa de Control', 3],
  ] as const)('type %i with the role %s creates a type %i user registered by it', async (creator, role, type) => {
    const response = await create(creator, { roleId: await roleId(role), accountId: northAccount, companyId: north });
    expect(response.statusCode).toBe(201);
    const { data } = json<Body<UserResponse>>(response);
    // Lender staff sit in no account even if the payload names one.
    expect(data).toMatchObject({ type, registerBy: await idOf(demo(creator)), accountId: null, companyId: null });
    expect(data.role).toEqual({ name: role });
  });

  it.each([
    [1, 'Operador de Mesa de Control'],
    [1, 'Gerente de Agencia'],
    [2, 'Administrador de Crédito'],
    [2, 'Gerente de Agencia'],
    [3, 'Operador Comercial'],
  ] as const)('type %i may not create a user with the role %s', async (creator, role) => {
    const response = await create(creator, { roleId: await roleId(role), accountId: northAccount, companyId: north });
    expect(response.statusCode).toBe(422);
    expect(json<Body<unknown>>(response)).toMatchObject({ code: 'INVALID_ROLE', message: MESSAGES.roleNotAllowed });
  });

  it.each([
    ['Representante Legal Suplente', 4],
    ['Gerente de Agencia', 5],
  ] as const)('type 3 creates the type of the chosen role (%s → %i) in its account', async (role, type) => {
    const response = await create(3, {
      roleId: await roleId(role),
      accountId: northAccount,
      companyId: north,
      agencyId: monterrey,
    });
    expect(response.statusCode).toBe(201);
    const { data } = json<Body<UserResponse>>(response);
    expect(data).toMatchObject({ type, accountId: northAccount, companyId: north, agencyId: monterrey });
    // The dealer is assigned to its company, so it signs in with it and type 4 sees it.
    const assigned = await db.select().from(userCompanies).where(eq(userCompanies.userId, data.id));
    expect(assigned).toEqual([expect.objectContaining({ companyId: north, roleId: await roleId(role) })]);
    expect((await call(4, 'GET', `/api/users/${data.id}`)).statusCode).toBe(200);
  });

  it('type 3 must name an account and a company', async () => {
    const response = await create(3, { roleId: await roleId('Gerente de Agencia') });
    expect(response.statusCode).toBe(400);
    expect(json<Body<unknown>>(response)).toMatchObject({
      message: MESSAGES.required,
      fields: { accountId: MESSAGES.required, companyId: MESSAGES.required },
    });
  });

  it('type 3 places users only in accounts assigned to it, companies of that account, branches of that company', async () => {
    const role = await roleId('Gerente de Agencia');
    const foreign = await create(3, { roleId: role, accountId: foreignAccount!.id, companyId: foreignCompany!.id });
    expect(foreign.statusCode).toBe(404);
    expect(json<Body<unknown>>(foreign).message).toBe(MESSAGES.accountNotAvailable);

    const mismatch = await create(3, { roleId: role, accountId: northAccount, companyId: bajio });
    expect(mismatch.statusCode).toBe(422);
    expect(json<Body<unknown>>(mismatch).message).toBe(MESSAGES.companyNotInAccount);

    const branch = await create(3, { roleId: role, accountId: bajioAccount, companyId: bajio, agencyId: monterrey });
    expect(branch.statusCode).toBe(422);
    expect(json<Body<unknown>>(branch).message).toBe(MESSAGES.agencyNotInCompany);
  });

  it('type 4 creates type 5 users in its own account and active company', async () => {
    const response = await create(4, {
      roleId: await roleId('Vendedor de Piso'),
      accountId: bajioAccount,
      companyId: bajio,
      agencyId: monterrey,
    });
    expect(response.statusCode).toBe(201);
    const { data } = json<Body<UserResponse>>(response);
    expect(data).toMatchObject({ type: 5, accountId: northAccount, companyId: north, agencyId: monterrey });
    expect(data.registerBy).toBe(await idOf(demo(4)));
  });

  it('type 4 may not use a branch of another company nor a role it did not register', async () => {
    const branch = await create(4, { roleId: await roleId('Vendedor de Piso'), agencyId: leon });
    expect(branch.statusCode).toBe(422);
    expect(json<Body<unknown>>(branch).message).toBe(MESSAGES.agencyNotInCompany);

    const role = await create(4, { roleId: await roleId('Gerente de Agencia') });
    expect(role.statusCode).toBe(422);
    expect(json<Body<unknown>>(role).message).toBe(MESSAGES.roleNotAllowed);
  });

  it('type 5 creates nobody', async () => {
    expect((await create(5, { roleId: await roleId('Vendedor de Piso') })).statusCode).toBe(403);
  });
});

describe('roles list scope (spec 1 §6)', () => {
  type Role = { id: number; name: string; type: number; registerBy: number | null };
  const names = async (type: UserType, query = '') =>
    json<Paged<Role>>(await call(type, 'GET', `/api/roles?pageSize=100${query}`)).data.items.map((r) => r.name);

  it('types 2, 3 and 4 list only the roles they registered; type 1 all', async () => {
    expect(await names(2)).toEqual(['Operador Comercial', 'Operador de Mesa de Control', 'Operador Finbe']);
    expect(await names(3)).toEqual([
      'Capturista de Agencia',
      'Gerente de Agencia',
      'Representante Legal',
      'Representante Legal Suplente',
    ]);
    expect(await names(4)).toEqual(['Auxiliar Administrativo', 'Operador Agencia', 'Vendedor de Piso']);
    const all = await names(1);
    // Case-insensitive, by code point (platform/listing.ts textKey).
    expect(all).toEqual([...all].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(all).toHaveLength((await db.select({ id: roles.id }).from(roles)).length);
  });

  it('filters by repeated type', async () => {
    expect(await names(3, '&type=4')).toEqual(['Representante Legal', 'Representante Legal Suplente']);
    expect(await names(1, '&type=4&type=5')).toEqual(
      expect.arrayContaining(['Operador Agencia', 'Representante Legal', 'Vendedor de Piso']),
    );
    expect(await names(1, '&type=4&type=5')).not.toContain('Operador Finbe');
  });

  it('another registrant’s role is not found', async () => {
    const foreign = await roleId('Operador Comercial');
    const payload = { name: 'X', description: '', type: 3 };
    for (const [method, url, body] of [
      ['GET', `/api/roles/${foreign}`],
      ['PUT', `/api/roles/${foreign}`, payload],
      ['PATCH', `/api/roles/${foreign}/active`, { active: false, version: 1 }],
    ] as const) {
      for (const type of [3, 4] as const) {
        expect((await call(type, method, url, body)).statusCode, `${type} ${method} ${url}`).toBe(404);
      }
    }
    expect((await call(2, 'GET', `/api/roles/${foreign}`)).statusCode).toBe(200);
    expect((await call(1, 'GET', `/api/roles/${foreign}`)).statusCode).toBe(200);
  });
});

describe('organisation look-ups for the user form', () => {
  type Item = { id: number; name: string };
  const names = async (type: UserType, url: string) =>
    json<Paged<Item>>(await call(type, 'GET', url)).data.items.map((i) => i.name);

  it('type 3 looks up the accounts assigned to it, type 2 those of the operators it registered, type 1 every one', async () => {
    expect(await names(3, '/api/accounts?all=true')).toEqual([
      'Grupo Automotriz del Bajío',
      'Grupo Automotriz del Norte',
    ]);
    // The demo operator was registered by the demo administrator (decision 014).
    expect(await names(2, '/api/accounts?all=true')).toEqual([
      'Grupo Automotriz del Bajío',
      'Grupo Automotriz del Norte',
    ]);
    expect(await names(1, '/api/accounts?all=true')).toEqual([
      'Cuenta sin operador',
      'Grupo Automotriz del Bajío',
      'Grupo Automotriz del Norte',
    ]);
    expect(await names(1, '/api/accounts?name=bají')).toEqual(['Grupo Automotriz del Bajío']);
  });

  it('lists the companies of an account in scope, and 404 otherwise', async () => {
    expect(await names(3, `/api/accounts/${northAccount}/companies?all=true`)).toEqual([
      'Autos del Norte',
      'Camiones del Norte',
    ]);
    expect((await call(3, 'GET', `/api/accounts/${foreignAccount!.id}/companies`)).statusCode).toBe(404);
    expect(await names(1, `/api/accounts/${foreignAccount!.id}/companies`)).toEqual(['Compañía ajena']);
  });

  it('branches: type 4 those of its account, type 3 those of its accounts, filtered by company', async () => {
    expect(await names(4, '/api/agencies?all=true')).toEqual(['Sucursal Monterrey Centro']);
    expect(await names(3, '/api/agencies?all=true')).toEqual(['Sucursal León', 'Sucursal Monterrey Centro']);
    expect(await names(3, `/api/agencies?company=${bajio}`)).toEqual(['Sucursal León']);
    expect(await names(1, '/api/agencies?all=true')).toContain('Sucursal ajena');
  });

  it('pages a look-up unless all=true', async () => {
    const response = json<Paged<Item>>(await call(1, 'GET', '/api/accounts?pageSize=10&page=2'));
    expect(response.data).toEqual({ items: [], total: 3 });
  });
});
