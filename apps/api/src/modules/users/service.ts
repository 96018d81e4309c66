import {
  AppErrorCode,
  canEditUser,
  type CompanyItem,
  createdUserType,
  type CreateUserRequest,
  isDealer,
  MESSAGES,
  type SetActiveAtVersionRequest,
  splitAdditionalEmails,
  temporaryPasswordResent,
  type UpdateUserRequest,
  USER_STATUS_MACHINE,
  USER_TYPE,
  userFormFor,
  type UserListQuery,
  type UserResponse,
  USERS_DEFAULT_SORT,
  userSaved,
  type UserType,
  userUpdated,
} from '@planpiso/domain';
import type { Tx } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { found, listPage, toggleActive, type ActiveFlagArea, type Saved } from '../../platform/crud';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { sortKeyOf, type Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { users } from '../../db/schema/users';
import type { IdentityService } from '../identity';
import { endSessions } from '../identity';
import * as lookups from '../organisation-lookups';
import { accountScopeOf } from '../organisation-lookups';
import { roleScopeOf } from '../roles';
import { findRole } from '../roles';
import { fullNameOf, presentUser } from './presenter';
import { userScopeOf } from './policy';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

/** The user status machine's status is the is_active flag. */
const USER_STATUS: ActiveFlagArea<repo.UserRow> = { table: users, machine: USER_STATUS_MACHINE, entity: 'user' };
export type UsersService = ReturnType<typeof createUsersService>;

/** A 400 that names its fields, like a contract failure, for rules that depend on who is asking. */
class FieldsError extends AppError {
  constructor(readonly fields: Record<string, string>) {
    super(AppErrorCode.BAD_REQUEST, { message: Object.values(fields)[0] ?? MESSAGES.badRequest });
  }

  override toResponse() {
    return { ...super.toResponse(), fields: this.fields };
  }
}

const emailTaken = () => new AppError(AppErrorCode.EMAIL_TAKEN);
const roleNotAllowed = () => new AppError(AppErrorCode.INVALID_ROLE);

type Placement = { accountId: number | null; companyId: number | null; agencyId: number | null };
const NO_PLACEMENT: Placement = { accountId: null, companyId: null, agencyId: null };

/** The columns a saved form writes; e-mails normalised the way sign-in reads them. */
function formValues(input: CreateUserRequest, placement: Placement): repo.UserValues {
  return {
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email.toLowerCase(),
    phone: input.phone,
    additionalEmails: splitAdditionalEmails(input.additionalEmails).join(';'),
    roleId: input.roleId,
    ...placement,
  };
}

/** Users (spec 1 §2.5, §2.6, §6): the scoped list, the form with its creation rules, status and resend. */
export function createUsersService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  identity: Pick<IdentityService, 'prepareTemporaryPassword' | 'issueTemporaryPassword'>,
) {
  /**
   * The role a form names: one the actor may hand out (it is in the actor's roles list), active, and of the
   * user's type — which `typeFor` gives from the role's own type (creation) or is fixed (edit). Returns the type.
   */
  async function checkRole(tx: Tx, actor: AuthUser, roleId: number, typeFor: (roleType: number) => number | null) {
    const role = await findRole(tx, roleScopeOf(actor), roleId);
    const type = role ? typeFor(role.type) : null;
    if (!role || type === null || role.type !== type) throw roleNotAllowed();
    if (!role.isActive) throw new AppError(AppErrorCode.ROLE_INACTIVE);
    return type;
  }

  async function checkAgency(tx: Tx, agencyId: number | null | undefined, companyId: number): Promise<number | null> {
    if (!agencyId) return null;
    const agency = await lookups.findAgency(tx, agencyId);
    if (!agency || agency.companyId !== companyId) {
      throw new AppError(AppErrorCode.AGENCY_NOT_IN_COMPANY);
    }
    return agency.id;
  }

  /**
   * Where a user sits, by who saves the form (spec 1 §2.6, §6). Lender staff (created by types 1 and 2) sit
   * nowhere; an operator picks an account assigned to it, one of its companies and optionally a branch; a legal
   * representative's users go to its own account and active company, optionally to one of its branches. The
   * form's organisation fields are ignored where that creator's form does not show them.
   */
  async function placementFor(
    tx: Tx,
    actor: AuthUser,
    input: CreateUserRequest,
    current?: Placement,
  ): Promise<Placement> {
    switch (actor.type) {
      case USER_TYPE.PROVIDER_OPERATOR: {
        const checked = userFormFor(actor.type).safeParse(input);
        if (!checked.success) {
          throw new FieldsError(Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), i.message])));
        }
        const account = await lookups.findAccount(tx, accountScopeOf(actor), input.accountId!);
        if (!account) throw notFound(MESSAGES.accountNotAvailable);
        const company = await lookups.findCompany(tx, input.companyId!);
        if (!company || company.accountId !== account.id) {
          throw new AppError(AppErrorCode.COMPANY_NOT_IN_ACCOUNT);
        }
        // A dealer user belongs to one account (decision 024): the form may move it between that account's
        // companies, never to another group's, whose data its assignments would open.
        if (current?.accountId != null && current.accountId !== account.id) {
          throw new AppError(AppErrorCode.ACCOUNT_IMMUTABLE);
        }
        return {
          accountId: account.id,
          companyId: company.id,
          agencyId: await checkAgency(tx, input.agencyId, company.id),
        };
      }
      case USER_TYPE.LEGAL_REPRESENTATIVE: {
        const company = actor.companyId ? await lookups.findCompany(tx, actor.companyId) : undefined;
        if (!company || company.accountId !== actor.accountId || !company.isActive) {
          throw new AppError(AppErrorCode.NO_ACTIVE_COMPANY);
        }
        const agencyId = await checkAgency(tx, input.agencyId, company.id);
        // Editing keeps the user where it is; only the branch follows the form.
        return current ? { ...current, agencyId } : { accountId: company.accountId, companyId: company.id, agencyId };
      }
      default:
        return current ?? NO_PLACEMENT;
    }
  }

  /** Dealers work through their company assignments (spec 2 §4): keep one for the company they sit in. */
  async function keepAssignments(tx: Tx, userId: number, type: number, roleId: number, placement: Placement) {
    if (!isDealer(type as UserType) || placement.companyId === null || placement.accountId === null) return;
    const { accountId } = placement;
    await repo.assignCompany(tx, { userId, companyId: placement.companyId, accountId, roleId, isDefault: true });
    if (placement.agencyId !== null) await repo.assignAgency(tx, userId, placement.agencyId, accountId);
  }

  async function presented(tx: Tx, id: number): Promise<UserResponse> {
    return presentUser((await repo.findUser(tx, { kind: 'all' }, id))!);
  }

  return {
    async list(actor: AuthUser, query: UserListQuery): Promise<Page<UserResponse>> {
      const filters = {
        name: query.name,
        email: query.email,
        registerBy: query.registerBy,
        account: query.account,
        company: query.company,
        agency: query.agency,
        role: query.role,
        from: query.from,
        to: query.to,
      };
      return listPage(
        query,
        { fallback: USERS_DEFAULT_SORT, fields: repo.userSortFields, id: repo.userColumns.id },
        (window, order) =>
          repo.listUsers(db, userScopeOf(actor), filters, window, order, sortKeyOf(query.sort, USERS_DEFAULT_SORT)),
        presentUser,
      );
    },

    async get(actor: AuthUser, id: number): Promise<UserResponse> {
      return presentUser(found(await repo.findUser(db, userScopeOf(actor), id)));
    },

    /**
     * Creates a user with the type the creation rules give (spec 1 §6), its company assignment when it is a
     * dealer, and its identity with a temporary password — all or nothing, with the mail that carries the
     * password queued in the same transaction (decision 017): a relay that is down delays the mail, it does not
     * lose it nor refuse the user.
     */
    async create(actor: AuthUser, input: CreateUserRequest, requestId: string): Promise<Saved<UserResponse>> {
      const temporary = await identity.prepareTemporaryPassword();
      return transaction(db, async (tx) => {
        const placement = await placementFor(tx, actor, input);
        const type = await checkRole(tx, actor, input.roleId, (roleType) => createdUserType(actor.type, roleType));
        const values = formValues(input, placement);
        if (await repo.emailTaken(tx, values.email)) throw emailTaken();
        // Someone saving the same e-mail between the check and the insert hits users_email_unique: the error handler
        // answers that with this same 409 (decision 067).
        const id = await repo.insertUser(tx, { ...values, type, registerBy: actor.id });
        await keepAssignments(tx, id, type, values.roleId, placement);
        const saved = await presented(tx, id);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'user.created',
          entity: 'user',
          entityId: id,
          after: saved,
          requestId,
        });
        await identity.issueTemporaryPassword(tx, saved, temporary, { actor: actor.id, requestId });
        return answerWithin(tx, 201, { data: saved, message: userSaved(fullNameOf(saved)) });
      });
    },

    /** Saves the form over a user in scope. The type never changes: the role must stay of the user's type. */
    async update(
      actor: AuthUser,
      id: number,
      input: UpdateUserRequest,
      requestId: string,
    ): Promise<Saved<UserResponse>> {
      const user = await transaction(db, async (tx) => {
        const before = found(await repo.findUser(tx, userScopeOf(actor), id, { lock: true }));
        if (!canEditUser(actor, before)) throw forbidden(MESSAGES.userNotEditable);
        // A role the user already holds stays valid even if the editor could not hand it out today.
        const placement = await placementFor(tx, actor, input, {
          accountId: before.accountId,
          companyId: before.companyId,
          agencyId: before.agencyId,
        });
        if (input.roleId !== before.roleId) await checkRole(tx, actor, input.roleId, () => before.type);
        const values = formValues(input, placement);
        if (values.email !== before.email && (await repo.emailTaken(tx, values.email, id))) throw emailTaken();
        await repo.updateUser(tx, id, values);
        await keepAssignments(tx, id, before.type, values.roleId, placement);
        const after = await presented(tx, id);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'user.updated',
          entity: 'user',
          entityId: id,
          before: presentUser(before),
          after,
          requestId,
        });
        return after;
      });
      return { data: user, message: userUpdated(fullNameOf(user)) };
    },

    /**
     * The status toggle (spec 1 §4) along the user status machine: the inverse of what the screen showed, from the
     * version it read (docs/decisions/016). Deactivating ends the user's sessions (decision 022): reactivating does
     * not bring the old tokens back.
     */
    async setActive(
      actor: AuthUser,
      id: number,
      { active, version }: SetActiveAtVersionRequest,
      requestId: string,
    ): Promise<Saved<{ isActive: boolean; version: number }>> {
      const moved = await transaction(db, async (tx) => {
        // One's own row is read outside the scope so the machine answers why not (OWN_STATUS), not "not found".
        const scope = id === actor.id ? ({ kind: 'all' } as const) : userScopeOf(actor);
        const before = found(await repo.findUser(tx, scope, id, { lock: true }));
        const after = await toggleActive(tx, USER_STATUS, { actor, row: before, active, version, requestId });
        if (!active) await endSessions(tx, id, clock.now());
        return after;
      });
      return { data: { isActive: active, version: moved }, message: MESSAGES.userStatusChanged };
    },

    /**
     * Resends a temporary password (spec 1 §6, types 1–3): a new one replaces whatever the user had — the old
     * temporary password, or their own one (docs/decisions/008) — and their sessions end. The mail is queued in
     * the same transaction (decision 017): a relay that is down delays it and it is retried until it goes.
     */
    async resend(
      actor: AuthUser,
      id: number,
      requestId: string,
    ): Promise<Saved<{ firstname: string; lastname: string }>> {
      if (id === actor.id) throw new AppError(AppErrorCode.OWN_PASSWORD);
      const temporary = await identity.prepareTemporaryPassword();
      const user = await transaction(db, async (tx) => {
        const target = found(await repo.findUser(tx, userScopeOf(actor), id, { lock: true }));
        if (!target.isActive) throw new AppError(AppErrorCode.USER_INACTIVE);
        await identity.issueTemporaryPassword(tx, target, temporary, { actor: actor.id, requestId });
        return target;
      });
      return {
        data: { firstname: user.firstname, lastname: user.lastname },
        message: temporaryPasswordResent(fullNameOf(user)),
      };
    },

    /** The companies assigned to a user: one's own, or those of a user in scope (others: not found). */
    async companiesOf(actor: AuthUser, id: number): Promise<Page<CompanyItem>> {
      if (id !== actor.id && !(await repo.findUser(db, userScopeOf(actor), id))) throw notFound();
      const items = await repo.companiesOfUser(db, id);
      return { items, total: items.length };
    },
  };
}
