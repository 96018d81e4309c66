// Issue 26's refinancing specs: two financed units of Autos del Norte (the CRM's client 10001) on a provision line of
// their own, made refinanceable by the layout (term 3), the create's body for them, and the API as a signed-in page
// calls it.
import { and, eq } from 'drizzle-orm';
import { agencies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { DEMO_USERS } from './demo';
import { withDb } from './db';
import { insertProvisionWithUnits, REFINANCEABLE } from './financed-units';
export { pageApi as api } from './page-api';

/** The demo's signer configuration is on this line (seed-signatures.ts). */
const REFINANCING_LINE = 'LC-10001-02';

/** Two VINs of 17 characters, unique to this run, without I, O or Q (a VIN's alphabet). */
export function refinancingVins(prefix: string): string[] {
  const tag = Date.now().toString(36).toUpperCase().padStart(9, '0').slice(-9).replace(/[IOQ]/g, '7');
  return [`${prefix}1${tag}`, `${prefix}2${tag}`];
}

/** Two financed units of Autos del Norte the layout made refinanceable (term 3), and the create's body for them. */
export async function seedUnitsAndBody(unitsLine: string, vins: string[]) {
  return withDb(async (db) => {
    const { provision, author, units } = await insertProvisionWithUnits(
      db,
      { status: 8, creditLine: unitsLine, total: '3000.50', approvedDate: '2026-11-10' },
      vins.map((vin, index) => ({
        vinNumber: vin,
        motorNumber: `MTR-${vin.slice(-6)}`,
        amount: index === 0 ? '1000.25' : '2000.25',
        deadlines: 3,
        ...REFINANCEABLE,
      })),
    );
    const [legal] = await db.select().from(users).where(eq(users.email, DEMO_USERS[4].email));
    const [agency] = await db
      .select()
      .from(agencies)
      .where(and(eq(agencies.companyId, provision.companyId), eq(agencies.name, 'Sucursal Monterrey Centro')));
    return {
      accountId: provision.accountId,
      companyId: provision.companyId,
      agencyId: agency!.id,
      legalId: legal!.id,
      total: '3000.50',
      deadlines: 3,
      registerBy: author.id,
      creditLine: REFINANCING_LINE,
      typeLine: '1',
      reviewAF: true,
      requireEvidences: false,
      units: units.map((unit) => ({ unitId: unit.id, comment: '', status: 0 })),
    };
  });
}
