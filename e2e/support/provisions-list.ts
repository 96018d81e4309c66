// Provisions made for one journey of the list (/disposiciones): rows of the demo company Autos del Norte (the CRM's
// client 10001) in several statuses, registered by the demo dealer operator, so a journey finds rows nobody else
// touches; and the operating window opened for the journey's sends, then put back.
import { eq } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { agencies, companies } from '../../apps/api/src/db/schema/organisation';
import { provisionUnits, provisions } from '../../apps/api/src/db/schema/financing';
import { provisionSettings } from '../../apps/api/src/db/schema/provision-settings';
import { users } from '../../apps/api/src/db/schema/users';
import { e2eEnv } from './env';

export type SeededProvision = { id: number; folio: string; status: number; total: string };

/** A VIN nobody else uses (17 characters, letters and digits): the list never validates it. */
const vinFor = (n: number) => `E2E${String(Date.now()).slice(-8)}${String(n).padStart(6, '0')}`.slice(0, 17);

/**
 * One provision per status in `statuses`, each with one unit of `amount`, on the line LC-10001-01, newest last (the
 * list's default order shows the last one first).
 */
export async function seedProvisions(statuses: readonly number[], amount = '125000.50'): Promise<SeededProvision[]> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const { db } = handle;
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [agent] = await db.select().from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
    const [branch] = await db.select().from(agencies).where(eq(agencies.companyId, company!.id)).limit(1);
    const made: SeededProvision[] = [];
    for (const [index, status] of statuses.entries()) {
      const [provision] = await db
        .insert(provisions)
        .values({
          status,
          accountId: company!.accountId,
          companyId: company!.id,
          agencyId: branch?.id ?? null,
          creditLine: 'LC-10001-01',
          typeLine: index % 2 === 0 ? '100000000' : '100000001',
          deadlines: 3,
          total: amount,
          registerBy: agent!.id,
          // A second apart, so the default order (date descending) is the reverse of `statuses`.
          createdAt: new Date(Date.now() - (statuses.length - index) * 1000),
        })
        .returning({ id: provisions.id, folio: provisions.folio });
      await db.insert(provisionUnits).values({
        provisionId: provision!.id,
        vinNumber: vinFor(provision!.id),
        agency: 'Monterrey Centro',
        brandName: 'NISSAN',
        type: 'SEDAN',
        model: '2025',
        description: 'VERSA ADVANCE',
        color: 'Blanco',
        insideColor: 'Negro',
        motorNumber: `M${provision!.id}`,
        amount,
      });
      made.push({ id: provision!.id, folio: String(provision!.folio), status, total: amount });
    }
    return made;
  } finally {
    await handle.close();
  }
}

/**
 * Opens the operating window for the whole day (an equal start and end puts no limit on the hours) so a send works
 * whenever the suite runs; returns what puts the configured window back.
 */
export async function openOperatingWindow(): Promise<() => Promise<void>> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    // The one configuration row (id 1) with its defaults, if nobody saved it yet.
    await handle.db.insert(provisionSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await handle.db.select().from(provisionSettings).where(eq(provisionSettings.id, 1));
    await setWindow({ start: '00:00', end: '00:00' });
    return () => setWindow({ start: before!.startOperation, end: before!.endOperation });
  } finally {
    await handle.close();
  }
}

/** Sets the window to [start, end) in Mexico City time. */
export async function setWindow(window: { start: string; end: string }): Promise<void> {
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    await handle.db
      .update(provisionSettings)
      .set({ startOperation: window.start, endOperation: window.end })
      .where(eq(provisionSettings.id, 1));
  } finally {
    await handle.close();
  }
}
