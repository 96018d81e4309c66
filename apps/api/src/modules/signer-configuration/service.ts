import {
  AppErrorCode,
  type CreateCustomSignerRequest,
  ORGANISATION_MESSAGES,
  resolveSignatures,
  type SaveSignatureConfigRequest,
  type SignatureConfig,
  type SignatureConfigQuery,
  signatureParties,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups';
import { findCompanyInScope } from '../organisation-lookups';
import { presentConfig, presentCustomSigner } from './presenter';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type SignerConfigurationService = ReturnType<typeof createSignerConfigurationService>;

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
      throw new AppError(AppErrorCode.VALIDATION_ERROR, { message: ORGANISATION_MESSAGES.creditLineNotOfCompany });
    }
  }

  async function configOf(executor: Executor, companyId: number, creditLine: string): Promise<SignatureConfig | null> {
    const config = await repo.findConfig(executor, companyId, creditLine);
    if (!config) return null;
    return presentConfig(config, await repo.signaturesOf(executor, config.id));
  }

  async function customSignerOf(actor: AuthUser, id: number, executor: Executor) {
    const row = await repo.findCustomSigner(executor, id);
    if (!row) throw notFound();
    await companyOf(actor, row.companyId, executor);
    return presentCustomSigner(row);
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
        const custom = await repo.customSignersOf(tx, company.id, input.creditLine);
        const checked = resolveSignatures(parties, input.signatures, custom, input.isElectronic);
        if (!checked.ok) throw new AppError(AppErrorCode.VALIDATION_ERROR, { message: checked.message });
        const before = await configOf(tx, company.id, input.creditLine);
        const configId = await repo.upsertConfig(tx, {
          accountId: company.accountId,
          companyId: company.id,
          creditLine: input.creditLine,
          isElectronic: input.isElectronic,
          version: input.version,
          registerBy: actor.id,
        });
        await repo.replaceSignatures(tx, configId, checked.signatures);
        const after = await configOf(tx, company.id, input.creditLine);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'signature-config.saved',
          entity: 'signature_config',
          entityId: configId,
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
      const rows = await repo.listCustomSigners(db, accountScopeOf(actor), query);
      return rows.map(presentCustomSigner);
    },

    async createCustomSigner(actor: AuthUser, input: CreateCustomSignerRequest, requestId: string) {
      const company = await companyOf(actor, input.companyId);
      await assertLine(company, input.creditLine);
      return transaction(db, async (tx) => {
        const id = await repo.insertCustomSigner(tx, {
          accountId: company.accountId,
          companyId: company.id,
          creditLine: input.creditLine,
          fullName: input.fullName,
          registerBy: actor.id,
        });
        const after = await customSignerOf(actor, id, tx);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'custom-signer.created',
          entity: 'custom_signer',
          entityId: id,
          after,
          requestId,
        });
        return answerWithin(tx, 201, { data: after, message: ORGANISATION_MESSAGES.customSignerSaved });
      });
    },

    async updateCustomSigner(actor: AuthUser, id: number, fullName: string, requestId: string) {
      const saved = await transaction(db, async (tx) => {
        const before = await customSignerOf(actor, id, tx);
        // A saved configuration names its signers: the name it shows changes in step.
        await repo.renameCustomSigner(tx, id, fullName);
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
        if (await repo.customSignerInUse(tx, id, before.companyId)) {
          throw new AppError(AppErrorCode.CONFLICT, { message: ORGANISATION_MESSAGES.customSignerInUse });
        }
        await repo.deleteCustomSigner(tx, id);
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
