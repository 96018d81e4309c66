import type { UserType } from '@planpiso/domain';
import { DEMO_PASSWORD, DEMO_USERS as SEEDED_USERS } from '../../apps/api/src/seed';

/** The demo seed (apps/api/src/seed/index.ts): one user per type, all with DEMO_PASSWORD. */
export { DEMO_PASSWORD };

export type DemoUser = { email: string; type: UserType; firstname: string; lastname: string };

export const DEMO_USERS = Object.fromEntries(SEEDED_USERS.map((user) => [user.type, user])) as Record<
  UserType,
  DemoUser
>;

/** The type 4 demo user's two companies (seed): the header switch goes between them. */
export const DEMO_COMPANIES = ['Autos del Norte', 'Camiones del Norte'] as const;
