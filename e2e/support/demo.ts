import type { UserType } from '@planpiso/domain';

/** The demo seed (apps/api/src/db/seed.ts): one user per type, all with the same password. */
export const DEMO_PASSWORD = 'Demo#2026a';

export const DEMO_USERS: Record<UserType, { email: string; name: string }> = {
  1: { email: 'superusuario@planpiso.mx', name: 'Super usuario' },
  2: { email: 'administrador@planpiso.mx', name: 'Administrador Finbe' },
  3: { email: 'operador@planpiso.mx', name: 'Operador Finbe' },
  4: { email: 'representante@autosdelnorte.mx', name: 'Representante Legal' },
  5: { email: 'agencia@autosdelnorte.mx', name: 'Operador Agencia' },
};

/** The type 4 demo user's two companies (seed): the header switch goes between them. */
export const DEMO_COMPANIES = ['Autos del Norte', 'Camiones del Norte'] as const;
