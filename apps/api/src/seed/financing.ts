import { and, eq } from 'drizzle-orm';
import {
  CREDIT_LINES,
  CRM_REJECTIONS,
  DEMO_SEED_VEHICLES,
  FAILING_VINS,
  vehicleByVin,
} from '@planpiso/simulators/fixtures';
import { Money } from '@planpiso/domain';
import type { Tx } from '../db/client';
import { crmInsertions, provisionUnits, provisions } from '../db/schema/financing';

// Demo provisions of Autos del Norte (the CRM's client 10001), one per situation a screen shows: a draft the demo
// agency user can still edit and send (1), one sent to validation (2), units waiting for the lender's validation
// (3, the periodic REPUVE/TransUnion/AX checks), an authorised provision whose units the CRM did not take (8, the
// credit failures: one the CRM refuses, one that goes in on Reintentar), a rejected provision whose units wait, under
// review, for the dealer operator (9, /unidades), a cancelled one (11), and a year of released ones (10). Every VIN
// is a CRM fixture, so the simulators answer for them; the good ones are DEMO_SEED_VEHICLES, never NEW_VEHICLES,
// which the tests and the sample CSVs (docs/samples) upload — a VIN held here by an open provision would be refused
// to them as already financed. Idempotent: each provision is found by its description.
//
// Room left for a new user (the CRM simulator's montoRestante less what these hold, statuses 1–7 and the units of
// 8 not in the CRM yet): LC-10001-01 (Nuevos) 3,467,000.00 − 662,300.00 (8) = 2,804,700.00, so the sample
// docs/samples/disposicion-ejemplo.csv (five new units, 2,406,400.00) is saved whole, or the units under review
// (1,488,100.00) can be drawn again; LC-10001-02 (Seminuevos) 1,645,795.00 − 164,250.00 (1) − 279,400.00 (2) −
// 712,400.00 (3) = 489,745.00. Keep it so when adding one.

type Place = { accountId: number; companyId: number; agencyId: number; registerBy: number; legalId: number };

const SEED_TAG = 'Demostración';

type DemoProvision = {
  description: string;
  status: number;
  creditLine: string;
  vins: string[];
  /** The units' CRM insertion attempts, when the provision reached the CRM. */
  insertion?: { status: 'failed'; lastError: (vin: string) => string };
  /** Rejected by the lender with its units sent back to the operator, in review, each with the lender's comment. */
  review?: { comments: string[] };
};

const OUTAGE =
  'Ocurrió un error API externa: InsertarUnidad: el sistema no respondió a tiempo (el CRM estaba fuera de servicio)';

const DEMO_PROVISIONS: DemoProvision[] = [
  {
    description: `${SEED_TAG}: borrador por enviar`,
    status: 1,
    creditLine: 'LC-10001-02',
    vins: [DEMO_SEED_VEHICLES[8]!.vin],
  },
  {
    description: `${SEED_TAG}: enviada a validar`,
    status: 2,
    creditLine: 'LC-10001-02',
    vins: [DEMO_SEED_VEHICLES[9]!.vin],
  },
  {
    description: `${SEED_TAG}: unidades en validación`,
    status: 3,
    // Used units, on the Seminuevos line: the Nuevos line keeps room for docs/samples/disposicion-ejemplo.csv.
    creditLine: 'LC-10001-02',
    vins: [FAILING_VINS.repuve[0]!, DEMO_SEED_VEHICLES[5]!.vin, FAILING_VINS.transUnion[0]!],
  },
  {
    description: `${SEED_TAG}: autorizada, con créditos por insertar`,
    status: 8,
    creditLine: 'LC-10001-01',
    vins: [FAILING_VINS.crmInsertion[0]!, DEMO_SEED_VEHICLES[6]!.vin],
    insertion: { status: 'failed', lastError: (vin) => CRM_REJECTIONS[vin] ?? OUTAGE },
  },
  {
    // Units under review (/unidades, decision 030): the dealer operator draws them again or removes them.
    description: `${SEED_TAG}: rechazada, unidades en revisión`,
    status: 9,
    creditLine: 'LC-10001-01',
    vins: [
      DEMO_SEED_VEHICLES[2]!.vin,
      DEMO_SEED_VEHICLES[3]!.vin,
      DEMO_SEED_VEHICLES[4]!.vin,
      DEMO_SEED_VEHICLES[10]!.vin,
    ],
    review: {
      comments: [
        'La factura no corresponde al VIN',
        'Falta la factura de la unidad',
        'El monto no coincide con la factura',
        'Adjunte el comprobante de pago de tenencia',
      ],
    },
  },
  {
    description: `${SEED_TAG}: cancelada`,
    status: 11,
    creditLine: 'LC-10001-01',
    vins: [DEMO_SEED_VEHICLES[0]!.vin, DEMO_SEED_VEHICLES[1]!.vin],
  },
];

