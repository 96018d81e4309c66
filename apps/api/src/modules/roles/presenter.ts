import type { RoleResponse } from '@planpiso/domain';
import type { RoleRow } from './repository';

/** The role as the screens receive it (spec 1 §3); createdAt is already the YYYY-MM-DD day. */
export function presentRole(row: RoleRow): RoleResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    registerBy: row.registerBy,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt,
  };
}
