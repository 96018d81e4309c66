import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppErrorCode } from '@planpiso/domain';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import type { Clock } from './clock';
import { AppError } from './errors';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

type Claim = { userId: number; key: string; heartbeat?: NodeJS.Timeout };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while a create request holds an Idempotency-Key: its answer is stored for replays. */
    idempotency: Claim | null;
  }
}

/** The claim of the request being handled, for `answerWithin` (the handler and everything it awaits see it). */
const current = new AsyncLocalStorage<Claim>();

/**
 * Stores `body` as the answer (`statusCode`) of the current request's Idempotency-Key claim, in `tx`: the answer
 * then commits with the create itself (issue 27 item 14, decision 069). A process that dies after the commit and
 * before it could answer leaves its retry a stored answer to replay, rather than a claim no one can take over (or one
 * whose takeover would create twice). Returns `body`; without a claim it only returns it. The route must send exactly
 * `body` with `statusCode`.
 */
export async function answerWithin<T>(tx: Tx, statusCode: number, body: T): Promise<T> {
  const claim = current.getStore();
  if (!claim) return body;
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, responseBody: JSON.stringify(body) })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  return body;
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
 *
 * A claim is a lease (issue 27 item 14, decision 069): its owner refreshes `claimed_at` every third of `leaseMs`
 * while the request runs; an unanswered claim older than the lease belongs to a process that died, and the retry
 * takes it over. A create that stores its answer with `answerWithin` commits answer and rows together.
 */
export function registerIdempotency(
  app: FastifyInstance,
  { db, clock, leaseMs }: { db: Db; clock: Clock; leaseMs: number },
): void {
  app.decorateRequest('idempotency', null);
  const whereClaim = (claim: { userId: number; key: string }) =>
    and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));

  /** The owner's heartbeat; a lost beat (the database away) only shortens the lease. */
  const own = (request: FastifyRequest, claim: Claim) => {
    claim.heartbeat = setInterval(
      () =>
        void db
          .update(idempotencyKeys)
          .set({ claimedAt: clock.now() })
          .where(and(whereClaim(claim), isNull(idempotencyKeys.statusCode)))
          .catch(() => undefined),
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    claim.heartbeat.unref();
    request.idempotency = claim;
  };
  const disown = (request: FastifyRequest) => {
    clearInterval(request.idempotency?.heartbeat);
  };

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[HEADER];
    if (request.method !== 'POST' || key === undefined || !request.user) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new AppError(AppErrorCode.IDEMPOTENCY_KEY_INVALID);
    }
    const userId = request.user.id;
    const fingerprint = fingerprintOf(request);
    const now = clock.now();
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS))));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, createdAt: now, claimedAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      own(request, { userId, key });
      return;
    }
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!earlier) throw new AppError(AppErrorCode.IDEMPOTENCY_IN_PROGRESS);
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError(AppErrorCode.IDEMPOTENCY_KEY_REUSED);
    }
    if (earlier.statusCode === null) {
      // Unanswered: still running (its heartbeat is fresh), or its owner died. Take over an expired claim, once.
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ claimedAt: now })
        .where(
          and(
            whereClaim({ userId, key }),
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.claimedAt, new Date(now.getTime() - leaseMs)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (!taken) throw new AppError(AppErrorCode.IDEMPOTENCY_IN_PROGRESS);
      own(request, { userId, key });
      return;
    }
    return reply
      .status(earlier.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(earlier.responseBody);
  });

  // The handler (and all it awaits) runs with the claim in `current`, for answerWithin. Registered after the claim's
  // hook, so it runs once the claim is taken; `done` inside run() carries the store into the handler.
  app.addHook('preHandler', (request, _reply, done) => {
    const claim = request.idempotency;
    if (!claim) return done();
    current.run(claim, done);
  });

  app.addHook('onResponse', async (request) => disown(request));

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    disown(request);
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
