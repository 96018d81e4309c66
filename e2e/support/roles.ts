// Roles made for one journey (a status toggle, a filter), so journeys never flip the demo roles others hand out.
import { randomUUID } from 'node:crypto';
import type { UserType } from '@planpiso/domain';
import { createDb } from '../../apps/api/src/db/client';
import { roles } from '../../apps/api/src/db/schema/roles';
import { e2eEnv } from './env';

export type FixtureRole = { id: number; name: string; description: string; type: UserType };

/** An active role of `type` with a unique name; `registerBy` puts it in that user's own roles list (types 2–4). */
export async function createRole({
  type,
  registerBy = null,
}: {
  type: UserType;
  registerBy?: number | null;
}): Promise<FixtureRole> {
  const tag = randomUUID().slice(0, 8);
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const [row] = await handle.db
      .insert(roles)
      .values({ name: `Rol E2E ${tag}`, description: `Rol de prueba ${tag}`, type, registerBy })
      .returning({ id: roles.id, name: roles.name, description: roles.description });
    if (!row) throw new Error('The fixture role was not created');
    return { ...row, type };
  } finally {
    await handle.close();
  }
}
