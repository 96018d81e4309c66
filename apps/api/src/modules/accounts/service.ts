import {
  type AccountDetail,
  AppErrorCode,
  companyCountValid,
  type CreateAccountRequest,
  ORGANISATION_MESSAGES,
  type UpdateAccountRequest,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { writeAudit, writeStatusAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import type { IdentityService, TemporaryPassword } from '../identity';
import { accountScopeOf } from '../organisation-lookups';
import { findAccount, listAccounts } from '../organisation-lookups';
import { presentAccountDetail } from './presenter';
import * as repo from './repository';
import type { LegalPerson, NewLegal } from './repository';
import { answerWithin } from '../../platform/idempotency';

/** A company of the account (a CRM client) with its legal representative, as the wizard and the edit add it. */
async function addCompany(
  tx: Executor,
  actor: AuthUser,
  place: { accountId: number; role: number | null },
  company: { name: string; legalName: string; clientId: string },
  person: LegalPerson,
): Promise<NewLegal> {
  const companyId = await repo.insertCompany(tx, {
    accountId: place.accountId,
    name: company.name,
    legalName: company.legalName || null,
    clientId: company.clientId,
    registerBy: actor.id,
  });
  return repo.insertLegal(tx, { ...place, companyId, registerBy: actor.id }, person);
}

/** Clients already registered, or e-mails already in use, refuse the whole save (409). */
async function assertFree(tx: Executor, clients: string[], emails: string[]) {
  if (await repo.clientsTaken(tx, clients))
    throw new AppError(AppErrorCode.CONFLICT, { message: ORGANISATION_MESSAGES.clientTaken });
  if (await repo.emailsTaken(tx, emails))
    throw new AppError(AppErrorCode.CONFLICT, { message: ORGANISATION_MESSAGES.legalEmailTaken });
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Accounts (spec 2 "Accounts", §4): the detail the view modal shows, the status toggle and the archive (type 3), and
 * the change of operator (type 1). Scope per decision 008; an account outside it, or archived, is 404.
 */
export function createAccountsService(
  { db }: Pick<AppDeps, 'db'>,
  identity: Pick<IdentityService, 'prepareTemporaryPassword' | 'issueTemporaryPassword'>,
) {
  /** One temporary password per person who may become a new legal representative, hashed before the transaction. */
  async function temporaries(count: number): Promise<TemporaryPassword[]> {
    const made: TemporaryPassword[] = [];
    for (let i = 0; i < count; i++) made.push(await identity.prepareTemporaryPassword());
    return made;
  }

  /** Gives each new legal representative its temporary password; the mails are queued in the transaction. */
  async function issueAll(
    tx: Tx,
    actor: AuthUser,
    created: NewLegal[],
    prepared: TemporaryPassword[],
    requestId: string,
  ) {
    for (const [index, user] of created.entries()) {
      await identity.issueTemporaryPassword(tx, user, prepared[index]!, { actor: actor.id, requestId });
    }
  }

  /** The account if the caller may act on it (in scope, not archived), else 404. */
  async function accountOf(actor: AuthUser, id: number, executor: Executor = db) {
    const account = await findAccount(executor, accountScopeOf(actor), id);
    if (!account) throw notFound();
    return account;
  }

  async function detail(actor: AuthUser, id: number, executor: Executor = db): Promise<AccountDetail> {
    const [account] = (await listAccounts(executor, accountScopeOf(actor), { id }, null, [])).rows;
    if (!account) throw notFound();
    const list = await repo.companiesOfAccount(executor, id);
    const legals = await repo.legalsOfCompanies(
      executor,
      list.map((c) => c.id),
    );
    return presentAccountDetail(account, list, legals);
  }

  return {
    get: (actor: AuthUser, id: number) => detail(actor, id),

    /**
     * The wizard's save (spec 2 §2): the account, assigned to the operator creating it, its companies (CRM clients not
     * registered yet) and each company's legal representative as a type 4 user with a mailed temporary password —
     * all in one transaction: any refusal leaves nothing behind, and the mails are queued in it (decision 017).
     */
    async create(actor: AuthUser, input: CreateAccountRequest, requestId: string) {
      const prepared = await temporaries(input.companies.length);
      return transaction(db, async (tx) => {
        await assertFree(
          tx,
          input.companies.map((c) => c.clientId),
          input.companies.map((c) => c.legalPerson.email),
        );
        const accountId = await repo.insertAccount(tx, {
          name: input.name,
          email: input.email,
          type: input.type,
          registerBy: actor.id,
        });
        const role = await repo.legalRoleFor(tx, actor.id);
        const created: NewLegal[] = [];
        for (const company of input.companies) {
          created.push(await addCompany(tx, actor, { accountId, role }, company, company.legalPerson));
        }
        const after = await detail(actor, accountId, tx);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.created',
          entity: 'account',
          entityId: accountId,
          after,
          requestId,
        });
        await issueAll(tx, actor, created, prepared, requestId);
        return answerWithin(tx, 201, { data: after, message: ORGANISATION_MESSAGES.accountSaved });
      });
    },

    /**
     * The account edit's save (spec 2 "Account edit"): the account's own data is read-only; its companies become the
     * list sent — kept ones may get a new legal representative (a new type 4 user, mailed; the former one stays
     * assigned, no longer by default), new ones are added as in the wizard, and left-out ones are removed when
     * nothing hangs on them. One transaction, with the mails queued in it.
     */
    async update(actor: AuthUser, id: number, input: UpdateAccountRequest, requestId: string) {
      // Who is new is only known inside the transaction: every person sent may be, so each gets a hash ready.
      const prepared = await temporaries(input.companies.filter((c) => c.legalPerson).length);
      const saved = await transaction(db, async (tx) => {
        const account = await accountOf(actor, id, tx);
        const before = await detail(actor, id, tx);
        if (!companyCountValid(account.type, input.companies.length)) {
          throw badRequest(ORGANISATION_MESSAGES.wizardInvalid);
        }
        const current = new Map(before.companies.map((c) => [c.id, c]));
        const kept = input.companies.filter((c) => c.id !== undefined);
        if (kept.some((c) => !current.has(c.id!))) {
          throw new AppError(AppErrorCode.VALIDATION_ERROR, { message: ORGANISATION_MESSAGES.companyNotOfAccount });
        }
        const added = input.companies.filter((c) => c.id === undefined);
        // A kept company's legal representative changes only when another person is sent.
        const replaced = kept.filter(
          (c) =>
            c.legalPerson && !current.get(c.id!)!.legals.some((l) => l.isDefault && l.email === c.legalPerson!.email),
        );
        await assertFree(
          tx,
          added.map((c) => c.clientId),
          [...added, ...replaced].map((c) => c.legalPerson!.email),
        );

        const keptIds = new Set(kept.map((c) => c.id!));
        for (const company of before.companies.filter((c) => !keptIds.has(c.id))) {
          if (await repo.companyInUse(tx, company.id)) {
            throw new AppError(AppErrorCode.CONFLICT, { message: ORGANISATION_MESSAGES.companyInUse });
          }
          // Its legal representatives go with it: nobody signs in to a company that no longer exists.
          const defaults = company.legals.filter((l) => l.isDefault).map((l) => l.id);
          await repo.removeCompany(tx, company.id, defaults);
        }

        const role = await repo.legalRoleFor(tx, actor.id);
        const created: NewLegal[] = [];
        for (const company of replaced) {
          await repo.clearDefaultAssignment(tx, company.id!);
          created.push(
            await repo.insertLegal(
              tx,
              { accountId: id, companyId: company.id!, role, registerBy: actor.id },
              company.legalPerson!,
            ),
          );
        }
        for (const company of added) {
          created.push(await addCompany(tx, actor, { accountId: id, role }, company, company.legalPerson!));
        }

        const after = await detail(actor, id, tx);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.updated',
          entity: 'account',
          entityId: id,
          before,
          after,
          requestId,
        });
        await issueAll(tx, actor, created, prepared, requestId);
        return after;
      });
      return { data: saved, message: ORGANISATION_MESSAGES.accountUpdated };
    },

    async setActive(actor: AuthUser, id: number, active: boolean, requestId: string) {
      await transaction(db, async (tx) => {
        const before = await accountOf(actor, id, tx);
        await repo.updateAccount(tx, id, { isActive: active });
        await writeStatusAudit(tx, {
          actor: actor.id,
          entity: 'account',
          entityId: id,
          wasActive: before.isActive,
          active,
          requestId,
        });
      });
      return { data: { isActive: active }, message: ORGANISATION_MESSAGES.accountStatusChanged };
    },

    /** Archived accounts leave every list (spec 2 §4); nothing is deleted. */
    async archive(actor: AuthUser, id: number, requestId: string) {
      await transaction(db, async (tx) => {
        await accountOf(actor, id, tx);
        await repo.updateAccount(tx, id, { isArchived: true });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.archived',
          entity: 'account',
          entityId: id,
          requestId,
        });
      });
      return { data: { id }, message: ORGANISATION_MESSAGES.accountArchived };
    },

    /** Type 1 hands the account to another operator: an active type 3 user (spec 2 §4). */
    async assignOperator(actor: AuthUser, id: number, userId: number, requestId: string) {
      await transaction(db, async (tx) => {
        await accountOf(actor, id, tx);
        if (!(await repo.findActiveOperator(tx, userId))) {
          throw new AppError(AppErrorCode.VALIDATION_ERROR, { message: ORGANISATION_MESSAGES.operatorInvalid });
        }
        const before = await repo.setOperator(tx, id, userId);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.operator-changed',
          entity: 'account',
          entityId: id,
          before: { operator: before },
          after: { operator: userId },
          requestId,
        });
      });
      return { data: { id }, message: ORGANISATION_MESSAGES.accountOperatorChanged };
    },
  };
}
