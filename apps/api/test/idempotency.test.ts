import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import { idempotencyKeys } from '../src/db/schema/platform';
import { roles } from '../src/db/schema/roles';
import { bearer, createUser, DAY, json, SECOND, signIn } from './harness';
import { sharedApp } from './support/shared-app';

/** Create requests with an Idempotency-Key (ARCHITECTURE §4): a retried save creates once. */
const t = await sharedApp();
const { app, db, clock } = t;

const admin = await createUser(db, 1);
let token = await signIn(app, admin.email);
const createRole = (name: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/roles',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { name, description: 'Rol de prueba', type: 2 },
  });
const rolesNamed = (name: string) => db.select().from(roles).where(eq(roles.name, name));

describe('Idempotency-Key on create requests', () => {
  it('replays the first answer to a retry and creates the role once', async () => {
    const name = `Idem ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const first = await createRole(name, key);
    const retry = await createRole(name, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(json(retry)).toEqual(json(first));
    expect(await rolesNamed(name)).toHaveLength(1);
  });

  it('does not replay without a key: the second create is a new one (refused by the unique name, decision 021)', async () => {
    const name = `Sin clave ${randomUUID().slice(0, 8)}`;
    expect((await createRole(name)).statusCode).toBe(201);
    const second = await createRole(name);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(409);
    expect(await rolesNamed(name)).toHaveLength(1);
  });

  it('refuses the same key with another request', async () => {
    const key = randomUUID();
    await createRole(`Uno ${randomUUID().slice(0, 8)}`, key);
    const other = await createRole(`Otro ${randomUUID().slice(0, 8)}`, key);
    expect(other.statusCode).toBe(422);
    expect(json(other)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: MESSAGES.idempotencyKeyReused });
  });

  it('releases the key when the first answer failed, so a corrected retry goes through', async () => {
    const key = randomUUID();
    const bad = await app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: { name: '', type: 2 },
    });
    expect(bad.statusCode).toBe(400);
    const name = `Corregido ${randomUUID().slice(0, 8)}`;
    // The body differs from the failed one, and that is fine: the failed attempt left nothing behind.
    const good = await createRole(name, key);
    expect(good.statusCode).toBe(201);
    expect(await rolesNamed(name)).toHaveLength(1);
  });

  it('keeps a key for a day', async () => {
    const key = randomUUID();
    const name = `Viejo ${randomUUID().slice(0, 8)}`;
    await createRole(name, key);
    clock.advance(DAY + 1000);
    token = await signIn(app, admin.email); // the access token did not outlive the day either
    const later = await createRole(name, key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    // A new create, so the unique name refuses it (decision 021).
    expect(later.statusCode).toBe(409);
  });

  it('takes over a claim whose owner died once its lease is over, and creates once (issue 27 item 14)', async () => {
    const name = `Huérfano ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    expect((await createRole(name, key)).statusCode).toBe(201);
    // What a process killed mid-request leaves: the claim without an answer, and nothing committed.
    await db.delete(roles).where(eq(roles.name, name));
    await db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, claimedAt: clock.now() })
      .where(and(eq(idempotencyKeys.userId, admin.id), eq(idempotencyKeys.key, key)));

    // Within the lease the owner may still be working: wait.
    const early = await createRole(name, key);
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS', message: MESSAGES.idempotencyInProgress });
    // No heartbeat came (the owner is gone): past the lease the retry takes the claim over and creates.
    clock.advance(31 * SECOND);
    const retry = await createRole(name, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await rolesNamed(name)).toHaveLength(1);
    // And it is the key's answer from now on.
    const again = await createRole(name, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).toEqual(json(retry));
    expect(await rolesNamed(name)).toHaveLength(1);
  });

  it('rejects a malformed key', async () => {
    const response = await createRole('Clave mala', 'con espacios no');
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ message: MESSAGES.idempotencyKeyInvalid });
  });
});
