// A released (or rejected) provision of a demo company written straight to the database with its units: the
// starting point of the journeys that act on financed units (layout, refinancing, credit failures, units under
// review), each on rows nobody else touches.
import { eq } from 'drizzle-orm';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { vehicleByVin } from '../../apps/simulators/src/fixtures/index';
import type { withDb } from './db';

type Db = Parameters<Parameters<typeof withDb>[0]>[0];
type UnitRow = typeof provisionUnits.$inferInsert;

/** The provision's own columns a journey chooses; account, company and author come from the demo. */
export type SeededProvision = {
  /** The CRM's client of the demo company (default 10001, Autos del Norte). */
  clientId?: string;
  /** Who registered it (default the demo dealer operator). */
  registerByEmail?: string;
  status: number;
  creditLine: string;
  typeLine?: string;
  total: string;
  approvedDate?: string;
  agencyId?: number | null;
};

/** A unit's columns, the vehicle's description defaulting to a plain demo car. */
export type SeededUnit = Omit<UnitRow, 'provisionId' | keyof typeof PLAIN_CAR> & Partial<typeof PLAIN_CAR>;

/** The car most seeded units describe (the CRM's fixtures are not asked). */
export const PLAIN_CAR = {
  agency: 'Monterrey',
  brandName: 'Toyota',
  type: 'Sedan',
  model: '2023',
  description: 'Unidad financiada',
  color: 'Blanco',
  insideColor: 'Negro',
  motorNumber: 'MTR-E2E',
};

/** A unit described as the simulated CRM's fixtures describe its VIN (what a validation would compare). */
export function carOfCrm(vin: string, vehicle = vehicleByVin(vin)) {
  if (!vehicle) throw new Error(`the CRM fixtures do not know ${vin}`);
  return {
    vinNumber: vin,
    agency: 'Monterrey Centro',
    brandName: vehicle.marca.slice(0, 15),
    type: vehicle.tipo.slice(0, 8),
    model: vehicle.modelo.slice(0, 4),
    description: vehicle.descripcion.slice(0, 50),
    color: vehicle.colorExterior.slice(0, 35),
    insideColor: vehicle.colorInterior.slice(0, 70),
    motorNumber: vehicle.motor.slice(0, 25),
    amount: vehicle.valorFactura.toFixed(2),
  };
}

/** Writes the provision and its units; answers the provision (with its company) and the units' ids by VIN. */
export async function insertProvisionWithUnits(
  db: Db,
  head: SeededProvision,
  units: SeededUnit[] | ((authorId: number) => SeededUnit[]),
) {
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.clientId, head.clientId ?? '10001'));
  const [author] = await db
    .select()
    .from(users)
    .where(eq(users.email, head.registerByEmail ?? 'agencia@autosdelnorte.mx'));
  const [provision] = await db
    .insert(provisions)
    .values({
      status: head.status,
      accountId: company!.accountId,
      companyId: company!.id,
      agencyId: head.agencyId ?? null,
      creditLine: head.creditLine,
      typeLine: head.typeLine ?? '100000001',
      deadlines: 3,
      total: head.total,
      registerBy: author!.id,
      approvedDate: head.approvedDate,
    })
    .returning({ id: provisions.id, folio: provisions.folio });
  const rows = await db
    .insert(provisionUnits)
    .values(
      (typeof units === 'function' ? units(author!.id) : units).map((unit) => ({
        ...PLAIN_CAR,
        ...unit,
        provisionId: provision!.id,
      })),
    )
    .returning({ id: provisionUnits.id, vin: provisionUnits.vinNumber });
  return {
    provision: { ...provision!, accountId: company!.accountId, companyId: company!.id },
    author: author!,
    units: rows,
  };
}

/** A unit the REPUVE, TransUnion and AX checks passed. */
export const VALIDATED = { validRepuve: true, validTransunion: true, validAx: true };

/** A validated unit the layout made available for refinancing (its term in `deadlines`). */
export const REFINANCEABLE = { ...VALIDATED, canRefinance: true };
