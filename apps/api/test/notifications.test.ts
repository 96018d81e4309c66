import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  NOTIFICATION_TYPE,
  notificationListResponse,
  updateNotificationResponse,
  type NotificationResponse,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { notifications } from '../src/db/schema/notifications';
import { transaction } from '../src/platform/transaction';
import { bearer, createUser, json, signIn } from './harness';
import { sharedApp } from './support/shared-app';

const t = await sharedApp();
const { app, db, clock } = t;

const { notify } = app.services.notifications;
type Page = { data: { items: NotificationResponse[]; total: number } };

/** A user with notifications created at known instants (the app's clock stamps them). */
async function userWithNotifications(instants: { at: string; type: 1 | 2; message: string }[]) {
  const user = await createUser(db, 3);
  for (const { at, type, message } of instants) {
    clock.set(new Date(at));
    await transaction(db, (tx) => notify(tx, [user.id], type, message));
  }
  clock.set(new Date());
  return { user, token: await signIn(app, user.email) };
}

const list = (token: string, userId: number, query = '') =>
  app.inject({ method: 'GET', url: `/api/users/${userId}/notifications${query}`, headers: bearer(token) });
const pending = async (token: string, userId: number) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/users/${userId}/pending-notifications`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { total: number } }>(response).data.total;
};
const patch = (token: string, id: number, payload: unknown) =>
  app.inject({
    method: 'PATCH',
    url: `/api/notifications/${id}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

// Mexico City is UTC-6 all year: 05:30Z on the 10th is 23:30 on the 9th there.
const SAMPLE = [
  { at: '2026-03-02T15:00:00Z', type: 1, message: 'Disposición D-1 autorizada' },
  { at: '2026-03-05T15:00:00Z', type: 2, message: 'Excepción E-1 rechazada' },
  { at: '2026-03-10T05:30:00Z', type: 1, message: 'Disposición D-2 autorizada' },
  { at: '2026-03-12T15:00:00Z', type: 2, message: 'Excepción E-2 aprobada' },
] as const;

describe('GET /api/users/:id/notifications', () => {
  it('lists the caller’s notifications newest first, with total and ISO timestamps', async () => {
    const { user, token } = await userWithNotifications([...SAMPLE]);
    const response = await list(token, user.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = notificationListResponse.parse(json(response));
    expect(body.data.total).toBe(4);
    expect(body.data.items.map((n) => n.message)).toEqual([
      'Excepción E-2 aprobada',
      'Disposición D-2 autorizada',
      'Excepción E-1 rechazada',
      'Disposición D-1 autorizada',
    ]);
    expect(body.data.items[0]).toMatchObject({ type: 2, isReaded: false, createdAt: '2026-03-12T15:00:00.000Z' });
  });

  it('sorts on request, pages, and refuses an unknown sort field', async () => {
    const { user, token } = await userWithNotifications([...SAMPLE]);
    const ascending = json<Page>(await list(token, user.id, '?sort=createdAt:asc'));
    expect(ascending.data.items[0]!.message).toBe('Disposición D-1 autorizada');

    const many = await userWithNotifications(
      Array.from({ length: 12 }, (_, i) => ({
        at: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString(),
        type: 1 as const,
        message: `Aviso ${i + 1}`,
      })),
    );
    const first = json<Page>(await list(many.token, many.user.id));
    expect(first.data.total).toBe(12);
    expect(first.data.items).toHaveLength(10);
    expect(first.data.items[0]!.message).toBe('Aviso 12');
    const second = json<Page>(await list(many.token, many.user.id, '?page=2&pageSize=10'));
    expect(second.data.items.map((n) => n.message)).toEqual(['Aviso 2', 'Aviso 1']);
    const bigger = json<Page>(await list(many.token, many.user.id, '?pageSize=25'));
    expect(bigger.data.items).toHaveLength(12);

    const badSort = await list(token, user.id, '?sort=password:asc');
    expect(badSort.statusCode).toBe(400);
    expect(json(badSort).message).toBe(MESSAGES.sortInvalid);
    expect((await list(token, user.id, '?pageSize=7')).statusCode).toBe(400);
  });

  it('filters by type and by Mexico City days, both ends inclusive', async () => {
    const { user, token } = await userWithNotifications([...SAMPLE]);
    const messages = async (query: string) =>
      json<Page>(await list(token, user.id, query)).data.items.map((n) => n.message);

    expect(await messages(`?type=${NOTIFICATION_TYPE.EXCEPTION}`)).toEqual([
      'Excepción E-2 aprobada',
      'Excepción E-1 rechazada',
    ]);
    // 2026-03-10T05:30Z is still the 9th in Mexico City.
    expect(await messages('?from=2026-03-09&to=2026-03-09')).toEqual(['Disposición D-2 autorizada']);
    expect(await messages('?from=2026-03-10&to=2026-03-11')).toEqual([]);
    expect(await messages('?from=2026-03-05&to=2026-03-12')).toEqual([
      'Excepción E-2 aprobada',
      'Disposición D-2 autorizada',
      'Excepción E-1 rechazada',
    ]);
    expect(await messages('?type=1&to=2026-03-05')).toEqual(['Disposición D-1 autorizada']);

    const badDate = await list(token, user.id, '?from=2026-13-01');
    expect(badDate.statusCode).toBe(400);
    expect((await list(token, user.id, '?type=3')).statusCode).toBe(400);
  });

  it('answers 404 for another user’s notifications and 401 without a session', async () => {
    const { user } = await userWithNotifications([SAMPLE[0]]);
    const other = await userWithNotifications([]);
    const response = await list(other.token, user.id);
    expect(response.statusCode).toBe(404);
    expect(json(response).code).toBe('NOT_FOUND');
    const count = await app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/pending-notifications`,
      headers: bearer(other.token),
    });
    expect(count.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/users/${user.id}/notifications` })).statusCode).toBe(401);
  });
});

