import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PLATFORM_OPERATIONS as op } from '@planpiso/domain';
import type { Db } from '../../db/client';
import { operationRoute } from '../../platform/operation-route';

/** How long readiness waits for the database before calling it down. */
const READY_TIMEOUT_MS = 2000;

async function databaseUp(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (the process answers) and readiness (it can reach PostgreSQL), for load balancers and scripts; declared
 * in packages/domain/src/operations/platform.ts. Logged at warn only: a probe calls them all the time.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const quiet = { logLevel: 'warn' } as const;
  operationRoute(app, op.health, async () => ({ status: 'ok' as const }), quiet);
  operationRoute(
    app,
    op.ready,
    async (_input, _request, reply) => {
      // Stopping (platform/shutdown.ts): the balancer takes this copy out while it finishes what it has.
      if (app.drain.draining) return reply.status(503).send({ status: 'draining' });
      if (await databaseUp(db)) return { status: 'ready' as const, database: 'up' as const };
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
    quiet,
  );
}
