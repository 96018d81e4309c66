// Rows the accessibility sweeps (e2e/a11y/financing-*.spec.ts) open dialogs and detail screens on: an exception of the
// demo company Autos del Norte at a given status (removed again by the sweep: a company's latest exception decides its
// eligibility, which other journeys read), and one refinancing at Creada with one unit that every sweep opens.
import { eq, inArray } from 'drizzle-orm';
import { createDb } from '../../apps/api/src/db/client';
import { exceptions } from '../../apps/api/src/db/schema/exceptions';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { refinancingUnits, refinancings } from '../../apps/api/src/db/schema/refinancings';
import { users } from '../../apps/api/src/db/schema/users';
import { DEMO_USERS } from './demo';
import { createRefinanceableUnits } from './refinancing';
import { withDb } from './db';
import { PLAIN_CAR } from './financed-units';

const autosDelNorte = (db: ReturnType<typeof createDb>['db']) =>
  db
    .select()
    .from(companies)
    .where(eq(companies.clientId, '10001'))
    .then((rows) => rows[0]!);

/** An exception request at `status` (0 pending, 1 seen by the operator), with `work` run while it exists. */
export async function withException(
  status: 0 | 1,
  work: (exception: { id: number; folio: string }) => Promise<void>,
): Promise<void> {
  const exception = await withDb(async (db) => {
    const company = await autosDelNorte(db);
    const [row] = await db
      .insert(exceptions)
      .values({
        accountId: company.accountId,
        companyId: company.id,
        comment: 'Revisión de accesibilidad',
        status,
        ...(status === 1 && { commentOF: 'Documentación revisada' }),
      })
      .returning({ id: exceptions.id, folio: exceptions.folio });
    return row!;
  });
  try {
    await work(exception);
  } finally {
    await withDb((db) => db.delete(exceptions).where(inArray(exceptions.id, [exception.id])));
  }
}

const MOTOR = 'MTR-A11Y-0';

/**
 * A refinancing at Creada (1) of Autos del Norte with one unit of 150.00, as the create stores it: the sweeps' one,
 * made by the first that asks (its total is reserved on the demo line LC-10001-02, which other journeys share).
 */
export async function a11yRefinancing(): Promise<number> {
  const [found] = await withDb((db) =>
    db
      .select({ id: refinancingUnits.refinancingId })
      .from(refinancingUnits)
      .where(eq(refinancingUnits.motorNumber, MOTOR))
      .limit(1),
  );
  if (found) return found.id;
  const vin = `E2EA11Y${String(Date.now()).slice(-10)}`;
  const [unit] = await createRefinanceableUnits([{ vin, deadlines: 3, amount: '150.00' }]);
  return withDb(async (db) => {
    const company = await autosDelNorte(db);
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [DEMO_USERS[5].email, DEMO_USERS[4].email]));
    const idOf = (type: 4 | 5) => people.find((p) => p.email === DEMO_USERS[type].email)!.id;
    const [refinancing] = await db
      .insert(refinancings)
      .values({
        accountId: company.accountId,
        companyId: company.id,
        legalId: idOf(4),
        creditLine: 'LC-10001-02',
        typeLine: '1',
        deadlines: 3,
        requireEvidences: false,
        total: '150.00',
        registerBy: idOf(5),
      })
      .returning({ id: refinancings.id });
    await db.insert(refinancingUnits).values({
      refinancingId: refinancing!.id,
      sourceUnitId: unit!.id,
      ...PLAIN_CAR,
      vinNumber: vin,
      motorNumber: MOTOR,
      amount: '150.00',
      deadlines: 3,
    });
    return refinancing!.id;
  });
}
