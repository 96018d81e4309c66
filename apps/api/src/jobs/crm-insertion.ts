import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../db/client';
import type { CreditFailuresService } from '../modules/credit-failures';
import type { BatchJobRunner, JobDefinition } from './runner';

/** The insertion job's queue; the cycle reads pg-boss's rows by it. */
export const CRM_INSERT_UNIT_JOB = 'crm-insert-unit';

/** InsertarUnidad calls in flight per worker process: the CRM, not the queue, sets the pace (decision 070). */
export const CRM_INSERTION_CONCURRENCY = 8;

/**
 * Retries of an insertion whose CRM could not be reached (decision 072), 1 s apart at first, doubling (about a minute
 * in all); a crash's retry keeps the same short first pause.
 */
const CRM_OUTAGE_RETRY_LIMIT = 6;
const CRM_OUTAGE_RETRY_DELAY_SECONDS = 1;

/** Insertion jobs queued per statement by the cycle. */
const SEND_CHUNK = 200;

/** The singleton key of a unit's insertion job: one job per unit at most (decision 070). */
const crmInsertKey = (insertionId: number) => `crm-insert-${insertionId}`;

/**
 * The queued insertions with no live job (waiting, retrying or running): what a cycle may queue. A unit whose job
 * is still waiting from the last cycle is not queued again (issue 27 item 16: each 5-minute cycle re-queued the
 * backlog).
 */
async function idsWithoutLiveJob(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    select q.id from unnest(${`{${ids.join(',')}}`}::int[]) as q(id)
    where not exists (select 1 from pgboss.job as j where j.name = ${CRM_INSERT_UNIT_JOB}
      and j.singleton_key = 'crm-insert-' || q.id and j.state < 'completed')
    order by q.id`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * The CRM insertion cycle (issue 4, decision 011): on its cron the cycle sends one insertion job per queued unit;
 * each job tries its unit once. A unit the CRM refuses (or answers with an error) becomes a credit failure (the
 * row's 'failed' state) for a person to retry, insert or remove. A CRM that cannot be reached leaves the unit queued:
 * the job is tried again with backoff, then by the next cycle, until the CRM is back (decision 072). Both jobs are
 * idempotent: the row's state and the CRM's idempotency key make a job that runs twice insert once. One job per unit at most (decision 070): the cycle skips units whose job is still live,
 * and the queue's `short` policy refuses a second waiting job of one key even when two cycles race.
 */
export function crmInsertionJobs(
  failures: Pick<CreditFailuresService, 'attempt' | 'queuedIds'>,
  runner: Pick<BatchJobRunner, 'sendMany'>,
  cron: string,
  db: Executor,
) {
  const insertUnit: JobDefinition<{ insertionId: number }> = {
    name: CRM_INSERT_UNIT_JOB,
    payload: z.object({ insertionId: z.number().int().positive() }),
    // A crash or a lost worker retries through pg-boss's expiry; an answer from the CRM is final for this cycle. A CRM
    // that cannot be reached fails the job, tried again with backoff (1 s, doubling: about a minute for 6), and past
    // those the next cycle queues the unit again (its job is no longer live): it waits for the CRM, never stuck.
    retryLimit: CRM_OUTAGE_RETRY_LIMIT,
    retryDelay: CRM_OUTAGE_RETRY_DELAY_SECONDS,
    onePerKey: true,
    concurrency: CRM_INSERTION_CONCURRENCY,
    async handle({ insertionId }) {
      const result = await failures.attempt(insertionId, 'queued', null);
      if (result.outcome === 'waiting') throw result.error;
    },
  };

  const cycle: JobDefinition<Record<string, never>> = {
    name: 'crm-insertion-cycle',
    payload: z.object({}).strict(),
    cron,
    retryLimit: 1,
    async handle() {
      const ids = await idsWithoutLiveJob(db, await failures.queuedIds());
      // In chunks, one statement each: the backlog is queued in moments, and work starts on the first chunk.
      for (let from = 0; from < ids.length; from += SEND_CHUNK) {
        const chunk = ids.slice(from, from + SEND_CHUNK).map((insertionId) => ({
          payload: { insertionId },
          singletonKey: crmInsertKey(insertionId),
        }));
        await runner.sendMany(db, insertUnit, chunk);
      }
    },
  };

  return { insertUnit, cycle };
}
