import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Money, type CreateProvisionRequestInput, type ProvisionFollowUpDetail } from '@planpiso/domain';
import { CREDIT_LINES } from '@planpiso/simulators/fixtures';
import type { Db } from '../src/db/client';
import { accountOperators } from '../src/db/schema/assignments';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { nonWorkingDays } from '../src/db/schema/non-working-days';
import { accounts, agencies, companies } from '../src/db/schema/organisation';
import { bearer, createUser, json, signIn, type TestUser } from './harness';

// Provisions' API tests (decision 029): dealer groups whose companies are CRM clients of the simulator, in a
// database of the test file's own (seededDatabase), so client numbers and balances belong to that file alone.

/** A Tuesday at 12:00 in Mexico City: inside the default 09:00–18:00 window. */
export const WORKING_NOON = new Date('2026-11-24T18:00:00Z');

export type DealerGroup = {
  accountId: number;
  company: { id: number; name: string; clientId: string };
  agencyId: number;
  dealer: TestUser;
  legal: TestUser;
  operator: TestUser;
  tokens: { dealer: string; legal: string; operator: string };
};

/** An account with one company (the CRM's client `clientId`), a branch, a dealer operator, a legal rep and a lender operator. */
export async function dealerGroup(app: FastifyInstance, db: Db, clientId: string): Promise<DealerGroup> {
  const tag = randomUUID().slice(0, 6);
  const [account] = await db
    .insert(accounts)
    .values({ name: `Grupo ${clientId} ${tag}`, type: 1 })
    .returning({ id: accounts.id });
  const [company] = await db
    .insert(companies)
    .values({ accountId: account!.id, name: `Automotriz ${clientId} ${tag}`, clientId })
    .returning({ id: companies.id, name: companies.name });
  const [agency] = await db
    .insert(agencies)
    .values({ accountId: account!.id, companyId: company!.id, name: `Sucursal ${clientId} ${tag}` })
    .returning({ id: agencies.id });
  const assigned = { accountId: account!.id, companies: [company!.id], agencies: [agency!.id] };
  const dealer = await createUser(db, 5, { ...assigned, companyId: company!.id, agencyId: agency!.id });
  const legal = await createUser(db, 4, { ...assigned, companyId: company!.id });
  const operator = await createUser(db, 3);
  await db.insert(accountOperators).values({ accountId: account!.id, userId: operator.id });
  return {
    accountId: account!.id,
    company: { id: company!.id, name: company!.name, clientId },
    agencyId: agency!.id,
    dealer,
    legal,
    operator,
    tokens: {
      dealer: await signIn(app, dealer.email),
      legal: await signIn(app, legal.email),
      operator: await signIn(app, operator.email),
    },
  };
}

/** No holiday gets in the way of the window the tests choose. */
export async function clearNonWorkingDays(db: Db): Promise<void> {
  await db.delete(nonWorkingDays);
}

/** Every provision on `creditLine` cancelled (11): it holds nothing any more, and its VINs are free. */
export async function releaseLine(db: Db, creditLine: string): Promise<void> {
  await db.execute(sql`update provisions set status = 11 where credit_line = ${creditLine}`);
}

