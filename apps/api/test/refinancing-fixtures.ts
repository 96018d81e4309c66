import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Money, type CreateRefinancingRequest } from '@planpiso/domain';
import type { Db } from '../src/db/client';
import { evidences, files } from '../src/db/schema/files';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { refinancingUnits } from '../src/db/schema/refinancings';
import { json } from './harness';
import { post, randomVin, type DealerGroup } from './provision-fixtures';

/**
 * Refinancing fixtures for the API tests (issue 19): financed units seeded directly (a provision at 8 on a line of
 * its own, units made refinanceable as the layout leaves them, decision 043), the create's body, a create through
 * the route, and a unit evidence stored directly (the upload route is another branch's).
 */
export type SeedUnit = { amount: string; deadlines?: number; isSold?: boolean; valid?: boolean };

export async function financedUnits(db: Db, group: DealerGroup, units: SeedUnit[]) {
  const [provision] = await db
    .insert(provisions)
    .values({
      status: 8,
      accountId: group.accountId,
      companyId: group.company.id,
      agencyId: group.agencyId,
      legalId: group.legal.id,
      creditLine: `LC-FIN-${randomUUID().slice(0, 8)}`,
      typeLine: '100000000',
      deadlines: 4,
      total: Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString(),
      registerBy: group.dealer.id,
    })
    .returning({ id: provisions.id });
  return db
    .insert(provisionUnits)
    .values(
      units.map((u) => {
        const vin = randomVin();
        return {
          provisionId: provision!.id,
          vinNumber: vin,
          agency: 'Monterrey',
          brandName: 'Nissan',
          type: 'Sedan',
          model: '2025',
          description: 'Versa Sense',
          color: 'Azul',
          insideColor: 'Negro',
          motorNumber: `MTR-${vin.slice(-6)}`,
          amount: u.amount,
          deadlines: u.deadlines ?? 2,
          isSold: u.isSold ?? false,
          canRefinance: true,
          validRepuve: u.valid ?? true,
          validTransunion: u.valid ?? true,
          validAx: u.valid ?? true,
        };
      }),
    )
    .returning({ id: provisionUnits.id, vin: provisionUnits.vinNumber, amount: provisionUnits.amount });
}

export function createBody(
  group: DealerGroup,
  creditLine: string,
  units: { id: number; amount: string }[],
  extra: Partial<CreateRefinancingRequest> = {},
) {
  return {
    accountId: group.accountId,
    companyId: group.company.id,
    agencyId: group.agencyId,
    legalId: group.legal.id,
    total: Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString(),
    deadlines: 2,
    registerBy: group.dealer.id,
    creditLine,
    typeLine: '1',
    reviewAF: true,
    requireEvidences: true,
    units: units.map((u) => ({ unitId: u.id, comment: '', status: 0 })),
    ...extra,
  };
}

/** A refinancing created by the group's dealer through POST /api/refinancings (status 1). */
export async function createRefinancing(
  app: FastifyInstance,
  db: Db,
  group: DealerGroup,
  creditLine: string,
  units: SeedUnit[],
  extra: Partial<CreateRefinancingRequest> = {},
) {
  const seeded = await financedUnits(db, group, units);
  const response = await post(
    app,
    group.tokens.dealer,
    '/api/refinancings',
    createBody(group, creditLine, seeded, extra),
  );
  if (response.statusCode !== 201) throw new Error(`create refinancing: ${response.statusCode} ${response.body}`);
  const created = json<{ data: { id: number; folio: string } }>(response).data;
  const copies = await db
    .select({ id: refinancingUnits.id, sourceUnitId: refinancingUnits.sourceUnitId })
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, created.id))
    .orderBy(refinancingUnits.id);
  return { ...created, sources: seeded, unitIds: copies.map((c) => c.id) };
}

/** One evidence (type 8) on a refinancing unit, stored directly. */
export async function addUnitEvidence(db: Db, refinancingUnitId: number, uploadedBy: number) {
  const [file] = await db
    .insert(files)
    .values({
      key: `evidences/refinancing-${refinancingUnitId}-${randomUUID()}.pdf`,
      originalName: 'evidencia.pdf',
      contentType: 'application/pdf',
      size: 1000,
      sha256: '0'.repeat(64),
      uploadedBy,
    })
    .returning({ id: files.id });
  await db.insert(evidences).values({ fileId: file!.id, type: 8, refinancingUnitId });
}
