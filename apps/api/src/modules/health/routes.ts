import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { healthResponse, readyResponse } from '@planpiso/domain';
import type { Db } from '../../db/client';

const notReadyResponse = z.object({ status: z.literal('unavailable'), database: z.literal('down') });

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

/** Liveness (the process answers) and readiness (it can reach PostgreSQL), for load balancers and scripts. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platform'];

  r.get('/api/health', { logLevel: 'warn', schema: { tags, response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  r.get(
    '/api/ready',
    { logLevel: 'warn', schema: { tags, response: { 200: readyResponse, 503: notReadyResponse } } },
    async (_request, reply) => {
      if (await databaseUp(db)) return { status: 'ready' as const, database: 'up' as const };
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    },
  );
}
