import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema/organisation';
import { customSigners, signatureConfigSigners, signatureConfigs } from '../../db/schema/signatures';
import { dayText } from '../../platform/listing';
import type { AccountScope } from '../organisation-lookups';
import { companyScopeWhere } from '../organisation-lookups';

const customSignerColumns = {
  id: customSigners.id,
  fullName: customSigners.fullName,
  createdAt: dayText(customSigners.createdAt),
  companyId: customSigners.companyId,
  creditLine: customSigners.creditLine,
  companyName: companies.name,
};

/** The custom signers of a company and line (the ones a configuration may name). */
export function customSignersOf(db: Executor, companyId: number, creditLine: string) {
  return db
    .select({ id: customSigners.id, fullName: customSigners.fullName })
    .from(customSigners)
    .where(and(eq(customSigners.companyId, companyId), eq(customSigners.creditLine, creditLine)));
}

export async function findConfig(db: Executor, companyId: number, creditLine: string) {
  const [config] = await db
    .select()
    .from(signatureConfigs)
    .where(and(eq(signatureConfigs.companyId, companyId), eq(signatureConfigs.creditLine, creditLine)))
    .limit(1);
  return config;
}
export type ConfigRow = NonNullable<Awaited<ReturnType<typeof findConfig>>>;

/** A configuration's signatures, in the order they were saved. */
export function signaturesOf(db: Executor, configId: number) {
  return db
    .select({
      keySigner: signatureConfigSigners.keySigner,
      signerId: signatureConfigSigners.signerId,
      signedBy: signatureConfigSigners.signedBy,
      isLegal: signatureConfigSigners.isLegal,
      isCustom: signatureConfigSigners.isCustom,
      clientId: signatureConfigSigners.clientId,
      isJoint: signatureConfigSigners.isJoint,
      selectedValue: signatureConfigSigners.selectedValue,
    })
    .from(signatureConfigSigners)
    .where(eq(signatureConfigSigners.configId, configId))
    .orderBy(asc(signatureConfigSigners.id));
}
export type SignatureRow = Awaited<ReturnType<typeof signaturesOf>>[number];

/** Writes the configuration of a company and line (inserted, or updated in place); returns its id. */
export async function upsertConfig(
  db: Executor,
  values: {
    accountId: number;
    companyId: number;
    creditLine: string;
    isElectronic: boolean;
    version: number;
    registerBy: number;
  },
): Promise<number> {
  const [config] = await db
    .insert(signatureConfigs)
    .values(values)
    .onConflictDoUpdate({
      target: [signatureConfigs.companyId, signatureConfigs.creditLine],
      set: { isElectronic: values.isElectronic, version: values.version, updatedAt: sql`now()` },
    })
    .returning({ id: signatureConfigs.id });
  return config!.id;
}

/** Replaces every signature of a configuration. */
export async function replaceSignatures(
  db: Executor,
  configId: number,
  signatures: Omit<typeof signatureConfigSigners.$inferInsert, 'configId'>[],
) {
  await db.delete(signatureConfigSigners).where(eq(signatureConfigSigners.configId, configId));
  await db.insert(signatureConfigSigners).values(signatures.map((s) => ({ ...s, configId })));
}

export async function findCustomSigner(db: Executor, id: number) {
  const [row] = await db
    .select(customSignerColumns)
    .from(customSigners)
    .innerJoin(companies, eq(companies.id, customSigners.companyId))
    .where(eq(customSigners.id, id))
    .limit(1);
  return row;
}
export type CustomSignerRow = NonNullable<Awaited<ReturnType<typeof findCustomSigner>>>;

/** Custom signers of the companies a scope reaches, optionally of one company and line; by company, then name. */
export function listCustomSigners(
  db: Executor,
  scope: AccountScope,
  filters: { companyId?: number; creditLine?: string },
) {
  return db
    .select(customSignerColumns)
    .from(customSigners)
    .innerJoin(companies, eq(companies.id, customSigners.companyId))
    .where(
      and(
        companyScopeWhere(scope),
        filters.companyId ? eq(customSigners.companyId, filters.companyId) : undefined,
        filters.creditLine ? eq(customSigners.creditLine, filters.creditLine) : undefined,
      ),
    )
    .orderBy(asc(companies.name), asc(customSigners.fullName), asc(customSigners.id));
}

export async function insertCustomSigner(
  db: Executor,
  values: { accountId: number; companyId: number; creditLine: string; fullName: string; registerBy: number },
): Promise<number> {
  const [row] = await db.insert(customSigners).values(values).returning({ id: customSigners.id });
  return row!.id;
}

/** Renames a custom signer, and the signatures that name it, so a saved configuration shows the new name. */
export async function renameCustomSigner(db: Executor, id: number, fullName: string) {
  await db.update(customSigners).set({ fullName }).where(eq(customSigners.id, id));
  await db
    .update(signatureConfigSigners)
    .set({ signedBy: fullName })
    .where(and(eq(signatureConfigSigners.isCustom, true), eq(signatureConfigSigners.signerId, String(id))));
}

/** Whether a saved configuration of the company names the custom signer. */
export async function customSignerInUse(db: Executor, id: number, companyId: number): Promise<boolean> {
  const [used] = await db
    .select({ id: signatureConfigSigners.id })
    .from(signatureConfigSigners)
    .innerJoin(signatureConfigs, eq(signatureConfigs.id, signatureConfigSigners.configId))
    .where(
      and(
        eq(signatureConfigSigners.isCustom, true),
        eq(signatureConfigSigners.signerId, String(id)),
        eq(signatureConfigs.companyId, companyId),
      ),
    )
    .limit(1);
  return used !== undefined;
}

export async function deleteCustomSigner(db: Executor, id: number) {
  await db.delete(customSigners).where(eq(customSigners.id, id));
}
