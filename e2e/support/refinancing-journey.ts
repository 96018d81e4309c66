// The financed units the refinancing journey (layout → units → create → detail → CRM) starts from: a provision of the
// demo company Autos del Norte (the CRM's client 10001) at Autorizada (8), on a line of its own, whose units carry
// VINs the CRM simulator holds credits for (apps/simulators/src/fixtures/credits.ts, its date 2026-11-16) with
// REPUVE, TransUnion and AX valid. The layout makes them refinanceable; the dealer then builds the refinancing.
import { eq } from 'drizzle-orm';
import { evidences } from '../../apps/api/src/db/schema/files';
import { agencies, companies } from '../../apps/api/src/db/schema/organisation';
import { refinancings } from '../../apps/api/src/db/schema/refinancings';
import { withDb } from './db';
import { insertProvisionWithUnits, VALIDATED } from './financed-units';

/** The financed units' provision: a line nobody else spends (authorised units hold their amounts, decision 029). */
export const JOURNEY_PROVISION_LINE = 'LC-E2E-REFIN-J';
/** The refinancing's line: the demo line with a signer configuration (seed-signatures.ts), terms 1|2|3. */
export const JOURNEY_REFINANCING_LINE = 'LC-10001-02';
// Small: the demo line's room is shared by the suite's other journeys (about $38,000 is left when this one runs).
export const JOURNEY_UNIT_AMOUNT = '2500.25';

/**
 * Client 10001's credits not under audit, due within 3 months of the CRM's date, and none of them the layout
 * journey's (layout.spec.ts: CRE-0001103, CRE-0001454) — its applied units stay in the stack. `term` is the
 * layout's suggested term, round(diasRescate / 30.4).
 */
export const JOURNEY_CREDITS = {
  /** Due 2027-01-06, 51 days → 2; the dealer marks it sold. */
  sold: { vin: '3CZRZ1H56NM201323', noCredito: 'CRE-0001132', term: 2 },
  /** Due 2027-01-16, 61 days → 2; the administrator edits its term to 3 in the layout. */
  edited: { vin: '3N1CD3AP5VL212887', noCredito: 'CRE-0001297', term: 2 },
  /** Due 2026-12-20, 34 days → 1; the dealer's Actualizar makes it 3, the edited unit's term. */
  retermed: { vin: '3N1CD3AP5TL212840', noCredito: 'CRE-0001188', term: 1 },
} as const;

/** The three financed units, not yet refinanceable (no term: the layout gives it). */
export function seedJourneyUnits(): Promise<{ id: number; vin: string }[]> {
  return withDb(async (db) => {
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [branch] = await db.select().from(agencies).where(eq(agencies.companyId, company!.id)).limit(1);
    const { units } = await insertProvisionWithUnits(
      db,
      {
        status: 8,
        agencyId: branch?.id ?? null,
        creditLine: JOURNEY_PROVISION_LINE,
        total: '145500.75',
        approvedDate: '2026-11-10',
      },
      Object.values(JOURNEY_CREDITS).map((credit, index) => ({
        vinNumber: credit.vin,
        brandName: 'NISSAN',
        type: 'SEDAN',
        model: '2024',
        description: 'VERSA SENSE',
        motorNumber: `MRFJ${index}`,
        amount: JOURNEY_UNIT_AMOUNT,
        ...VALIDATED,
      })),
    );
    return units;
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
