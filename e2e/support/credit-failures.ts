// Credit failures made for one journey: a provision of the demo company Autos del Norte (the CRM's client 10001)
// whose units the CRM did not take, so a journey acts on rows nobody else touches.
import { crmInsertions } from '../../apps/api/src/db/schema/financing';
import { e2eEnv } from './env';
import { carOfCrm, insertProvisionWithUnits } from './financed-units';
import { withDb } from './db';

export async function createCreditFailures(vins: string[]): Promise<{ folio: number }> {
  return withDb(async (db) => {
    const { provision, units } = await insertProvisionWithUnits(
      db,
      { status: 8, creditLine: 'LC-10001-01', typeLine: '100000000', total: '500000.00', approvedDate: '2026-11-20' },
      vins.map((vin) => carOfCrm(vin)),
    );
    await db.insert(crmInsertions).values(
      units.map((unit) => ({
        unitId: unit.id,
        provisionId: provision.id,
        status: 'failed' as const,
        attempts: 1,
        lastError: 'Ocurrió un error API externa',
        lastDate: new Date(),
      })),
    );
    return { folio: provision.folio };
  });
}

/** The VINs the simulated CRM has inserted. */
export async function crmInsertedVins(): Promise<string[]> {
  const { crm } = e2eEnv();
  const response = await fetch(`${crm.url}/__admin/insertions`, { headers: { authorization: `Bearer ${crm.token}` } });
  const insertions = (await response.json()) as { result: { vin: string } }[];
  return insertions.map((insertion) => insertion.result.vin);
}
