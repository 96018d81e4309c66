import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, VIN_LOOKUPS_PER_MINUTE, type ErrorResponse } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { companies } from '../src/db/schema/organisation';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, createUser, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';
import { dealerOf, demoVins, pastTheLimit } from './support/vin-checks';

// GET /api/external/vins/{vin} (issue 14 §2 item 9, decision 020): a VIN the caller holds (a unit of a provision
// in its scope) or is entering (an agency operator whose active company is eligible); rate-limited per user.
const seeded = await seededDatabase('vin_lookup');
const { db } = seeded;
const app = await buildApp({ config: testConfig(), db, clock: fakeClock(), logger: testLogger() });
const tokens: Record<string, string> = {};
let held = '';
let heldCompany = { id: 0, accountId: 0 };
let free = '';

beforeAll(async () => {
  await app.ready();
  for (const [name, email] of [
    ['super', 'superusuario@planpiso.mx'],
    ['operator', 'operador@planpiso.mx'],
    ['representative', 'representante@autosdelnorte.mx'],
    ['agency', 'agencia@autosdelnorte.mx'],
  ] as const) {
    tokens[name] = await signIn(app, email, DEMO_PASSWORD);
  }
  const demo = await demoVins(db);
  held = demo.unit.vin;
  heldCompany = demo.company;
  free = demo.free;

  // Dealers who are not entering units: one without a company, one whose company is inactive.
  const noCompany = await createUser(db, 5, { accountId: heldCompany.accountId });
  tokens.noCompany = await signIn(app, noCompany.email);
  const [closed] = await db
    .insert(companies)
    .values({ accountId: heldCompany.accountId, name: 'Compañía cerrada', clientId: 'CERR-1', isActive: false })
    .returning({ id: companies.id });
  const closedDealer = await dealerOf(db, { id: closed!.id, accountId: heldCompany.accountId });
  tokens.closed = await signIn(app, closedDealer.email);
  // A representative of the same account but only of the inactive company holds none of Autos del Norte's units.
  const stranger = await createUser(db, 4, {
    accountId: heldCompany.accountId,
    companyId: closed!.id,
    companies: [closed!.id],
  });
  tokens.stranger = await signIn(app, stranger.email);
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const lookUp = (who: string, vin: string) =>
  app.inject({ method: 'GET', url: `/api/external/vins/${vin}`, headers: bearer(tokens[who]!) });

describe('who may look up a VIN', () => {
  it('an agency operator entering units (eligible company): any VIN the CRM knows', async () => {
    const response = await lookUp('agency', free);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ data: { vin: string } }>(response).data.vin).toBe(free);
  });

  it.each(['super', 'operator', 'representative'])('%s: the VINs of units it holds, in any case', async (who) => {
    expect((await lookUp(who, held.toLowerCase())).statusCode).toBe(200);
  });

  it.each(['super', 'operator', 'representative', 'stranger', 'noCompany', 'closed'])(
    '%s: a VIN it neither holds nor enters is 404, like an unknown one',
    async (who) => {
      const response = await lookUp(who, free);
      expect(response.statusCode).toBe(404);
      expect(json<ErrorResponse>(response).message).toBe(MESSAGES.vinNotFound);
    },
  );

  it('a dealer not entering units still reads the VINs its own companies hold', async () => {
    // Autos del Norte's units are not the inactive company's: 404 for them.
    expect((await lookUp('closed', held)).statusCode).toBe(404);
  });
});

describe('the rate limit', () => {
  it(`allows ${VIN_LOOKUPS_PER_MINUTE} lookups a minute per user, then 429 in Spanish; others are not affected`, async () => {
    const dealer = await dealerOf(db, heldCompany);
    tokens.counted = await signIn(app, dealer.email);
    const refused = await pastTheLimit(VIN_LOOKUPS_PER_MINUTE, () => lookUp('counted', free));
    expect(json<ErrorResponse>(refused)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: MESSAGES.tooManyRequests,
    });
    expect((await lookUp('agency', free)).statusCode).toBe(200);
  });

  it('a malformed VIN is a 400 even past the limit: validation comes before counting', async () => {
    const response = await lookUp('counted', 'ABC');
    expect(response.statusCode).toBe(400);
  });
});
