import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ActiveAction, ActiveStatus, Machine } from '@planpiso/domain';
import type { Executor } from '../db/client';
import { writeStatusAudit } from './audit';
import { currentUser, type AuthUser } from './auth';
import { notFound } from './errors';
import { orderBy, pageWindow, type Counted, type Page, type Window } from './listing';
import { applyTransition, type StateTarget } from './state-transition';

/**
 * Shared steps of the plain registries (roles, users, audits, branches, …): the paged list, the row or 404, the
 * active-flag toggle and the list and create routes, written once so every area answers them the same way.
 */

/** What a write answers: the saved data and the message the screen shows. */
export type Saved<T> = { data: T; message: string };

/** The row a look-up found, else 404: a row outside the caller's scope is simply not found. */
export function found<T>(row: T | undefined): T {
  if (!row) throw notFound();
  return row;
}

/** How a list sorts: the default `field:direction`, the sortable fields, and the id that breaks ties. */
export type ListSort = { fallback: string; fields: Record<string, AnyColumn | SQL>; id: AnyColumn };

/** A paged list: the query's page window and sort handed to the repository, and each row it gives presented. */
export async function listPage<Row, Item>(
  query: Parameters<typeof pageWindow>[0] & { sort?: string },
  sort: ListSort,
  load: (window: Window, order: SQL[]) => Promise<{ rows: Row[] } & Counted>,
  present: (row: Row) => Item,
): Promise<Page<Item>> {
  const { rows, ...counted } = await load(pageWindow(query), orderBy(query.sort, sort.fallback, sort.fields, sort.id));
  return { items: rows.map(present), ...counted };
}

/** An area whose rows keep their machine's status as the is_active flag (users, roles), and its audit name. */
export type ActiveFlagArea<E> = {
  table: StateTarget<ActiveStatus>['table'] & { isActive: PgColumn };
  machine: Machine<ActiveStatus, ActiveAction, E>;
  entity: string;
};

/**
 * The status toggle of such a row: moved along the area's machine from the version the screen read, and audited as
 * `<entity>.status-changed`, in the caller's transaction. Returns the row's new version.
 */
export async function toggleActive<E extends { id: number; version: number; isActive: boolean }>(
  tx: Executor,
  area: ActiveFlagArea<E>,
  {
    actor,
    row,
    active,
    version,
    requestId,
  }: { actor: AuthUser; row: E; active: boolean; version: number; requestId: string },
): Promise<number> {
  const moved = await applyTransition(tx, {
    target: { table: area.table, status: area.table.isActive, encode: (status) => status === 'active' },
    machine: area.machine,
    action: active ? 'activate' : 'deactivate',
    actor,
    entity: row,
    expectedVersion: version,
  });
  await writeStatusAudit(tx, {
    actor: actor.id,
    entity: area.entity,
    entityId: row.id,
    wasActive: row.isActive,
    active,
    requestId,
  });
  return moved.version;
}

/** The handler of a list route: the signed-in user and the query; the page in the `{ data }` envelope. */
export function listRows<Query, Answer>(run: (actor: AuthUser, query: Query) => Promise<Answer>) {
  return async ({ query }: { query: Query }, request: FastifyRequest): Promise<{ data: Answer }> => ({
    data: await run(currentUser(request), query),
  });
}

/** The handler of a create route: the signed-in user, the body and the request's id (for its audit row). */
export function createRow<Body, Answer>(run: (actor: AuthUser, body: Body, requestId: string) => Promise<Answer>) {
  return ({ body }: { body: Body }, request: FastifyRequest): Promise<Answer> =>
    run(currentUser(request), body, request.id);
}
