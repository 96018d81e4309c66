import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { Db } from '../../src/db/client';

/**
 * One HTTP case per kind of answer a state machine gives over a route (issue 28 item 6): 403 who, 404 scope,
 * 409 status, 409 version, 422 guard, 2xx — each written as data with its literal expected answer, run by
 * `itAnswersEachVerdict`. The pairs (which type may take which action from which status) are asserted in
 * packages/domain against the tables written by hand from the spec, not here.
 */
export type VerdictCase = {
  name: string;
  /** Puts the row where the case needs it; answers the version a screen would have read. */
  setup: () => Promise<number>;
  /** Another user moved the row after the screen read it: its version is bumped before the call. */
  stale?: boolean;
  call: (version: number) => Promise<LightMyRequestResponse>;
  expected: { status: number; code?: string; message?: string };
  /** The row's status after the call. */
  then: number;
};

/** The row under test, read back after each case, and its version moved on as another user's move would. */
export type CaseRow = {
  read: () => Promise<{ status: number; version: number }>;
  setVersion: (version: number) => Promise<void>;
};

/** A table whose rows move through a state machine: a provision's, a refinancing's. */
type MachineTable = PgTable & { id: PgColumn; status: PgColumn; version: PgColumn };

/** Row `id` of a machine table as the cases read and move it. */
export const machineRow = (db: Db, table: MachineTable, id: number): CaseRow => ({
  read: async () => {
    const [row] = await db.select({ status: table.status, version: table.version }).from(table).where(eq(table.id, id));
    return row as { status: number; version: number };
  },
  setVersion: async (version) => {
    await db.update(table).set({ version }).where(eq(table.id, id));
  },
});

const bodyOf = (response: LightMyRequestResponse): { code?: string; message?: string } => {
  try {
    return JSON.parse(response.body) as { code?: string; message?: string };
  } catch {
    return {};
  }
};

/**
 * Each case: the answer as expected; then the row's status as expected and its version moved by one on a 2xx only
 * (a refusal moves nothing).
 */
export function itAnswersEachVerdict(cases: readonly VerdictCase[], row: () => CaseRow): void {
  for (const c of cases) {
    it(c.name, async () => {
      const read = await c.setup();
      const current = c.stale ? read + 1 : read;
      if (c.stale) await row().setVersion(current);
      const response = await c.call(read);
      const { code, message } = bodyOf(response);
      expect({ status: response.statusCode, code, message }, response.body).toMatchObject(c.expected);
      const moved = response.statusCode < 300 ? 1 : 0;
      expect(await row().read()).toEqual({ status: c.then, version: current + moved });
    });
  }
}
