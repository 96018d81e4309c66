import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import type { Db } from '../../src/db/client';
import { provisionUnits, provisions } from '../../src/db/schema/financing';
import { companies } from '../../src/db/schema/organisation';
import { createUser } from '../harness';

/**
 * For the tests of the VIN lookup and the VIN validations (decisions 020 and 063), both rate-limited per user and
 * scoped to the VINs the caller's units hold, on the demo data.
 */

type CompanyRef = { id: number; accountId: number };

/**
 * Every unit of the demo data with its provision's company; one of Autos del Norte's (client 10001); and a VIN the
 * simulators know that no unit holds.
 */
export async function demoVins(db: Db) {
  const units = await db
    .select({ vin: provisionUnits.vinNumber, companyId: provisions.companyId, accountId: provisions.accountId })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId));
  const [north] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
  const unit = units.find((u) => u.companyId === north!.id)!;
  const company: CompanyRef = { id: unit.companyId, accountId: unit.accountId };
  const free = VALID_NEW_VINS.find((vin) => !units.some((u) => u.vin.toUpperCase() === vin))!;
  return { units, north: north!, unit, company, free };
}

/** A new dealer user (type 5) of `company`: a rate-limit budget of its own. */
export const dealerOf = (db: Db, company: CompanyRef) =>
  createUser(db, 5, { accountId: company.accountId, companyId: company.id, companies: [company.id] });

/** `limit` calls that all answer 200, then one more: the refused one (429), returned. */
export async function pastTheLimit(limit: number, call: () => Promise<LightMyRequestResponse>) {
  const answers = [];
  for (let i = 0; i < limit; i++) answers.push((await call()).statusCode);
  expect(new Set(answers)).toEqual(new Set([200]));
  const refused = await call();
  expect(refused.statusCode).toBe(429);
  return refused;
}