const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** A VIN of 17 characters nobody else uses (its check digit is not the server's business). */
export function randomVin(): string {
  let vin = '';
  for (let i = 0; i < 17; i++) vin += VIN_ALPHABET[Math.floor(Math.random() * VIN_ALPHABET.length)];
  return vin;
}

export function unit(vinNumber: string, amount: string, extra: Record<string, unknown> = {}) {
  return {
    agency: 'Monterrey',
    brandName: 'Nissan',
    type: 'Sedan',
    model: '2026',
    description: 'Versa Sense',
    color: 'Azul Marino Metálico',
    insideColor: 'Negro',
    vinNumber,
    motorNumber: `MTR-${vinNumber.slice(-6)}`,
    amount,
    ...extra,
  };
}

/** The line's longest term in the CRM's fixtures (the wizard's default, spec 3 §5); 6 for a line it does not know. */
export function longestTerm(creditLine: string): number {
  const line = CREDIT_LINES.find((l) => l.lineaCredito === creditLine);
  return line ? Math.max(...line.plazos.split('|').map(Number)) : 6;
}

/** A save body for the group's company on `creditLine`, whose total is the units' sum. */
export function saveBody(
  group: DealerGroup,
  creditLine: string,
  units: ReturnType<typeof unit>[],
  total: string,
  extra: Partial<CreateProvisionRequestInput> = {},
): CreateProvisionRequestInput {
  return {
    companyId: group.company.id,
    agencyId: group.agencyId,
    legalId: group.legal.id,
    description: 'Lote de prueba',
    creditLine,
    deadlines: longestTerm(creditLine),
    includeAll: false,
    evidences: [],
    units,
    total,
    ...extra,
  };
}

export function post(app: FastifyInstance, token: string, url: string, payload: unknown, key?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/** The group's dealer saves (POST /api/provisions) a provision of one unit of `amount` on `creditLine`: the answer. */
export function saveOneUnit(app: FastifyInstance, group: DealerGroup, creditLine: string, vin: string, amount: string) {
  return post(app, group.tokens.dealer, '/api/provisions', saveBody(group, creditLine, [unit(vin, amount)], amount));
}

/** The group's dealer sends saved provision `id` to the lender (PATCH set-status 2 with the version read): the answer. */
export async function sendSaved(app: FastifyInstance, group: DealerGroup, id: number) {
  const { version } = json<{ data: { version: number } }>(
    await get(app, group.tokens.dealer, `/api/provisions/${id}`),
  ).data;
  return app.inject({
    method: 'PATCH',
    url: `/api/provisions/${id}/set-status`,
    payload: { status: 2, version },
    headers: bearer(group.tokens.dealer),
  });
}

export function get(app: FastifyInstance, token: string, url: string) {
  return app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** What the CRM says remains on a line, read through the API as a dealer of the line's client. */
export async function montoRestante(app: FastifyInstance, token: string, clientId: string, creditLine: string) {
  const response = await get(app, token, `/api/external/clients/${clientId}/credit-lines`);
  const lines = json<{ data: { lineaCredito: string; montoRestante: string }[] }>(response).data;
  return lines.find((line) => line.lineaCredito === creditLine)!.montoRestante;
}

/**
 * A provision of `group` saved by its dealer with `units` on `creditLine`, put at Firmado (7) with every unit's checks
 * passed (the validations' outcome, written directly): where Liberar and Enviar a CRM start. Read back by `reader`.
 */
export async function signedProvision(
  app: FastifyInstance,
  db: Db,
  group: DealerGroup,
  creditLine: string,
  units: ReturnType<typeof unit>[],
  reader: string,
): Promise<ProvisionFollowUpDetail> {
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  const created = await post(app, group.tokens.dealer, '/api/provisions', saveBody(group, creditLine, units, total));
  expect(created.statusCode, created.body).toBe(201);
  const id = json<{ data: { id: number } }>(created).data.id;
  await db.update(provisions).set({ status: 7 }).where(eq(provisions.id, id));
  await db
    .update(provisionUnits)
    .set({ validInvoice: true, validRepuve: true, validTransunion: true, validAx: true })
    .where(eq(provisionUnits.provisionId, id));
  const read = await get(app, reader, `/api/provisions/${id}`);
  expect(read.statusCode, read.body).toBe(200);
  return json<{ data: ProvisionFollowUpDetail }>(read).data;
}

/** Liberar of a signed provision by the group's lender operator, at the version read. */
export async function releaseSigned(app: FastifyInstance, group: DealerGroup, signed: { id: number; version: number }) {
  const released = await post(app, group.tokens.operator, `/api/provisions/${signed.id}/release`, {
    version: signed.version,
  });
  expect(released.statusCode, released.body).toBe(200);
}
