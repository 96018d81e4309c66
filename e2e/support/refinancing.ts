// The financed units a refinancing journey reads: a provision of the demo company Autos del Norte (the CRM's client
// 10001) at Autorizada (8) whose units the layout made refinanceable (`can_refinance`, a term in `deadlines`) with
// REPUVE, TransUnion and AX valid — on a provision line of its own, so no other journey's balance moves.
import { eq } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { e2eEnv } from './env';

export const REFINANCING_E2E_LINE = 'LC-E2E-REFIN';

export type SeededRefinancingUnit = { vin: string; deadlines: number; amount: string };

export async function createRefinanceableUnits(units: SeededRefinancingUnit[]): Promise<{ id: number; vin: string }[]> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const { db } = handle;
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [agent] = await db.select().from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
    const [provision] = await db
      .insert(provisions)
      .values({
        status: 8,
        accountId: company!.accountId,
        companyId: company!.id,
        creditLine: REFINANCING_E2E_LINE,
        typeLine: '100000001',
        deadlines: 3,
        total: units.reduce((sum, u) => sum + Number(u.amount), 0).toFixed(2),
        registerBy: agent!.id,
        approvedDate: '2026-11-10',
      })
      .returning({ id: provisions.id });
    return await db
      .insert(provisionUnits)
      .values(
        units.map((unit, index) => ({
          provisionId: provision!.id,
          vinNumber: unit.vin,
          agency: 'Monterrey',
          brandName: 'Toyota',
          type: 'Sedan',
          model: '2023',
          description: 'Unidad financiada',
          color: 'Blanco',
          insideColor: 'Negro',
          motorNumber: `MTR-REFIN-${index}`,
          amount: unit.amount,
          deadlines: unit.deadlines,
          canRefinance: true,
          validRepuve: true,
          validTransunion: true,
          validAx: true,
        })),
      )
      .returning({ id: provisionUnits.id, vin: provisionUnits.vinNumber });
  } finally {
    await handle.close();
  }
}
