// The refinancing the detail journey (/refinanciamientos/{id}) walks: two financed units of the demo company Autos
// del Norte (the CRM's client 10001) held by a provision at Autorizada (8) on a line of their own, and a refinancing of
// both at Creada (1) that requires evidences, registered by the demo dealer operator with the demo legal
// representative, on the demo signature line (its signer configuration signs the documents).
import { eq } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { evidences } from '../../apps/api/src/db/schema/files';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { agencies, companies } from '../../apps/api/src/db/schema/organisation';
import { refinancingUnits, refinancings } from '../../apps/api/src/db/schema/refinancings';
import { users } from '../../apps/api/src/db/schema/users';
import { DEMO_USERS } from './demo';
import { e2eEnv } from './env';

/** The financed units' provision: a line nobody else spends (authorised units hold their amounts, decision 029). */
export const JOURNEY_PROVISION_LINE = 'LC-E2E-REFIN-J';
/** The refinancing's line: the demo line with a signer configuration (seed-signatures.ts), terms 1|2|3. */
export const JOURNEY_REFINANCING_LINE = 'LC-10001-02';
export const JOURNEY_UNIT_AMOUNT = '48500.25';
const TERM = 2;

export type SeededRefinancing = { id: number; folio: string; vins: string[] };

async function withDb<T>(work: (db: ReturnType<typeof createDb>['db']) => Promise<T>): Promise<T> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** VINs nobody else uses (17 characters). */
const vinFor = (n: number) => `RFJ${String(Date.now()).slice(-8)}${String(n).padStart(6, '0')}`.slice(0, 17);

export function seedJourneyRefinancing(): Promise<SeededRefinancing> {
  return withDb(async (db) => {
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [agent] = await db.select().from(users).where(eq(users.email, DEMO_USERS[5].email));
    const [legal] = await db.select().from(users).where(eq(users.email, DEMO_USERS[4].email));
    const [branch] = await db.select().from(agencies).where(eq(agencies.companyId, company!.id)).limit(1);
    const vins = [vinFor(1), vinFor(2)];
    const [provision] = await db
      .insert(provisions)
      .values({
        status: 8,
        accountId: company!.accountId,
        companyId: company!.id,
        agencyId: branch?.id ?? null,
        creditLine: JOURNEY_PROVISION_LINE,
        typeLine: '100000001',
        deadlines: 3,
        total: '97000.50',
        registerBy: agent!.id,
        approvedDate: '2026-11-10',
      })
      .returning({ id: provisions.id });
    const copy = (vin: string, index: number) => ({
      vinNumber: vin,
      agency: 'Monterrey',
      brandName: 'NISSAN',
      type: 'SEDAN',
      model: '2024',
      description: 'VERSA SENSE',
      color: 'Blanco',
      insideColor: 'Negro',
      motorNumber: `MRFJ${index}`,
      amount: JOURNEY_UNIT_AMOUNT,
    });
    const financed = await db
      .insert(provisionUnits)
      .values(
        vins.map((vin, index) => ({
          ...copy(vin, index),
          provisionId: provision!.id,
          deadlines: TERM,
          canRefinance: true,
        })),
      )
      .returning({ id: provisionUnits.id, vin: provisionUnits.vinNumber });
    const [refinancing] = await db
      .insert(refinancings)
      .values({
        status: 1,
        accountId: company!.accountId,
        companyId: company!.id,
        agencyId: branch?.id ?? null,
        legalId: legal!.id,
        creditLine: JOURNEY_REFINANCING_LINE,
        typeLine: '1',
        deadlines: TERM,
        requireEvidences: true,
        total: '97000.50',
        registerBy: agent!.id,
      })
      .returning({ id: refinancings.id, folio: refinancings.folio });
    await db.insert(refinancingUnits).values(
      financed.map((unit, index) => ({
        ...copy(unit.vin, index),
        refinancingId: refinancing!.id,
        sourceUnitId: unit.id,
        deadlines: TERM,
        validRepuve: true,
        validTransunion: true,
        validAx: true,
      })),
    );
    return { id: refinancing!.id, folio: String(refinancing!.folio), vins };
  });
}

export const refinancingStatus = (id: number) =>
  withDb(async (db) => (await db.select().from(refinancings).where(eq(refinancings.id, id)))[0]!.status);

/** The e-signature signers still to sign the refinancing's documents (their own sign links at the simulator). */
export const pendingSigners = (id: number) =>
  withDb(async (db) =>
    (await db.select().from(evidences).where(eq(evidences.refinancingId, id)))
      .flatMap((e) => e.envelopeSigners ?? [])
      .filter((s) => s.status === 'pending'),
  );

/** A 1×1 PNG: the evidence upload checks the bytes, not the name. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
