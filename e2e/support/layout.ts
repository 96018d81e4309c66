// The financed units a layout journey reads: a provision of the demo company Autos del Norte (the CRM's client
// 10001) at Autorizada (8) whose units carry VINs the CRM simulator holds credits for.
import { inArray } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { e2eEnv } from './env';
import { insertProvisionWithUnits } from './financed-units';
import { withDb } from './db';

export async function createFinancedUnits(vins: string[], clientId = '10001'): Promise<{ id: number; vin: string }[]> {
  return withDb(async (db) => {
    const { units } = await insertProvisionWithUnits(
      db,
      {
        clientId,
        status: 8,
        // A line nobody else spends: authorised units hold their amounts until the CRM counts them (decision 029),
        // and on a demo line they would take the room the lender journey counts on. The layout matches by VIN.
        creditLine: 'LC-E2E-LAYOUT',
        total: String(vins.length * 250000),
        approvedDate: '2026-11-10',
      },
      vins.map((vin, index) => ({ vinNumber: vin, motorNumber: `MTR-LAYOUT-${index}`, amount: '250000.00' })),
    );
    return units;
  });
}

/**
 * Takes away the provision that `createFinancedUnits` wrote for these units (its units go with it): a journey that
 * finances units of a customer the demo leaves without provisions (Camiones del Norte) must leave it so, for the
 * statistics journey that shows such a customer (issue 14 §1.4).
 */
export async function removeFinancedUnits(unitIds: number[]): Promise<void> {
  if (unitIds.length === 0) return;
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const { db } = handle;
    const owners = await db
      .selectDistinct({ id: provisionUnits.provisionId })
      .from(provisionUnits)
      .where(inArray(provisionUnits.id, unitIds));
    const ids = owners.flatMap((row) => (row.id === null ? [] : [row.id]));
    if (ids.length > 0) await db.delete(provisions).where(inArray(provisions.id, ids));
  } finally {
    await handle.close();
  }
}

/**
 * A unit the lender sent to the CRM, as the API's 'Enviar a CRM' sends it (POST /InsertarUnidad): a credit that
 * starts on `fechaInicio` — after the CRM simulator's own date when it is today (decision 060).
 */
export async function insertCrmCredit(unit: {
  numeroCliente: string;
  lineaCredito: string;
  vin: string;
  plazo: number;
  monto: number;
  fechaInicio: string;
}): Promise<{ noCredito: string }> {
  const { url, token } = e2eEnv().crm;
  const response = await fetch(`${url}/InsertarUnidad`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      folio: 'E2E-LAYOUT',
      motor: `MTR-${unit.vin.slice(-6)}`,
      marca: 'Isuzu',
      modelo: '2026',
      descripcion: 'ELF 300 CHASIS CABINA',
      colorExterior: 'Blanco',
      colorInterior: 'Gris',
      ...unit,
    }),
  });
  if (response.status !== 201) throw new Error(`InsertarUnidad: ${response.status} ${await response.text()}`);
  return (await response.json()) as { noCredito: string };
}

/** The units' stored term and availability for refinancing. */
export async function unitsRefinancing(ids: number[]) {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    return await handle.db
      .select({ id: provisionUnits.id, deadlines: provisionUnits.deadlines, canRefinance: provisionUnits.canRefinance })
      .from(provisionUnits)
      .where(inArray(provisionUnits.id, ids));
  } finally {
    await handle.close();
  }
}
