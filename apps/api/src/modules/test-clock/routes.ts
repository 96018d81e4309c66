import type { FastifyInstance } from 'fastify';
import { TEST_CLOCK_OPERATIONS as op, businessClock } from '@planpiso/domain';
import type { AdjustableClock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { operationRoute } from '../../platform/operation-route';
import type { AnyJobDefinition } from '../../jobs/runner';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The movable clock (TEST_CLOCK=1 only; app.ts registers these routes nowhere else): an e2e journey makes a grace
 * period pass in one call. Everything that reads deps.clock — the jobs, the operating window, the business day,
 * sessions too — sees the new time at once; what PostgreSQL stamps with now() does not move.
 */
export async function testClockRoutes(
  app: FastifyInstance,
  { clock, jobs }: { clock: AdjustableClock; jobs: () => readonly AnyJobDefinition[] },
) {
  const answer = () => {
    const now = clock.now();
    return { data: { now: now.toISOString(), offsetMs: clock.offsetMs(), businessDay: businessClock(now).day } };
  };
  operationRoute(app, op.read, async () => answer());
  operationRoute(app, op.move, async ({ body }, request) => {
    if (body.now !== undefined) clock.set(new Date(body.now));
    else clock.advance((body.advanceDays ?? 0) * DAY_MS);
    request.log.warn({ offsetMs: clock.offsetMs() }, 'test clock moved');
    return answer();
  });
  // A moved clock's consequences now (the sold-out-of-trust control, the release reconciliation): the job's handler
  // in this request, as its cron would run it, so a journey waits on the answer instead of the next minute.
  operationRoute(app, op.runJob, async ({ params }, request) => {
    const job = jobs().find((definition) => definition.name === params.name);
    if (!job) throw notFound();
    request.log.warn({ job: job.name }, 'test: job run now');
    await job.handle({});
    return { data: { name: job.name, ran: true as const } };
  });
  operationRoute(app, op.reset, async (_input, request) => {
    clock.reset();
    request.log.warn('test clock back to the system time');
    return answer();
  });
}
