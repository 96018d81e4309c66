// Credit failures made for one journey: a provision of the demo company Autos del Norte (the CRM's client 10001)
// whose units the CRM did not take, so a journey acts on rows nobody else touches.
import { eq } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { crmInsertions, provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { vehicleByVin } from '../../apps/simulators/src/fixtures/index';
import { e2eEnv } from './env';

export async function createCreditFailures(vins: string[]): Promise<{ folio: number }> {
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
        creditLine: 'LC-10001-01',
        typeLine: '100000000',
        deadlines: 3,
        total: '500000.00',
        registerBy: agent!.id,
        approvedDate: '2026-11-20',
      })
      .returning({ id: provisions.id, folio: provisions.folio });
    for (const vin of vins) {
      const vehicle = vehicleByVin(vin)!;
      const [unit] = await db
        .insert(provisionUnits)
        .values({
          provisionId: provision!.id,
          vinNumber: vin,
          agency: 'Monterrey Centro',
          brandName: vehicle.marca.slice(0, 15),
          type: vehicle.tipo.slice(0, 8),
          model: vehicle.modelo,
          description: vehicle.descripcion.slice(0, 50),
          color: vehicle.colorExterior,
          insideColor: vehicle.colorInterior,
          motorNumber: vehicle.motor,
          amount: vehicle.valorFactura.toFixed(2),
        })
        .returning({ id: provisionUnits.id });
      await db.insert(crmInsertions).values({
        unitId: unit!.id,
        provisionId: provision!.id,
        status: 'failed',
        attempts: 1,
        lastError: 'Ocurrió un error API externa',
        lastDate: new Date(),
      });
    }
    return { folio: provision!.folio };
  } finally {
    await handle.close();
  }
}

/** The VINs the simulated CRM has inserted. */
export async function crmInsertedVins(): Promise<string[]> {
  const { crm } = e2eEnv();
  const response = await fetch(`${crm.url}/__admin/insertions`, { headers: { authorization: `Bearer ${crm.token}` } });
  const insertions = (await response.json()) as { result: { vin: string } }[];
  return insertions.map((insertion) => insertion.result.vin);
}
