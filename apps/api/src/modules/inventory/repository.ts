import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';

/** The client number of the company the user has active in the header (null when none, or it has no client). */
export async function activeCompanyClient(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ clientId: companies.clientId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.clientId ?? null;
}
