import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, VIN_VALIDATIONS_PER_MINUTE, type ErrorResponse } from '@planpiso/domain';
import { unitValidations } from '../src/db/schema/financing';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, buildTestApp, json, signIn, type TestApp } from './harness';
import { seededDatabase } from './seeded-database';
import { dealerOf, demoVins, pastTheLimit } from './support/vin-checks';

/**
 * POST /api/external/vin-validations asks REPUVE, TransUnion and AX for every call (issue 27 item 7, decision 063):
 * it is rate-limited per user, and a VIN that only another group's units hold is refused like any foreign row
 * (404, the answer of an unknown VIN) before any external system is asked or any verdict recorded.
 */
const seeded = await seededDatabase('attack_vin');
const { db } = seeded;
let t: TestApp;
const tokens: Record<string, string> = {};
let norteVin = '';
let norteCompany = { id: 0, accountId: 0 };
let free = '';

beforeAll(async () => {
  t = await buildTestApp({ db });
  for (const [name, email] of [
    ['norteAgent', 'agencia@autosdelnorte.mx'],
    ['norteRep', 'representante@autosdelnorte.mx'],
    ['bajioAgent', 'gabriela.rios@autosdelbajio.mx'],
    ['bajioRep', 'fernando.ortiz@autosdelbajio.mx'],
    ['super', 'superusuario@planpiso.mx'],
  ] as const) {
    tokens[name] = await signIn(t.app, email, DEMO_PASSWORD);
  }
  const demo = await demoVins(db);
  norteVin = demo.unit.vin.toUpperCase();
  norteCompany = demo.company;
  // Only Norte's units hold it: no Bajío unit shares the VIN.
  expect(demo.units.filter((u) => u.vin.toUpperCase() === norteVin).every((u) => u.companyId === demo.north.id)).toBe(
    true,
  );
  free = demo.free;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await seeded.close();
});

const validate = (who: string, vin: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/external/vin-validations',
    payload: { vin },
    headers: bearer(tokens[who]!),
  });

const verdictsFor = async (vin: string, emails: string[]) => {
  const ids = (await db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).map((u) => u.id);
  const [row] = await db
    .select({ n: count() })
    .from(unitValidations)
    .where(and(eq(unitValidations.vin, vin), inArray(unitValidations.requestedBy, ids)));
  return row!.n;
};

describe('whose VIN a user may validate', () => {
  it.each(['bajioAgent', 'bajioRep'])(
    '%s: a VIN only another group’s units hold is 404, and no verdict is asked or kept',
    async (who) => {
      const response = await validate(who, norteVin);
      expect(response.statusCode, response.body).toBe(404);
      expect(json<ErrorResponse>(response)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.vinNotFound });
      // In any case: the same answer.
      expect((await validate(who, norteVin.toLowerCase())).statusCode).toBe(404);
      expect(await verdictsFor(norteVin, ['gabriela.rios@autosdelbajio.mx', 'fernando.ortiz@autosdelbajio.mx'])).toBe(
        0,
      );
    },
  );

  it.each(['norteAgent', 'norteRep', 'super'])('%s: the VIN of a unit it holds is validated', async (who) => {
    const response = await validate(who, norteVin);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ data: { vin: string } }>(response).data.vin).toBe(norteVin);
  });

  it('a VIN no unit holds: any dealer may validate it (entering a new unit)', async () => {
    const response = await validate('bajioAgent', free);
    expect(response.statusCode, response.body).toBe(200);
    expect(await verdictsFor(free, ['gabriela.rios@autosdelbajio.mx'])).toBe(3);
  });
});

describe('the rate limit', () => {
  it(`allows ${VIN_VALIDATIONS_PER_MINUTE} validations a minute per user, then 429 in Spanish; others are not affected`, async () => {
    const dealer = await dealerOf(db, norteCompany);
    tokens.counted = await signIn(t.app, dealer.email);
    const refused = await pastTheLimit(VIN_VALIDATIONS_PER_MINUTE, () => validate('counted', free));
    expect(json<ErrorResponse>(refused)).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: MESSAGES.tooManyRequests,
    });
    // Refused before any system was asked: exactly the allowed calls left verdicts (three checks each).
    const [kept] = await db
      .select({ n: count() })
      .from(unitValidations)
      .where(and(eq(unitValidations.vin, free), eq(unitValidations.requestedBy, dealer.id)));
    expect(kept!.n).toBe(VIN_VALIDATIONS_PER_MINUTE * 3);
    // Another user still validates.
    expect((await validate('norteAgent', free)).statusCode).toBe(200);
  });

  it('a malformed VIN is a 400 even past the limit: validation comes before counting', async () => {
    const response = await validate('counted', 'ABC');
    expect(response.statusCode).toBe(400);
  });
});
