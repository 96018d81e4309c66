import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type AuditLogEntry } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { bearer, createUser, json, readMail, refreshCookie, signIn, signInRaw } from './harness';
import { sharedApp } from './support/shared-app';

// Issue 14 item 10: failed sign-ins, lockouts, resets and sign-outs leave audit rows; the super user reads them.
const t = await sharedApp();
const { app, db } = t;

const WRONG = 'Mala#Clave1';
type Page = { data: { items: AuditLogEntry[]; total: number } };

const rowsWhere = (action: string, email: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.after}->>'email' = ${email}`))
    .orderBy(desc(auditLog.id));

describe('what identity writes to the audit log', () => {
  it('a failed sign-in, known e-mail or not, with the e-mail as typed and never the password', async () => {
    const user = await createUser(db, 2);
    const unknown = `nadie-${user.id}@prueba.planpiso.mx`;
    await signInRaw(app, user.email, WRONG);
    await signInRaw(app, unknown, WRONG);

    const [known] = await rowsWhere('identity.sign-in-failed', user.email);
    expect(known).toMatchObject({ actorId: null, entity: 'user', entityId: String(user.id) });
    expect(known!.after).toEqual({ email: user.email, failures: 1 });
    expect(known!.requestId).toBeTruthy();
    const [nobody] = await rowsWhere('identity.sign-in-failed', unknown);
    expect(nobody).toMatchObject({
      actorId: null,
      entity: 'user',
      entityId: null,
      after: { email: unknown, failures: 1 },
    });
    expect(JSON.stringify([known, nobody])).not.toContain(WRONG);
  });

  it('a lockout', async () => {
    const user = await createUser(db, 3);
    for (let i = 0; i < 5; i++) await signInRaw(app, user.email, WRONG);
    const [locked] = await rowsWhere('identity.locked-out', user.email);
    expect(locked).toMatchObject({ actorId: null, entityId: String(user.id) });
    expect(locked!.after).toMatchObject({ email: user.email, failures: 5 });
    expect(await rowsWhere('identity.sign-in-failed', user.email)).toHaveLength(5);
  });

  it('a sign-out and a password reset', async () => {
    const user = await createUser(db, 2);
    const cookie = refreshCookie(await signInRaw(app, user.email, user.password))!;
    await app.inject({ method: 'POST', url: '/api/identity/sign-out', cookies: { pp_refresh: cookie } });
    await app.inject({ method: 'POST', url: '/api/identity/forgot-password', payload: { email: user.email } });
    const [mail] = await readMail(user.email, app);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/identity/confirm-forgot-password',
      payload: { email: user.email, code, newPassword: 'Nueva#Clave9' },
    });
    expect(reset.statusCode).toBe(200);
    const actions = await db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(user.id))))
      .orderBy(desc(auditLog.id));
    expect(actions).toEqual([
      { action: 'identity.password-reset', actorId: user.id },
      { action: 'identity.signed-out', actorId: user.id },
    ]);
  });
});

const superUser = await createUser(db, 1);
const token = await signIn(app, superUser.email);

describe('GET /api/audit-log', () => {
  const list = (query: string, as = token) =>
    app.inject({ method: 'GET', url: `/api/audit-log?${query}`, headers: bearer(as) });

  it('lists newest first, filtered by action, entity and entity id, paged', async () => {
    const user = await createUser(db, 4);
    for (let i = 0; i < 3; i++) await signInRaw(app, user.email, WRONG);
    const response = await list(`entity=user&entityId=${user.id}&action=identity.sign-in-failed&pageSize=10`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<Page>(response);
    expect(data.total).toBe(3);
    expect(data.items.map((item) => (item.after as { failures: number }).failures)).toEqual([3, 2, 1]);
    expect(data.items[0]).toMatchObject({ actorId: null, actorEmail: null, entity: 'user', entityId: String(user.id) });
    expect(Date.parse(data.items[0]!.at)).not.toBeNaN();

    const second = json<Page>(await list(`entityId=${user.id}&page=2&pageSize=10&sort=at:asc`)).data;
    expect(second).toEqual({ items: [], total: 3 });
    const oldest = json<Page>(await list(`entityId=${user.id}&entity=user&sort=at:asc`)).data.items[0]!;
    expect((oldest.after as { failures: number }).failures).toBe(1);
  });

  it('filters by actor (with the actor’s e-mail) and by day', async () => {
    const user = await createUser(db, 2);
    const cookie = refreshCookie(await signInRaw(app, user.email, user.password))!;
    await app.inject({ method: 'POST', url: '/api/identity/sign-out', cookies: { pp_refresh: cookie } });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    const mine = json<Page>(await list(`actor=${user.id}&from=${today}&to=${today}`)).data;
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ action: 'identity.signed-out', actorId: user.id, actorEmail: user.email });
    expect(json<Page>(await list(`actor=${user.id}&to=2000-01-01`)).data.total).toBe(0);
  });

  it('refuses a bad filter or sort with a 400 and every type but the super user with a 403', async () => {
    expect((await list('sort=password:desc')).statusCode).toBe(400);
    expect(json<{ message: string }>(await list('sort=password:desc')).message).toBe(MESSAGES.sortInvalid);
    expect((await list('from=2026-02-30')).statusCode).toBe(400);
    expect((await list('actor=abc')).statusCode).toBe(400);
    const admin = await createUser(db, 2);
    expect((await list('', await signIn(app, admin.email))).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
  });
});
