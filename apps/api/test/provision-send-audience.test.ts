import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Money } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { notifications } from '../src/db/schema/notifications';
import { users } from '../src/db/schema/users';
import { json } from './harness';
import { post, randomVin, saveBody, sendSaved, unit, type DealerGroup } from './provision-fixtures';
import { financingApp } from './support/financing-app';

/**
 * One business event, one audience (issue 28): a provision sent to the lender — created and sent at once
 * (POST /api/provisions/create-send) or saved first and sent later (PATCH set-status 2) — tells the account's lender
 * operators who are active and not archived, through the same mover (modules/financing/record-move.ts).
 */
const LINE = 'LC-10004-01';

const { t, seeded, groups } = await financingApp('provision-send-audience', { clients: ['10004'] });
const [a] = groups;

async function create(group: DealerGroup, url: string) {
  const units = [unit(randomVin(), '25.00')];
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  const response = await post(t.app, group.tokens.dealer, url, saveBody(group, LINE, units, total));
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { id: number; folio: string; status: number } }>(response).data;
}

/** Does the account's operator hold a notice naming `folio`? */
async function toldOf(folio: string): Promise<number[]> {
  const rows = await seeded.db
    .select({ userId: notifications.userId, message: notifications.message })
    .from(notifications)
    .where(inArray(notifications.userId, [a.operator.id]));
  return [...new Set(rows.filter((row) => row.message.includes(folio)).map((row) => row.userId))].sort((x, y) => x - y);
}

async function notifiedInAudit(action: string, id: number): Promise<unknown> {
  const [row] = await seeded.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
  return (row?.after as { notified?: unknown } | null)?.notified;
}

/** The account's lender operator deactivated or archived while `work` runs (an account has one operator). */
async function withOperator(state: { isActive?: boolean; isArchived?: boolean }, work: () => Promise<void>) {
  await seeded.db.update(users).set(state).where(eq(users.id, a.operator.id));
  try {
    await work();
  } finally {
    await seeded.db.update(users).set({ isActive: true, isArchived: false }).where(eq(users.id, a.operator.id));
  }
}

/** Saved, then sent with the version read (PATCH set-status 2): the mover's move. */
async function saveAndSend(group: DealerGroup) {
  const saved = await create(group, '/api/provisions');
  const sent = await sendSaved(t.app, group, saved.id);
  expect(sent.statusCode, sent.body).toBe(200);
  return saved;
}

describe('the audience of a provision sent to the lender', () => {
  it('sending a saved provision tells the active, not archived operator only', async () => {
    const told = await saveAndSend(a);
    expect(await toldOf(told.folio)).toEqual([a.operator.id]);
    expect(await notifiedInAudit('provisions.send', told.id)).toEqual([a.operator.id]);
    for (const state of [{ isActive: false }, { isArchived: true }]) {
      await withOperator(state, async () => {
        const untold = await saveAndSend(a);
        expect(await toldOf(untold.folio)).toEqual([]);
        expect(await notifiedInAudit('provisions.send', untold.id)).toEqual([]);
      });
    }
  });

  it('creating and sending at once tells the same audience: no inactive or archived operator', async () => {
    const told = await create(a, '/api/provisions/create-send');
    expect(told.status).toBe(2);
    expect(await toldOf(told.folio)).toEqual([a.operator.id]);
    expect(await notifiedInAudit('provisions.created-and-sent', told.id)).toEqual([a.operator.id]);
    for (const state of [{ isActive: false }, { isArchived: true }]) {
      await withOperator(state, async () => {
        const untold = await create(a, '/api/provisions/create-send');
        expect(await toldOf(untold.folio)).toEqual([]);
        expect(await notifiedInAudit('provisions.created-and-sent', untold.id)).toEqual([]);
      });
    }
  });
});
