import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORGANISATION_MESSAGES,
  companyCountValid,
  type AccountDetail,
  type CreateAccountRequest,
  type UpdateAccountRequest,
} from '@planpiso/domain';
import { roles } from '../../db/schema/roles';
import type { IdentityService, TemporaryPassword } from '../identity/service';
import { accountOperators, userCompanies } from '../../db/schema/assignments';
import { exceptions } from '../../db/schema/exceptions';
import { provisions } from '../../db/schema/financing';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { customSigners, signatureConfigs } from '../../db/schema/signatures';
import { users } from '../../db/schema/users';
import type { Executor, Tx } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups/policy';
import { findAccount, listAccounts } from '../organisation-lookups/repository';

type NewLegal = { id: number; email: string; firstname: string };
type LegalPerson = CreateAccountRequest['companies'][number]['legalPerson'];

/** The role legal representatives get: the creator's own active type 4 role, else the system's. */
async function legalRoleOf(tx: Executor, actor: AuthUser) {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.type, 4), eq(roles.isActive, true)))
    .orderBy(sql`${roles.registerBy} = ${actor.id} desc`, roles.id)
    .limit(1);
  return role?.id ?? null;
}

/** A company's legal representative: a type 4 user with the company as its default assignment. */
async function addLegal(
  tx: Executor,
  actor: AuthUser,
  place: { accountId: number; companyId: number; role: number | null },
  person: LegalPerson,
): Promise<NewLegal> {
  const [user] = await tx
    .insert(users)
    .values({
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phone: person.phone,
      type: 4,
      roleId: place.role,
      accountId: place.accountId,
      companyId: place.companyId,
      legalId: person.legalId,
      registerBy: actor.id,
    })
    .returning({ id: users.id, email: users.email, firstname: users.firstname });
  await tx
    .insert(userCompanies)
    .values({ userId: user!.id, companyId: place.companyId, roleId: place.role, isDefault: true });
  return user!;
}

/** A company of the account (a CRM client) with its legal representative, as the wizard and the edit add it. */
async function addCompany(
  tx: Executor,
  actor: AuthUser,
  place: { accountId: number; role: number | null },
  company: { name: string; legalName: string; clientId: string },
  person: LegalPerson,
): Promise<NewLegal> {
  const [row] = await tx
    .insert(companies)
    .values({
      accountId: place.accountId,
      name: company.name,
      legalName: company.legalName || null,
      clientId: company.clientId,
      registerBy: actor.id,
    })
    .returning({ id: companies.id });
  return addLegal(tx, actor, { ...place, companyId: row!.id }, person);
}

/** Clients already registered, or e-mails already in use, refuse the whole save (409). */
async function assertFree(tx: Executor, clients: string[], emails: string[]) {
  if (clients.length > 0) {
    const taken = await tx.select({ id: companies.id }).from(companies).where(inArray(companies.clientId, clients));
    if (taken.length > 0) throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.clientTaken);
  }
  if (emails.length > 0) {
    const used = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
    if (used.length > 0) throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.legalEmailTaken);
  }
}

