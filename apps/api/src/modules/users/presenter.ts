import type { UserResponse } from '@planpiso/domain';
import type { UserRow } from './repository';

/**
 * The user as the screens receive it (spec 1 §3). legalId, isArchived and the identity's internals never leave
 * the server; createdAt is already the YYYY-MM-DD day.
 */
export function presentUser(row: UserRow): UserResponse {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    additionalEmails: row.additionalEmails,
    phone: row.phone,
    type: row.type,
    roleId: row.roleId,
    accountId: row.accountId,
    companyId: row.companyId,
    agencyId: row.agencyId,
    registerBy: row.registerBy,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt,
    role: row.roleName === null ? null : { name: row.roleName },
  };
}

export const fullNameOf = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`;
