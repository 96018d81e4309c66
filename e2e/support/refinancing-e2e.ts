// Issue 26's refinancing specs: two financed units of Autos del Norte (the CRM's client 10001) on a provision line of
// their own, made refinanceable by the layout (term 3), the create's body for them, and the API as a signed-in page
// calls it.
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@planpiso/domain';
import { createDb } from '../../apps/api/src/db/client';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { agencies, companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { DEMO_USERS } from './demo';
import { e2eEnv } from './env';

/** The demo's signer configuration is on this line (seed-signatures.ts). */
const REFINANCING_LINE = 'LC-10001-02';

/** Two VINs of 17 characters, unique to this run, without I, O or Q (a VIN's alphabet). */
export function refinancingVins(prefix: string): string[] {
  const tag = Date.now().toString(36).toUpperCase().padStart(9, '0').slice(-9).replace(/[IOQ]/g, '7');
  return [`${prefix}1${tag}`, `${prefix}2${tag}`];
}

async function withDb<T>(work: (db: ReturnType<typeof createDb>['db']) => Promise<T>): Promise<T> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** The API as the signed-in page calls it (its session token), from this process. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
  const response = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as T;
}

/** Two financed units of Autos del Norte the layout made refinanceable (term 3), and the create's body for them. */
export async function seedUnitsAndBody(unitsLine: string, vins: string[]) {
  return withDb(async (db) => {
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [dealer] = await db.select().from(users).where(eq(users.email, DEMO_USERS[5].email));
    const [legal] = await db.select().from(users).where(eq(users.email, DEMO_USERS[4].email));
    const [agency] = await db
      .select()
      .from(agencies)
      .where(and(eq(agencies.companyId, company!.id), eq(agencies.name, 'Sucursal Monterrey Centro')));
    const [provision] = await db
      .insert(provisions)
      .values({
        status: 8,
        accountId: company!.accountId,
        companyId: company!.id,
        creditLine: unitsLine,
        typeLine: '100000001',
        deadlines: 3,
        total: '3000.50',
        registerBy: dealer!.id,
        approvedDate: '2026-11-10',
      })
      .returning({ id: provisions.id });
    const units = await db
      .insert(provisionUnits)
      .values(
        vins.map((vin, index) => ({
          provisionId: provision!.id,
          vinNumber: vin,
          agency: 'Monterrey',
          brandName: 'Toyota',
          type: 'Sedan',
          model: '2023',
          description: 'Unidad financiada',
          color: 'Blanco',
          insideColor: 'Negro',
          motorNumber: `MTR-${vin.slice(-6)}`,
          amount: index === 0 ? '1000.25' : '2000.25',
          deadlines: 3,
          canRefinance: true,
          validRepuve: true,
          validTransunion: true,
          validAx: true,
        })),
      )
      .returning({ id: provisionUnits.id });
    return {
      accountId: company!.accountId,
      companyId: company!.id,
      agencyId: agency!.id,
      legalId: legal!.id,
      total: '3000.50',
      deadlines: 3,
      registerBy: dealer!.id,
      creditLine: REFINANCING_LINE,
      typeLine: '1',
      reviewAF: true,
      requireEvidences: false,
      units: units.map((unit) => ({ unitId: unit.id, comment: '', status: 0 })),
    };
  });
}
