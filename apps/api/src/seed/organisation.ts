import { and, eq } from 'drizzle-orm';
import { DEMO_CLIENT_NUMBERS } from '@planpiso/simulators/fixtures';
import { accounts, agencies, companies } from '../db/schema/organisation';
import type { Tx } from '../db/client';

const ACCOUNT = { name: 'Grupo Automotriz del Norte', type: 1, email: 'contacto@autosdelnorte.mx' };
// The companies are clients the CRM simulator knows (decision 009: one source of demo data).
const COMPANIES = [
  { name: 'Autos del Norte', legalName: 'Autos del Norte S.A. de C.V.', clientId: DEMO_CLIENT_NUMBERS.autosDelNorte },
  {
    name: 'Camiones del Norte',
    legalName: 'Camiones del Norte S.A. de C.V.',
    clientId: DEMO_CLIENT_NUMBERS.camionesDelNorte,
  },
] as const;
const AGENCY = { name: 'Sucursal Monterrey Centro', address: 'Av. Constitución 100, Centro, Monterrey, N.L.' };

/** A second dealer group assigned to the operator, so a legal representative's scope visibly stops at its own. */
const SECOND_ACCOUNT = { name: 'Grupo Automotriz del Bajío', type: 2, email: 'contacto@autosdelbajio.mx' };
const SECOND_COMPANY = {
  name: 'Autos del Bajío',
  legalName: 'Autos del Bajío S.A. de C.V.',
  clientId: DEMO_CLIENT_NUMBERS.autosDelBajio,
};

/** Client numbers of the first demo seeds, before the companies used the CRM's: renamed once, in place. */
const LEGACY_CLIENT_IDS: Record<string, string> = {
  'CL-0001': DEMO_CLIENT_NUMBERS.autosDelNorte,
  'CL-0002': DEMO_CLIENT_NUMBERS.camionesDelNorte,
  'CL-0003': DEMO_CLIENT_NUMBERS.autosDelBajio,
};
const SECOND_AGENCY = { name: 'Sucursal León', address: 'Blvd. Adolfo López Mateos 2000, León, Gto.' };

/** Where a seeded user sits: staff sit nowhere, dealer users in one of the demo companies. */
export type Place = 'none' | 'north' | 'trucks' | 'bajio';

export type PlaceIds = { accountId: number | null; companyId: number | null; agencyId: number | null };

/** The ids of the demo organisation that the users, assignments and financing seeds hang from. */
export interface DemoOrganisation {
  accountId: number;
  northId: number;
  trucksId: number;
  agencyId: number;
  bajioAccountId: number;
  places: Record<Place, PlaceIds>;
}

async function ensureAccount(tx: Tx, account: typeof ACCOUNT = ACCOUNT): Promise<number> {
  const [found] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, account.name)).limit(1);
  if (found) return found.id;
  const [created] = await tx.insert(accounts).values(account).returning({ id: accounts.id });
  return created!.id;
}

async function ensureCompany(
  tx: Tx,
  accountId: number,
  company: { name: string; legalName: string; clientId: string },
): Promise<number> {
  const legacy = Object.keys(LEGACY_CLIENT_IDS).find((old) => LEGACY_CLIENT_IDS[old] === company.clientId);
  if (legacy) await tx.update(companies).set({ clientId: company.clientId }).where(eq(companies.clientId, legacy));
  const [created] = await tx
    .insert(companies)
    .values({ accountId, ...company })
    .onConflictDoNothing({ target: companies.clientId })
    .returning({ id: companies.id });
  if (created) return created.id;
  const [found] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.clientId, company.clientId));
  return found!.id;
}

async function ensureAgency(
  tx: Tx,
  accountId: number,
  companyId: number,
  agency: typeof AGENCY = AGENCY,
): Promise<number> {
  const [found] = await tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.name, agency.name), eq(agencies.companyId, companyId)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(agencies)
    .values({ accountId, companyId, ...agency })
    .returning({ id: agencies.id });
  return created!.id;
}

/**
 * Both dealer groups: "Grupo Automotriz del Norte" with two companies and a branch, and the Bajío group with
 * one of each. Whatever exists is left as it is.
 */
export async function seedOrganisation(tx: Tx): Promise<DemoOrganisation> {
  const accountId = await ensureAccount(tx);
  const [northId, trucksId] = [
    await ensureCompany(tx, accountId, COMPANIES[0]),
    await ensureCompany(tx, accountId, COMPANIES[1]),
  ];
  const agencyId = await ensureAgency(tx, accountId, northId);
  const bajioAccountId = await ensureAccount(tx, SECOND_ACCOUNT);
  const bajioId = await ensureCompany(tx, bajioAccountId, SECOND_COMPANY);
  const leonId = await ensureAgency(tx, bajioAccountId, bajioId, SECOND_AGENCY);
  const places: Record<Place, PlaceIds> = {
    none: { accountId: null, companyId: null, agencyId: null },
    north: { accountId, companyId: northId, agencyId },
    trucks: { accountId, companyId: trucksId, agencyId: null },
    bajio: { accountId: bajioAccountId, companyId: bajioId, agencyId: leonId },
  };
  return { accountId, northId, trucksId, agencyId, bajioAccountId, places };
}
