// Units under review made for one journey: a rejected provision of the demo company Autos del Norte whose units the
// lender sent back to the demo dealer operator (decision 030), so a journey acts on rows nobody else touches.
import { eq } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { NEW_VEHICLES, vehicleByVin } from '../../apps/simulators/src/fixtures/index';
import { e2eEnv } from './env';

export type ReviewUnitSeed = {
  vin: string;
  comment: string;
  /** 1,234,567.50 unless told: a journey that spends the line picks an amount that fits beside the others'. */
  amount?: string;
};

/**
 * Units under review of the demo dealer operator, one rejected provision holding them. A VIN the CRM fixtures do
 * not know (a `freshVin()`) gets the first new vehicle's brand, model and colours.
 */
export async function createReviewUnits(units: ReviewUnitSeed[]): Promise<void> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const { db } = handle;
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [agent] = await db.select().from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
    const [provision] = await db
      .insert(provisions)
      .values({
        status: 9,
        accountId: company!.accountId,
        companyId: company!.id,
        creditLine: 'LC-10001-01',
        typeLine: '100000000',
        deadlines: 3,
        total: '0',
        registerBy: agent!.id,
      })
      .returning({ id: provisions.id });
    await db.insert(provisionUnits).values(
      units.map(({ vin, comment, amount = '1234567.50' }) => {
        const vehicle = vehicleByVin(vin) ?? NEW_VEHICLES[0]!;
        return {
          provisionId: provision!.id,
          vinNumber: vin,
          agency: 'Monterrey Centro',
          brandName: vehicle.marca.slice(0, 15),
          type: vehicle.tipo.slice(0, 8),
          model: vehicle.modelo.slice(0, 4),
          description: vehicle.descripcion.slice(0, 50),
          color: vehicle.colorExterior.slice(0, 35),
          insideColor: vehicle.colorInterior.slice(0, 70),
          motorNumber: vehicle.motor.slice(0, 25),
          amount,
          status: 2,
          comment,
          inReview: true,
          reviewBy: agent!.id,
        };
      }),
    );
  } finally {
    await handle.close();
  }
}
