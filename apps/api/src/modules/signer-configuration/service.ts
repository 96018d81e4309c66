import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ORGANISATION_MESSAGES,
  resolveSignatures,
  signatureParties,
  type CreateCustomSignerRequest,
  type CustomSigner,
  type SaveSignatureConfigRequest,
  type SignatureConfig,
  type SignatureConfigQuery,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema/organisation';
import { customSigners, signatureConfigSigners, signatureConfigs } from '../../db/schema/signatures';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { dayText } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups/policy';
import { companyScopeWhere, findCompanyInScope } from '../organisation-lookups/repository';

export type SignerConfigurationService = ReturnType<typeof createSignerConfigurationService>;

const customSignerColumns = {
  id: customSigners.id,
  fullName: customSigners.fullName,
  createdAt: dayText(customSigners.createdAt),
  companyId: customSigners.companyId,
  creditLine: customSigners.creditLine,
  companyName: companies.name,
};
type CustomSignerRow = Omit<CustomSigner, 'company'> & { companyName: string };
const toCustomSigner = ({ companyName, ...row }: CustomSignerRow): CustomSigner => ({
  ...row,
  company: { id: row.companyId, name: companyName },
});

/**
 * Who signs each company's documents on each credit line (spec 2 "Signer configuration"), and the custom signers
 * used when the documents are signed on paper. Scope: the accounts the operator is assigned (decision 008); the
 * parties and their people come from the CRM, so what is saved always names real people of that line.
 */