const cut = (text: string, max: number) => text.slice(0, max);

/**
 * A year of released provisions, two or three a month with varying totals, so the statistics chart
 * ('Gráfica de disposiciones promedio en un lapso de 12 meses') has something to draw. Dated relative to the day
 * the seed first runs.
 */
async function seedProvisionHistory(tx: Tx, place: Place): Promise<void> {
  const description = `${SEED_TAG}: historial`;
  const [existing] = await tx
    .select({ id: provisions.id })
    .from(provisions)
    .where(and(eq(provisions.companyId, place.companyId), eq(provisions.description, description)))
    .limit(1);
  if (existing) return;
  const now = new Date();
  const rows = [];
  for (let monthsAgo = 11; monthsAgo >= 0; monthsAgo--) {
    const perMonth = 2 + (monthsAgo % 2);
    for (let i = 0; i < perMonth; i++) {
      const createdAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 3 + i * 7, 17));
      if (createdAt > now) continue;
      const total = 450000 + (((11 - monthsAgo) * 37500 + i * 120000) % 600000);
      rows.push({
        status: 10,
        accountId: place.accountId,
        companyId: place.companyId,
        agencyId: place.agencyId,
        legalId: place.legalId,
        creditLine: i % 2 === 0 ? 'LC-10001-01' : 'LC-10001-02',
        typeLine: i % 2 === 0 ? '100000000' : '100000001',
        deadlines: 3,
        description,
        total: Money.fromCents(total * 100).toDecimalString(),
        registerBy: place.registerBy,
        approvedDate: createdAt.toISOString().slice(0, 10),
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  await tx.insert(provisions).values(rows);
}

export async function seedFinancingDemo(tx: Tx, place: Place): Promise<void> {
  await seedProvisionHistory(tx, place);
  for (const demo of DEMO_PROVISIONS) {
    const [existing] = await tx
      .select({ id: provisions.id })
      .from(provisions)
      .where(and(eq(provisions.companyId, place.companyId), eq(provisions.description, demo.description)))
      .limit(1);
    if (existing) continue;

    const vehicles = demo.vins.map((vin) => vehicleByVin(vin)!);
    const total = Money.sum(vehicles.map((vehicle) => Money.of(vehicle.valorFactura)));
    const [provision] = await tx
      .insert(provisions)
      .values({
        status: demo.status,
        accountId: place.accountId,
        companyId: place.companyId,
        agencyId: place.agencyId,
        legalId: place.legalId,
        creditLine: demo.creditLine,
        // The line's own type in the CRM (Nuevos or Seminuevos).
        typeLine: CREDIT_LINES.find((line) => line.lineaCredito === demo.creditLine)!.tipoDispLinea,
        deadlines: 3,
        description: demo.description,
        total: total.toDecimalString(),
        registerBy: place.registerBy,
        approvedDate: demo.status === 8 ? new Date().toISOString().slice(0, 10) : null,
      })
      .returning({ id: provisions.id });
    const units = await tx
      .insert(provisionUnits)
      .values(
        vehicles.map((vehicle, index) => ({
          provisionId: provision!.id,
          vinNumber: vehicle.vin,
          agency: 'Monterrey Centro',
          brandName: cut(vehicle.marca, 15),
          type: cut(vehicle.tipo, 8),
          model: cut(vehicle.modelo, 4),
          description: cut(vehicle.descripcion, 50),
          color: cut(vehicle.colorExterior, 35),
          insideColor: cut(vehicle.colorInterior, 70),
          motorNumber: cut(vehicle.motor, 25),
          amount: Money.of(vehicle.valorFactura).toDecimalString(),
          // The lender reviewed them from status 4 on; a cancelled provision's were never reviewed.
          reviewAf: demo.status >= 4 && demo.status !== 11,
          status: demo.review ? 2 : demo.status >= 4 && demo.status !== 11 ? 1 : 0,
          comment: demo.review?.comments[index % demo.review.comments.length] ?? '',
          inReview: demo.review !== undefined,
          reviewBy: demo.review ? place.registerBy : null,
        })),
      )
      .returning({ id: provisionUnits.id, vin: provisionUnits.vinNumber });
    if (demo.insertion) {
      const failure = demo.insertion;
      await tx.insert(crmInsertions).values(
        units.map((unit) => ({
          unitId: unit.id,
          provisionId: provision!.id,
          status: failure.status,
          attempts: 1,
          lastError: failure.lastError(unit.vin),
          lastDate: new Date(),
        })),
      );
    }
  }
}