/** Whether anything hangs on a company (branches, provisions, signer configuration): then it cannot be removed. */
async function companyInUse(tx: Executor, companyId: number) {
  const uses = [
    tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.companyId, companyId)).limit(1),
    tx.select({ id: provisions.id }).from(provisions).where(eq(provisions.companyId, companyId)).limit(1),
    tx
      .select({ id: signatureConfigs.id })
      .from(signatureConfigs)
      .where(eq(signatureConfigs.companyId, companyId))
      .limit(1),
    tx.select({ id: customSigners.id }).from(customSigners).where(eq(customSigners.companyId, companyId)).limit(1),
    tx.select({ id: exceptions.id }).from(exceptions).where(eq(exceptions.companyId, companyId)).limit(1),
  ];
  for (const use of uses) if ((await use).length > 0) return true;
  return false;
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
  async function issueAll(tx: Tx, actor: AuthUser, created: NewLegal[], prepared: TemporaryPassword[], requestId: string) {
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
    const list = await executor
      .select({
        id: companies.id,
        name: companies.name,
        legalName: companies.legalName,
        clientId: companies.clientId,
        accountId: companies.accountId,
        isActive: companies.isActive,
      })
      .from(companies)
      .where(eq(companies.accountId, id))
      .orderBy(companies.name);
    const legals =
      list.length === 0
        ? []
        : await executor
            .select({
              companyId: userCompanies.companyId,
              id: users.id,
              firstname: users.firstname,
              lastname: users.lastname,
              email: users.email,
              phone: users.phone,
              legalId: users.legalId,
              isDefault: userCompanies.isDefault,
            })
            .from(userCompanies)
            .innerJoin(users, eq(users.id, userCompanies.userId))
            .where(
              and(
                inArray(
                  userCompanies.companyId,
                  list.map((c) => c.id),
                ),
                eq(users.type, 4),
                eq(users.isArchived, false),
              ),
            )
            .orderBy(sql`${userCompanies.isDefault} desc`, users.email);
    return {
      ...account,
      companies: list.map((company) => ({
        ...company,
        legals: legals.filter((l) => l.companyId === company.id).map(({ companyId: _c, ...legal }) => legal),
      })),
    };
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
      const saved = await transaction(db, async (tx) => {
        await assertFree(
          tx,
          input.companies.map((c) => c.clientId),
          input.companies.map((c) => c.legalPerson.email),
        );
        const [account] = await tx
          .insert(accounts)
          .values({ name: input.name, email: input.email, type: input.type, registerBy: actor.id })
          .returning({ id: accounts.id });
        const accountId = account!.id;
        await tx.insert(accountOperators).values({ accountId, userId: actor.id });
        const role = await legalRoleOf(tx, actor);
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
        return after;
      });
      return { data: saved, message: ORGANISATION_MESSAGES.accountSaved };
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
          throw new AppError('VALIDATION_ERROR', 400, ORGANISATION_MESSAGES.wizardInvalid);
        }
        const current = new Map(before.companies.map((c) => [c.id, c]));
        const kept = input.companies.filter((c) => c.id !== undefined);
        if (kept.some((c) => !current.has(c.id!))) {
          throw new AppError('VALIDATION_ERROR', 422, ORGANISATION_MESSAGES.companyNotOfAccount);
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
          if (await companyInUse(tx, company.id)) {
            throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.companyInUse);
          }
          // Its legal representatives go with it: nobody signs in to a company that no longer exists.
          const defaults = company.legals.filter((l) => l.isDefault).map((l) => l.id);
          if (defaults.length > 0) {
            await tx
              .update(users)
              .set({ isArchived: true, isActive: false, companyId: null })
              .where(inArray(users.id, defaults));
          }
          await tx.update(users).set({ companyId: null }).where(eq(users.companyId, company.id));
          await tx.delete(userCompanies).where(eq(userCompanies.companyId, company.id));
          await tx.delete(companies).where(eq(companies.id, company.id));
        }

        const role = await legalRoleOf(tx, actor);
        const created: NewLegal[] = [];
        for (const company of replaced) {
          await tx
            .update(userCompanies)
            .set({ isDefault: false })
            .where(and(eq(userCompanies.companyId, company.id!), eq(userCompanies.isDefault, true)));
          created.push(
            await addLegal(tx, actor, { accountId: id, companyId: company.id!, role }, company.legalPerson!),
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
        await tx.update(accounts).set({ isActive: active }).where(eq(accounts.id, id));
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.status-changed',
          entity: 'account',
          entityId: id,
          before: { isActive: before.isActive },
          after: { isActive: active },
          requestId,
        });
      });
      return { data: { isActive: active }, message: ORGANISATION_MESSAGES.accountStatusChanged };
    },

    /** Archived accounts leave every list (spec 2 §4); nothing is deleted. */
    async archive(actor: AuthUser, id: number, requestId: string) {
      await transaction(db, async (tx) => {
        await accountOf(actor, id, tx);
        await tx.update(accounts).set({ isArchived: true }).where(eq(accounts.id, id));
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
        const [operator] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.type, 3), eq(users.isActive, true), eq(users.isArchived, false)))
          .limit(1);
        if (!operator) throw new AppError('VALIDATION_ERROR', 422, ORGANISATION_MESSAGES.operatorInvalid);
        const [before] = await tx.select().from(accountOperators).where(eq(accountOperators.accountId, id));
        await tx
          .insert(accountOperators)
          .values({ accountId: id, userId })
          .onConflictDoUpdate({ target: accountOperators.accountId, set: { userId } });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.operator-changed',
          entity: 'account',
          entityId: id,
          before: { operator: before?.userId ?? null },
          after: { operator: userId },
          requestId,
        });
      });
      return { data: { id }, message: ORGANISATION_MESSAGES.accountOperatorChanged };
    },
  };
}
