import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@planpiso/domain';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import type { Clock } from './clock';
import { AppError } from './errors';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while a create request holds an Idempotency-Key: its answer is stored for replays. */
    idempotency: { userId: number; key: string } | null;
  }
}

const fingerprintOf = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url ?? request.url} ` +
  createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');

/**
 * Create endpoints honour an `Idempotency-Key` header (ARCHITECTURE §4). The first request with a key claims it
 * (a row with no answer yet); its 2xx answer is stored and replayed to any retry with the same key and body
 * (`idempotent-replayed: true`). A failed first answer releases the key so the user can try again. The same key
 * with another body is refused (422), and a retry while the first is still running waits its turn (409).
 * Only signed-in POST requests take part: a key is scoped to its user.
 */
export function registerIdempotency(app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || key === undefined || !request.user) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError('IDEMPOTENCY_KEY_INVALID', 400, MESSAGES.idempotencyKeyInvalid);
    }
    const userId = request.user.id;
    const fingerprint = fingerprintOf(request);
    const now = clock.now();
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS))));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { userId, key };
      return;
    }
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!earlier) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, MESSAGES.idempotencyInProgress);
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, MESSAGES.idempotencyKeyReused);
    }
    if (earlier.statusCode === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409, MESSAGES.idempotencyInProgress);
    return reply
      .status(earlier.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(earlier.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: payload }).where(where);
    } else {
      await db.delete(idempotencyKeys).where(and(where, sql`${idempotencyKeys.statusCode} is null`));
    }
    return payload;
  });
}
