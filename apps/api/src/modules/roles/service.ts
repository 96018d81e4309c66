import {
  AppErrorCode,
  type CreateRoleRequest,
  MESSAGES,
  ROLE_STATUS_MACHINE,
  roleCreated,
  type RoleListQuery,
  type RoleResponse,
  ROLES_DEFAULT_SORT,
  roleUpdated,
  type SetActiveAtVersionRequest,
  type UpdateRoleRequest,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { found, listPage, toggleActive, type ActiveFlagArea, type Saved } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import type { Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { roles } from '../../db/schema/roles';
import { presentRole } from './presenter';
import { mayCreateRoleType, roleScopeOf } from './policy';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type RolesService = ReturnType<typeof createRolesService>;

/** The role status machine's status is the is_active flag. */
const ROLE_STATUS: ActiveFlagArea<repo.RoleRow> = { table: roles, machine: ROLE_STATUS_MACHINE, entity: 'role' };

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** Roles (spec 1 §2.7, §2.8, §6): the list restricted by registrant, the form, the status toggle. */
export function createRolesService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(actor: AuthUser, query: RoleListQuery): Promise<Page<RoleResponse>> {
      const filters = {
        types: query.type,
        registerBy: query.registerBy,
        // `q` is the searched picker's name search (issue 15).
        name: query.name ?? query.q,
        from: query.from,
        to: query.to,
        assigned: flag(query.assigned),
        active: flag(query.active),
      };
      return listPage(
        query,
        { fallback: ROLES_DEFAULT_SORT, fields: repo.roleSortFields, id: repo.roleColumns.id },
        (window, order) => repo.listRoles(db, roleScopeOf(actor), filters, window, order),
        presentRole,
      );
    },

    async get(actor: AuthUser, id: number): Promise<RoleResponse> {
      return presentRole(found(await repo.findRole(db, roleScopeOf(actor), id)));
    },

    async create(actor: AuthUser, input: CreateRoleRequest, requestId: string): Promise<Saved<RoleResponse>> {
      if (!mayCreateRoleType(actor, input.type)) {
        throw new AppError(AppErrorCode.ROLE_TYPE_NOT_ALLOWED);
      }
      return transaction(db, async (tx) => {
        // registerBy is always the caller: the payload's (spec 1 §7) is not trusted.
        const id = await repo.insertRole(tx, { ...input, registerBy: actor.id });
        const saved = (await repo.findRole(tx, { kind: 'all' }, id))!;
        await writeAudit(tx, {
          actor: actor.id,
          action: 'role.created',
          entity: 'role',
          entityId: id,
          after: presentRole(saved),
          requestId,
        });
        const role = presentRole(saved);
        return answerWithin(tx, 201, { data: role, message: roleCreated(role.name) });
      });
    },

    async update(
      actor: AuthUser,
      id: number,
      input: UpdateRoleRequest,
      requestId: string,
    ): Promise<Saved<RoleResponse>> {
      const role = await transaction(db, async (tx) => {
        const before = found(await repo.findRole(tx, roleScopeOf(actor), id, { lock: true }));
        // Users hold roles by type; changing it would silently change what they may do (spec 1 §2.8).
        if (input.type !== before.type) throw new AppError(AppErrorCode.ROLE_TYPE_IMMUTABLE);
        await repo.updateRole(tx, id, { name: input.name, description: input.description });
        const after = (await repo.findRole(tx, { kind: 'all' }, id))!;
        await writeAudit(tx, {
          actor: actor.id,
          action: 'role.updated',
          entity: 'role',
          entityId: id,
          before: presentRole(before),
          after: presentRole(after),
          requestId,
        });
        return presentRole(after);
      });
      return { data: role, message: roleUpdated(role.name) };
    },

    /** The status toggle (spec 1 §4) along the role status machine, from the version the screen read. */
    async setActive(
      actor: AuthUser,
      id: number,
      { active, version }: SetActiveAtVersionRequest,
      requestId: string,
    ): Promise<Saved<{ isActive: boolean; version: number }>> {
      const moved = await transaction(db, async (tx) => {
        const before = found(await repo.findRole(tx, roleScopeOf(actor), id, { lock: true }));
        return toggleActive(tx, ROLE_STATUS, { actor, row: before, active, version, requestId });
      });
      return { data: { isActive: active, version: moved }, message: MESSAGES.roleStatusChanged };
    },
  };
}
