import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/client';
import {
  containsPattern,
  pageWithTotal,
  dayText,
  textKey,
  withinDays,
  type Counted,
  type Window,
} from '../../platform/listing';
import type { RoleScope } from './policy';

export const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  type: roles.type,
  registerBy: roles.registerBy,
  isActive: roles.isActive,
  version: roles.version,
  createdAt: dayText(roles.createdAt),
};

export type RoleRow = {
  id: number;
  name: string;
  description: string;
  type: number;
  registerBy: number | null;
  isActive: boolean;
  version: number;
  /** YYYY-MM-DD, Mexico City. */
  createdAt: string;
};

/** Sortable fields of the roles list (spec 1 §2.7 columns). */
export const roleSortFields = {
  name: textKey(roles.name),
  description: textKey(roles.description),
  type: roles.type,
  createdAt: roles.createdAt,
  isActive: roles.isActive,
};

export function scopeWhere(scope: RoleScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(roles.registerBy, scope.by);
}

export type RoleFilters = {
  types?: number[];
  registerBy?: number;
  name?: string;
  from?: string;
  to?: string;
  assigned?: boolean;
  active?: boolean;
};

// "Held by a user": only users still on the books count; an archived user's role is free.
const held = sql`exists (select 1 from ${users} where ${users.roleId} = ${roles.id} and ${users.isArchived} = false)`;

function filterWhere(filters: RoleFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.types?.length) where.push(inArray(roles.type, filters.types));
  if (filters.registerBy !== undefined) where.push(eq(roles.registerBy, filters.registerBy));
  if (filters.name) where.push(ilike(roles.name, containsPattern(filters.name)));
  where.push(...withinDays(roles.createdAt, filters.from, filters.to));
  if (filters.assigned !== undefined) where.push(filters.assigned ? held : sql`not ${held}`);
  if (filters.active !== undefined) where.push(eq(roles.isActive, filters.active));
  return where;
}

export async function listRoles(
  db: Executor,
  scope: RoleScope,
  filters: RoleFilters,
  window: Window,
  order: SQL[],
): Promise<{ rows: RoleRow[] } & Counted> {
  const where = and(scopeWhere(scope), ...filterWhere(filters));
  const query = db
    .select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(...order);
  return pageWithTotal(
    db,
    query,
    db
      .select({ one: sql`1` })
      .from(roles)
      .where(where),
    window,
  );
}

/** A role inside the scope, or undefined (a foreign role is simply not found). `lock` holds it for the update. */
export async function findRole(
  db: Executor,
  scope: RoleScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<RoleRow | undefined> {
  const query = db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.id, id), scopeWhere(scope)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertRole(
  tx: Executor,
  value: { name: string; description: string; type: number; registerBy: number },
): Promise<number> {
  const [row] = await tx.insert(roles).values(value).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(
  tx: Executor,
  id: number,
  set: Partial<{ name: string; description: string; isActive: boolean }>,
): Promise<void> {
  await tx.update(roles).set(set).where(eq(roles.id, id));
}