export function createSignerConfigurationService({ db, adapters }: Pick<AppDeps, 'db' | 'adapters'>) {
  const { crm } = adapters;

  /** The company, if its account is in the caller's scope and not archived; else 404. */
  async function companyOf(actor: AuthUser, companyId: number, executor: Executor = db) {
    const company = await findCompanyInScope(executor, accountScopeOf(actor), companyId);
    if (!company) throw notFound();
    return company;
  }

  /** The line must be one of the company's client's lines in the CRM. */
  async function assertLine(company: { clientId: string | null }, creditLine: string) {
    const lines = company.clientId ? await crm.lineConfiguration(company.clientId) : [];
    if (!lines.some((line) => line.lineaCredito === creditLine)) {
      throw new AppError('VALIDATION_ERROR', 422, ORGANISATION_MESSAGES.creditLineNotOfCompany);
    }
  }

  async function customSignersOf(executor: Executor, companyId: number, creditLine: string) {
    return executor
      .select({ id: customSigners.id, fullName: customSigners.fullName })
      .from(customSigners)
      .where(and(eq(customSigners.companyId, companyId), eq(customSigners.creditLine, creditLine)));
  }

  async function findConfig(executor: Executor, companyId: number, creditLine: string) {
    const [config] = await executor
      .select()
      .from(signatureConfigs)
      .where(and(eq(signatureConfigs.companyId, companyId), eq(signatureConfigs.creditLine, creditLine)))
      .limit(1);
    return config;
  }

  async function configOf(executor: Executor, companyId: number, creditLine: string): Promise<SignatureConfig | null> {
    const config = await findConfig(executor, companyId, creditLine);
    if (!config) return null;
    const signatures = await executor
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
      .where(eq(signatureConfigSigners.configId, config.id))
      .orderBy(asc(signatureConfigSigners.id));
    return {
      accountId: config.accountId,
      companyId: config.companyId,
      creditLine: config.creditLine,
      isElectronic: config.isElectronic,
      version: config.version,
      signatures,
      updatedAt: config.updatedAt.toISOString(),
    };
  }

  async function customSignerOf(actor: AuthUser, id: number, executor: Executor) {
    const [row] = await executor
      .select(customSignerColumns)
      .from(customSigners)
      .innerJoin(companies, eq(companies.id, customSigners.companyId))
      .where(eq(customSigners.id, id))
      .limit(1);
    if (!row) throw notFound();
    await companyOf(actor, row.companyId, executor);
    return toCustomSigner(row);
  }

  return {
    async getConfig(actor: AuthUser, query: SignatureConfigQuery) {
      await companyOf(actor, query.companyId);
      return configOf(db, query.companyId, query.creditLine);
    },

    /**
     * Saves the whole configuration of a company and line (replacing the previous one): every party of the line
     * with its signer, checked against the CRM (spec 2 §5).
     */
    async saveConfig(actor: AuthUser, input: SaveSignatureConfigRequest, requestId: string) {
      const company = await companyOf(actor, input.companyId);
      if (company.accountId !== input.accountId) throw notFound();
      await assertLine(company, input.creditLine);
      const [legals, guarantors] = await Promise.all([
        crm.legalRepresentatives(company.clientId!),
        crm.guarantors(input.creditLine),
      ]);
      const parties = signatureParties({ clientId: company.clientId!, name: company.name }, legals, guarantors);
      const saved = await transaction(db, async (tx) => {
        const custom = await customSignersOf(tx, company.id, input.creditLine);
        const checked = resolveSignatures(parties, input.signatures, custom, input.isElectronic);
        if (!checked.ok) throw new AppError('VALIDATION_ERROR', 422, checked.message);
        const before = await configOf(tx, company.id, input.creditLine);
        const [config] = await tx
          .insert(signatureConfigs)
          .values({
            accountId: company.accountId,
            companyId: company.id,
            creditLine: input.creditLine,
            isElectronic: input.isElectronic,
            version: input.version,
            registerBy: actor.id,
          })
          .onConflictDoUpdate({
            target: [signatureConfigs.companyId, signatureConfigs.creditLine],
            set: { isElectronic: input.isElectronic, version: input.version, updatedAt: sql`now()` },
          })
          .returning({ id: signatureConfigs.id });
        await tx.delete(signatureConfigSigners).where(eq(signatureConfigSigners.configId, config!.id));
        await tx.insert(signatureConfigSigners).values(checked.signatures.map((s) => ({ ...s, configId: config!.id })));
        const after = await configOf(tx, company.id, input.creditLine);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'signature-config.saved',
          entity: 'signature_config',
          entityId: config!.id,
          before,
          after,
          requestId,
        });
        return after!;
      });
      return { data: saved, message: ORGANISATION_MESSAGES.signatureConfigSaved };
    },

    /** Custom signers of a company and line (or of every company the caller reaches), by company name then name. */
    async listCustomSigners(actor: AuthUser, query: { companyId?: number; creditLine?: string }) {
      if (query.companyId) await companyOf(actor, query.companyId);
      const rows = await db
        .select(customSignerColumns)
        .from(customSigners)
        .innerJoin(companies, eq(companies.id, customSigners.companyId))
        .where(
          and(
            companyScopeWhere(accountScopeOf(actor)),
            query.companyId ? eq(customSigners.companyId, query.companyId) : undefined,
            query.creditLine ? eq(customSigners.creditLine, query.creditLine) : undefined,
          ),
        )
        .orderBy(asc(companies.name), asc(customSigners.fullName), asc(customSigners.id));
      return rows.map(toCustomSigner);
    },

    async createCustomSigner(actor: AuthUser, input: CreateCustomSignerRequest, requestId: string) {
      const company = await companyOf(actor, input.companyId);
      await assertLine(company, input.creditLine);
      const saved = await transaction(db, async (tx) => {
        const [row] = await tx
          .insert(customSigners)
          .values({
            accountId: company.accountId,
            companyId: company.id,
            creditLine: input.creditLine,
            fullName: input.fullName,
            registerBy: actor.id,
          })
          .returning({ id: customSigners.id });
        const after = await customSignerOf(actor, row!.id, tx);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'custom-signer.created',
          entity: 'custom_signer',
          entityId: row!.id,
          after,
          requestId,
        });
        return after;
      });
      return { data: saved, message: ORGANISATION_MESSAGES.customSignerSaved };
    },

    async updateCustomSigner(actor: AuthUser, id: number, fullName: string, requestId: string) {
      const saved = await transaction(db, async (tx) => {
        const before = await customSignerOf(actor, id, tx);
        await tx.update(customSigners).set({ fullName }).where(eq(customSigners.id, id));
        // A saved configuration names its signers: keep the name it shows in step.
        await tx
          .update(signatureConfigSigners)
          .set({ signedBy: fullName })
          .where(and(eq(signatureConfigSigners.isCustom, true), eq(signatureConfigSigners.signerId, String(id))));
        const after = await customSignerOf(actor, id, tx);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'custom-signer.updated',
          entity: 'custom_signer',
          entityId: id,
          before,
          after,
          requestId,
        });
        return after;
      });
      return { data: saved, message: ORGANISATION_MESSAGES.customSignerSaved };
    },

    /** A custom signer a saved configuration uses cannot go (409): the configuration would name no one. */
    async deleteCustomSigner(actor: AuthUser, id: number, requestId: string) {
      await transaction(db, async (tx) => {
        const before = await customSignerOf(actor, id, tx);
        const [used] = await tx
          .select({ id: signatureConfigSigners.id })
          .from(signatureConfigSigners)
          .innerJoin(signatureConfigs, eq(signatureConfigs.id, signatureConfigSigners.configId))
          .where(
            and(
              eq(signatureConfigSigners.isCustom, true),
              eq(signatureConfigSigners.signerId, String(id)),
              eq(signatureConfigs.companyId, before.companyId),
            ),
          )
          .limit(1);
        if (used) throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.customSignerInUse);
        await tx.delete(customSigners).where(eq(customSigners.id, id));
        await writeAudit(tx, {
          actor: actor.id,
          action: 'custom-signer.deleted',
          entity: 'custom_signer',
          entityId: id,
          before,
          requestId,
        });
      });
      return { data: { id }, message: ORGANISATION_MESSAGES.customSignerDeleted };
    },
  };
}
