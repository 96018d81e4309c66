import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_MESSAGES,
  FINANCING_MESSAGES,
  MESSAGES,
  type AuditResponse,
  type ValidateProcess,
} from '@planpiso/domain';
import { buildApp } from '../src/app';
import { auditLog } from '../src/db/schema/audit';
import { audits } from '../src/db/schema/audits';
import { exceptions } from '../src/db/schema/exceptions';
import { companies } from '../src/db/schema/organisation';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, createOrganisation, createUser, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

/**
 * Audits (spec 3 §2, §3, §4, §6, §7; decision 041) on the demo population: the demo administrator (type 2) registered
 * the demo operator, who operates the north account, so its audits may name Autos del Norte and Camiones del Norte.
 */
const seeded = await seededDatabase('audits');
const clock = fakeClock(new Date('2026-11-24T17:00:00Z'));
const app = await buildApp({ config: testConfig(), db: seeded.db, clock, logger: testLogger() });
const db = seeded.db;

let admin = '';
let otherAdmin = '';
let agent = '';
let operator = '';
let north = { id: 0, accountId: 0 };
let trucks = { id: 0, accountId: 0 };
let foreignCompany = { id: 0, accountId: 0 };

beforeAll(async () => {
  await app.ready();
  admin = await signIn(app, 'administrador@planpiso.mx', DEMO_PASSWORD);
  agent = await signIn(app, 'agencia@autosdelnorte.mx', DEMO_PASSWORD);
  operator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
  otherAdmin = await signIn(app, (await createUser(db, 2)).email);
  const [n] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
  const [t] = await db.select().from(companies).where(eq(companies.clientId, '10002'));
  north = { id: n!.id, accountId: n!.accountId };
  trucks = { id: t!.id, accountId: t!.accountId };
  const other = await createOrganisation(db);
  foreignCompany = { id: other.companies[0]!.id, accountId: other.account.id };
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

type One = { data: AuditResponse; message?: string };
type Page = { data: { items: AuditResponse[]; total: number } };
const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/audits', headers: bearer(token), payload });
const put = (token: string, id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/audits/${id}`, headers: bearer(token), payload });

const body = (change: Record<string, unknown> = {}) => ({
  auditor: 'Laura Méndez',
  description: 'Revisión de inventario físico',
  accountId: north.accountId,
  companyId: north.id,
  isSuspended: false,
  initialDate: '2026-12-10',
  endDate: '2026-12-12',
  ...change,
});
const countAudits = async () => (await db.select({ id: audits.id }).from(audits)).length;

describe('POST, GET and PUT /api/audits (spec 3 §7)', () => {
  it('creates an audit with a folio, the spec’s message, registerBy from the session and an audit-log row', async () => {
    const response = await post(admin, { ...body(), registerBy: 999_999 });
    expect(response.statusCode, response.body).toBe(201);
    const saved = json<One>(response);
    expect(saved.message).toBe('La auditoria se ha guardado');
    expect(saved.data).toMatchObject({
      auditor: 'Laura Méndez',
      companyId: north.id,
      initialDate: '2026-12-10',
      endDate: '2026-12-12',
      isSuspended: false,
      version: 1,
      company: { name: expect.any(String) },
      // Open, so its administrator may edit it (a closed one: lot-audits.test.ts).
      status: 1,
      can: { edit: true },
    });
    expect(saved.data.folio).toMatch(/^\d+$/);
    expect(saved.data.registerBy).not.toBe(999_999);
    const logged = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(saved.data.id)));
    expect(logged.some((row) => row.action === 'audit.created')).toBe(true);
    const read = json<One>(await get(admin, `/api/audits/${saved.data.id}`)).data;
    expect(read).toEqual(saved.data);
  });

  it('edits at the version read, with the spec’s message; a stale version is 409 and changes nothing', async () => {
    const created = json<One>(await post(admin, body({ auditor: 'Para editar' }))).data;
    const edited = await put(admin, created.id, { ...body({ auditor: 'Editado', isSuspended: true }), version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<One>(edited).message).toBe('La información de la auditoria se ha actualizado');
    expect(json<One>(edited).data).toMatchObject({ auditor: 'Editado', isSuspended: true, version: 2 });
    const stale = await put(admin, created.id, { ...body({ auditor: 'Tarde' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json<One>(await get(admin, `/api/audits/${created.id}`)).data.auditor).toBe('Editado');
  });

  it('lists the caller’s own audits by company name ascending, filtered by account; others see none of them', async () => {
    await post(admin, body({ companyId: trucks.id, auditor: 'En Camiones' }));
    const page = json<Page>(await get(admin, `/api/audits?account=${north.accountId}`)).data;
    expect(page.total).toBeGreaterThanOrEqual(3);
    const names = page.items.map((a) => a.company.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(page.items.every((a) => a.accountId === north.accountId)).toBe(true);
    const empty = json<Page>(await get(otherAdmin, '/api/audits')).data;
    expect(empty.total).toBe(0);
    const id = page.items[0]!.id;
    expect((await get(otherAdmin, `/api/audits/${id}`)).statusCode).toBe(404);
    expect((await put(otherAdmin, id, { ...body(), version: 1 })).statusCode).toBe(404);
    // registerBy names another user: the caller's scope still applies, so nothing is answered.
    expect(json<Page>(await get(admin, '/api/audits?registerBy=1')).data.items.every((a) => a.id !== id)).toBe(true);
  });

  it('keeps the audits whose days touch a range (the calendar)', async () => {
    const mine = json<One>(await post(admin, body({ initialDate: '2027-01-30', endDate: '2027-02-02' }))).data;
    const touch = json<Page>(await get(admin, '/api/audits?from=2027-02-01&to=2027-02-28&all=true')).data;
    expect(touch.items.map((a) => a.id)).toContain(mine.id);
    const before = json<Page>(await get(admin, '/api/audits?from=2027-02-03&to=2027-02-28&all=true')).data;
    expect(before.items.map((a) => a.id)).not.toContain(mine.id);
  });

  it('requires a session and the administrator’s type', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/audits' })).statusCode).toBe(401);
    expect((await post(agent, body())).statusCode).toBe(403);
    expect((await get(operator, '/api/audits')).statusCode).toBe(403);
  });
});

describe('bad input: a 4xx with a Spanish message, nothing written', () => {
  it.each([
    [
      'an end before the start',
      { initialDate: '2026-12-10', endDate: '2026-12-09' },
      422,
      AUDIT_MESSAGES.endBeforeStart,
    ],
    ['an empty auditor', { auditor: '  ' }, 400, 'Campo requerido.'],
    ['an auditor of 151 characters', { auditor: 'a'.repeat(151) }, 400, 'Máximo 150 caracteres'],
    ['a company of another account', { place: 'otherAccount' }, 422, AUDIT_MESSAGES.companyNotOfAccount],
    ['a company outside the caller’s accounts', { place: 'foreign' }, 404, MESSAGES.notFound],
    ['a day that does not exist', { endDate: '2026-02-30' }, 400, 'Formato fecha incorrecto'],
    ['no suspend choice', { isSuspended: undefined }, 400, AUDIT_MESSAGES.suspendRequired],
  ])('refuses %s', async (_case, change, status, message) => {
    const { place, ...patched }: Record<string, unknown> = { ...change };
    // The fixtures exist only once the tests run: an account the company is not of, or a company out of scope.
    if (place === 'otherAccount') patched.accountId = foreignCompany.accountId;
    if (place === 'foreign')
      Object.assign(patched, { companyId: foreignCompany.id, accountId: foreignCompany.accountId });
    const before = await countAudits();
    const response = await post(admin, body(patched));
    expect(response.statusCode, response.body).toBe(status);
    expect(json<{ message: string }>(response).message.toLowerCase()).toContain(message.toLowerCase());
    expect(await countAudits()).toBe(before);
  });

  it('an edit with the end before the start changes nothing', async () => {
    const created = json<One>(await post(admin, body())).data;
    const response = await put(admin, created.id, { ...body({ endDate: '2026-12-01' }), version: 1 });
    expect(response.statusCode).toBe(422);
    expect(json<{ message: string }>(response).message).toBe(AUDIT_MESSAGES.endBeforeStart);
    expect(json<One>(await get(admin, `/api/audits/${created.id}`)).data).toMatchObject({
      endDate: '2026-12-12',
      version: 1,
    });
  });
});

describe('a suspending audit in progress blocks the company’s provisions (spec 3 §4)', () => {
  type Answer = { data: ValidateProcess };
  const check = async () => json<Answer>(await get(agent, '/api/audits/validate-process')).data;

  it('suspension → refused; an approved exception → allowed; the audit ended → allowed', async () => {
    expect(await check()).toMatchObject({ canProvision: true, auditsInProgress: 0 });
    const created = await post(admin, body({ isSuspended: true, initialDate: '2026-11-20', endDate: '2026-11-24' }));
    expect(created.statusCode, created.body).toBe(201);

    const blocked = await check();
    expect(blocked).toMatchObject({ canProvision: false, auditsInProgress: 1 });
    expect(blocked.messages).toEqual(['Tienes 1 pendientes de auditorías', FINANCING_MESSAGES.cannotProvision]);

    // Not suspending any more (an edit): the panel opens again.
    const audit = json<One>(created).data;
    await put(admin, audit.id, {
      ...body({ isSuspended: false, initialDate: '2026-11-20', endDate: '2026-11-24' }),
      version: 1,
    });
    expect(await check()).toMatchObject({ canProvision: true, auditsInProgress: 0 });
    await put(admin, audit.id, {
      ...body({ isSuspended: true, initialDate: '2026-11-20', endDate: '2026-11-24' }),
      version: 2,
    });
    expect(await check()).toMatchObject({ canProvision: false, auditsInProgress: 1 });

    // The latest exception approved lifts the block (the exceptions' flow is issue 18's other half).
    await db
      .insert(exceptions)
      .values({ accountId: north.accountId, companyId: north.id, comment: 'Auditoría', status: 2 });
    const excepted = await check();
    expect(excepted.canProvision).toBe(true);
    expect(excepted.messages).toContain(FINANCING_MESSAGES.latestExceptionApproved);

    // The day after the audit's end nothing blocks.
    expect(json<Answer>(await get(agent, '/api/audits/validate-process?date=2026-11-25')).data.auditsInProgress).toBe(
      0,
    );
  });
});