describe('pending count, mark read and delete', () => {
  it('counts unread notifications; reading one lowers the count and writes an audit row', async () => {
    const { user, token } = await userWithNotifications([...SAMPLE]);
    expect(await pending(token, user.id)).toBe(4);
    const [newest] = json<Page>(await list(token, user.id)).data.items;

    const response = await patch(token, newest!.id, { action: 'read' });
    expect(response.statusCode, response.body).toBe(200);
    const body = updateNotificationResponse.parse(json(response));
    expect(body.data).toMatchObject({ id: newest!.id, isReaded: true, message: newest!.message });
    expect(await pending(token, user.id)).toBe(3);
    // Reading it again changes nothing.
    expect((await patch(token, newest!.id, { action: 'read' })).statusCode).toBe(200);
    expect(await pending(token, user.id)).toBe(3);

    const listed = json<Page>(await list(token, user.id)).data.items;
    expect(listed.find((n) => n.id === newest!.id)?.isReaded).toBe(true);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.read'), eq(auditLog.entityId, String(newest!.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorId: user.id,
      entity: 'notification',
      requestId: response.headers['x-request-id'],
    });
  });

  it('deletes softly: gone from the list and the count, kept in the table', async () => {
    const { user, token } = await userWithNotifications([...SAMPLE]);
    const [newest] = json<Page>(await list(token, user.id)).data.items;
    const response = await patch(token, newest!.id, { action: 'delete' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).message).toBe(MESSAGES.notificationDeleted);

    const after = json<Page>(await list(token, user.id));
    expect(after.data.total).toBe(3);
    expect(after.data.items.map((n) => n.id)).not.toContain(newest!.id);
    expect(await pending(token, user.id)).toBe(3);
    const [row] = await db.select().from(notifications).where(eq(notifications.id, newest!.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // A deleted notification can be neither read nor deleted again.
    const again = await patch(token, newest!.id, { action: 'read' });
    expect(again.statusCode).toBe(404);
    expect(json(again).message).toBe(MESSAGES.notificationNotFound);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.deleted'), eq(auditLog.entityId, String(newest!.id))));
    expect(audit?.actorId).toBe(user.id);
  });

  it('answers 404 for another user’s notification and leaves it untouched', async () => {
    const { user, token } = await userWithNotifications([SAMPLE[0]]);
    const other = await userWithNotifications([]);
    const [mine] = json<Page>(await list(token, user.id)).data.items;
    for (const action of ['read', 'delete']) {
      const response = await patch(other.token, mine!.id, { action });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.notificationNotFound });
    }
    expect(await pending(token, user.id)).toBe(1);
    expect((await patch(other.token, 2_000_000_000, { action: 'read' })).statusCode).toBe(404);
  });

  it('refuses an unknown action or id', async () => {
    const { user, token } = await userWithNotifications([SAMPLE[0]]);
    const [mine] = json<Page>(await list(token, user.id)).data.items;
    expect((await patch(token, mine!.id, { action: 'archive' })).statusCode).toBe(400);
    expect((await patch(token, mine!.id, {})).statusCode).toBe(400);
    expect((await patch(token, 0, { action: 'read' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PATCH', url: `/api/notifications/${mine!.id}` })).statusCode).toBe(401);
  });
});

describe('notify', () => {
  it('writes one row per distinct user, and nothing when the transaction rolls back', async () => {
    const a = await createUser(db, 3);
    const b = await createUser(db, 5);
    const created = await transaction(db, (tx) => notify(tx, [a.id, b.id, a.id], 1, 'Disposición D-9 autorizada'));
    expect(created).toHaveLength(2);

    await expect(
      transaction(db, async (tx) => {
        await notify(tx, [a.id], 2, 'Nunca existió');
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    const rows = await db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(rows.map((r) => r.message)).toEqual(['Disposición D-9 autorizada']);
  });

  it('refuses a transaction opened without transaction(), whose commit nobody would announce', async () => {
    const a = await createUser(db, 3);
    await expect(db.transaction((tx) => notify(tx, [a.id], 1, 'Sin anunciar'))).rejects.toThrow(/transaction\(\)/);
    expect(await db.select().from(notifications).where(eq(notifications.userId, a.id))).toEqual([]);
  });
});
