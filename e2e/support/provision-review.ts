// A provision at Validación (3) made for one journey: Autos del Norte's (the demo account the demo administrator
// reaches through the operator it registered, decision 014), with units whose checks differ, so the review screens
// have rows nobody else touches.
import { eq } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { creditLines } from '../../apps/api/src/db/schema/credit-lines';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { agencies, companies } from '../../apps/api/src/db/schema/organisation';
import { users } from '../../apps/api/src/db/schema/users';
import { e2eEnv } from './env';

export type ReviewUnitSeed = {
  vin: string;
  amount: string;
  validation: {
    invoiceDate: string | null;
    validInvoice: boolean | null;
    repuve: boolean | null;
    tu: boolean | null;
    ax: boolean | null;
  };
};

/** A line nobody else spends (its reservations are this journey's alone). */
const REVIEW_LINE = 'LC-E2E-REVISION';

/** Inserts the provision (status 3, on REVIEW_LINE) and its units. */
export async function createProvisionUnderReview(units: ReviewUnitSeed[]): Promise<{ id: number; folio: string }> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const { db } = handle;
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [agent] = await db.select().from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
    const [legal] = await db.select().from(users).where(eq(users.email, 'representante@autosdelnorte.mx'));
    const [agency] = await db.select().from(agencies).where(eq(agencies.companyId, company!.id));
    // The line as if read from the CRM once, under a client number no company has: the detail shows its balances
    // and no other journey's line or client is touched.
    await db
      .insert(creditLines)
      .values({
        crmLineId: REVIEW_LINE,
        clientNumber: 'E2E-REVISION',
        typeLine: '100000000',
        montoAutorizado: '5000000.00',
        montoRestante: '4250000.00',
        plazos: '1|2|3',
        refreshedAt: new Date(),
      })
      .onConflictDoNothing();
    const total = units.reduce((sum, u) => sum + Math.round(Number(u.amount) * 100), 0);
    const [provision] = await db
      .insert(provisions)
      .values({
        status: 3,
        accountId: company!.accountId,
        companyId: company!.id,
        agencyId: agency?.id ?? null,
        legalId: legal!.id,
        creditLine: REVIEW_LINE,
        typeLine: '100000000',
        deadlines: 3,
        description: 'Journey: revisión de disposición',
        // Cents to a decimal string without a float's rounding in the way.
        total: `${Math.trunc(total / 100)}.${String(total % 100).padStart(2, '0')}`,
        registerBy: agent!.id,
      })
      .returning({ id: provisions.id, folio: provisions.folio });
    await db.insert(provisionUnits).values(
      units.map(({ vin, amount, validation }, i) => ({
        provisionId: provision!.id,
        vinNumber: vin,
        agency: 'Monterrey Centro',
        brandName: 'Nissan',
        type: 'Sedan',
        model: '2026',
        description: 'Versa Sense',
        color: 'Blanco Perla',
        insideColor: 'Negro',
        motorNumber: `HR16-${String(400100 + i)}`,
        amount,
        invoiceDate: validation.invoiceDate,
        validInvoice: validation.validInvoice,
        validRepuve: validation.repuve,
        validTransunion: validation.tu,
        validAx: validation.ax,
      })),
    );
    return { id: provision!.id, folio: String(provision!.folio) };
  } finally {
    await handle.close();
  }
}

/** The units of a provision as the database holds them after the journey. */
export async function reviewedUnits(provisionId: number) {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    return await handle.db
      .select({
        vin: provisionUnits.vinNumber,
        status: provisionUnits.status,
        comment: provisionUnits.comment,
        reviewAF: provisionUnits.reviewAf,
      })
      .from(provisionUnits)
      .where(eq(provisionUnits.provisionId, provisionId));
  } finally {
    await handle.close();
  }
}
