import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  AppErrorCode,
  askMachine,
  type Machine,
  type StateActor,
  type StatusKey,
  type Verdict,
} from '@planpiso/domain';
import type { Executor } from '../db/client';
import { AppError, refusalError } from './errors';

/** A table whose rows move along a machine: an integer id and a version bumped by every move. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** Where a machine's status lives in a table, and how a status is written there (users and roles keep a flag). */
export type StateTarget<S extends StatusKey, T extends VersionedTable = VersionedTable> = {
  table: T;
  status: PgColumn;
  encode: (status: S) => string | number | boolean;
};

/** Someone moved the row after the screen (or this request) read it (ARCHITECTURE §4: 409 state conflict). */
export const staleVersion = () => new AppError(AppErrorCode.STALE_VERSION);

/** The machine's refusal as the answer the API sends: 403 not allowed, 409 wrong status, 403/422 a guard's. */
function refusal(verdict: Extract<Verdict<StatusKey>, { allowed: false }>): AppError {
  return refusalError(verdict);
}

/**
 * Asks the machine, in order: may this type take the action at all (403), is the version the caller read still
 * the row's (409 STALE_VERSION), does the status allow it (409 INVALID_STATUS), does the guard (403/422). Throws
 * the refusal; returns where the row goes.
 */
export function checkTransition<S extends StatusKey, A extends string, E extends { version: number }>(
  machine: Machine<S, A, E>,
  actor: StateActor,
  action: A,
  entity: E,
  expectedVersion: number | undefined,
): S {
  const verdict = askMachine(machine, actor, action, entity);
  if (!verdict.allowed && verdict.reason === 'who') throw refusal(verdict);
  if (expectedVersion !== undefined && expectedVersion !== entity.version) throw staleVersion();
  if (!verdict.allowed) throw refusal(verdict);
  return verdict.to;
}

/**
 * The one way a user's action moves a row along its machine (docs/decisions/016). `entity` is the row as this
 * transaction read it (in scope; locked or not); `expectedVersion` the version the screen showed. After the
 * machine allows it, one conditional UPDATE moves the row only if it still has the status and version read —
 * `UPDATE … SET status = to, version = version + 1 WHERE id = $1 AND status = from AND version = $v` — so of two
 * requests racing from the same version exactly one wins; the other gets 409 STALE_VERSION. `set` adds columns
 * the same move writes. The caller writes the audit row in the same transaction.
 */
export async function applyTransition<
  S extends StatusKey,
  A extends string,
  E extends { id: number; version: number },
  T extends VersionedTable,
>(
  tx: Executor,
  options: {
    target: StateTarget<S, T>;
    machine: Machine<S, A, E>;
    action: A;
    actor: StateActor;
    entity: E;
    expectedVersion?: number;
    set?: Record<string, unknown>;
  },
): Promise<{ from: S; to: S; version: number }> {
  const { target, machine, action, actor, entity, expectedVersion } = options;
  const to = checkTransition(machine, actor, action, entity, expectedVersion);
  const from = machine.statusOf(entity);
  const { table, status } = target;
  const statusKey = Object.entries(getTableColumns(table)).find(([, column]) => column === status)?.[0];
  if (!statusKey) throw new Error(`${machine.name}: the status column is not a column of the table`);
  const rows = await tx
    .update(table as PgTable)
    .set({ ...options.set, [statusKey]: target.encode(to), version: sql`${table.version} + 1` } as never)
    .where(
      and(
        eq(table.id, entity.id),
        eq(status, target.encode(from)),
        eq(table.version, expectedVersion ?? entity.version),
      ),
    )
    .returning({ version: table.version });
  const moved = rows[0] as { version: number } | undefined;
  if (!moved) throw staleVersion();
  return { from, to, version: moved.version };
}
