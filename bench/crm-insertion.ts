// The CRM insertion's throughput (issue 27 item 16, decision 070): a send-to-CRM of 1,000 units through the real job
// runner (pg-boss on an embedded PostgreSQL of its own, with every migration and the demo seed) into the CRM
// simulator, once as the simulator answers and once with BENCH_CRM_LATENCY_MS (default 100) on each InsertarUnidad,
// so the figure shows who sets the pace: with a slow CRM, units/s ≈ calls in flight ÷ latency.
// Run: `node --import tsx bench/crm-insertion.ts` (BENCH_CRM_UNITS to change the 1,000). Prints one line per run and
// writes bench/results/crm-insertion.json. Not part of `npm test`: the figure depends on the machine.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { setSimulatorFault, startSimulators, simulatorEnvironment } from '../apps/simulators/src/index';
import { createAdapters } from '../apps/api/src/adapters';
import { createDb } from '../apps/api/src/db/client';
import { createDatabase, startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import { crmInsertions } from '../apps/api/src/db/schema/financing';
import { seedDemo } from '../apps/api/src/seed';
import { startJobs } from '../apps/api/src/jobs';
import { CRM_INSERTION_CONCURRENCY } from '../apps/api/src/jobs/crm-insertion';
import { createCreditFailuresService } from '../apps/api/src/modules/credit-failures/service';
import { systemClock } from '../apps/api/src/platform/clock';
import { loadConfig } from '../apps/api/src/platform/config';
import { createMailer } from '../apps/api/src/platform/mail';
import { createProvision } from '../apps/api/test/financing-fixtures';
import { freePort } from '../e2e/support/ports';
import { REPO_ROOT } from '../e2e/support/paths';

const UNITS = Number(process.env.BENCH_CRM_UNITS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_CRM_LATENCY_MS ?? 100);

/** 17 characters, no I, O or Q: a VIN the simulated CRM takes. */
const vinOf = (run: number, n: number) => `BNCH${String(run)}${String(n).padStart(12, '0')}`.slice(0, 17);

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };

const dataDir = mkdtempSync(join(tmpdir(), 'planpiso-bench-crm-'));
const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
const results: Record<string, unknown>[] = [];
try {
  const url = await createDatabase(server.url, 'planpiso_bench_crm');
  await runMigrations(url);
  const handle = createDb(url, { max: 10 });
  const { db } = handle;
  await seedDemo(db);
  const config = loadConfig({
    // The simulators' development tokens: development mode, as bench/api-process.ts runs the API (decision 062).
    NODE_ENV: 'development',
    ...simulatorEnvironment(simulators),
    JWT_SECRET: 'bench-secret-for-planpiso-crm-insertion-0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS: 'on',
    EXTERNAL_RETRIES: '0',
  });
  const adapters = createAdapters(config);
  const failures = createCreditFailuresService({ db, adapters, clock: systemClock });
  const runner = await startJobs(
    {
      db,
      adapters,
      clock: systemClock,
      config: config.jobs,
      log: silent,
      mailer: createMailer(config),
      failures,
    },
    { work: true },
  );

  for (const [run, latencyMs] of [0, LATENCY_MS].entries()) {
    await setSimulatorFault(simulators, 'crm', latencyMs > 0 ? { route: 'POST /InsertarUnidad', latencyMs } : null);
    // One peso each: the simulated line's balance is not what this measures.
    const { provision, units } = await createProvision(
      db,
      Array.from({ length: UNITS }, (_, n) => vinOf(run + 1, n)),
      8,
      '1.00',
    );
    await db
      .insert(crmInsertions)
      .values(units.map((unit) => ({ unitId: unit.id, provisionId: provision.id, status: 'queued' as const })));

    const started = performance.now();
    await runner.send(db, { name: 'crm-insertion-cycle', payload: z.object({}).strict() }, {});
    for (;;) {
      const [row] = await db
        .select({ left: sql<number>`count(*)::int` })
        .from(crmInsertions)
        .where(sql`${crmInsertions.provisionId} = ${provision.id} and ${crmInsertions.status} = 'queued'`);
      if (row!.left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const inserted = await db
      .select({ id: crmInsertions.id })
      .from(crmInsertions)
      .where(sql`${crmInsertions.provisionId} = ${provision.id} and ${crmInsertions.status} = 'inserted'`);
    const jobs = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'crm-insert-unit'
          and (data->>'insertionId')::int in (select id from crm_insertions where provision_id = ${provision.id})`,
    );
    const result = {
      units: UNITS,
      crmLatencyMs: latencyMs,
      seconds: Math.round(seconds * 100) / 100,
      unitsPerSecond: Math.round((UNITS / seconds) * 10) / 10,
      inserted: inserted.length,
      jobs: jobs.rows[0]!.n,
      concurrency: CRM_INSERTION_CONCURRENCY,
    };
    results.push(result);
    console.log(
      `crm insertion: ${UNITS} units, CRM latency ${latencyMs} ms: ${result.seconds} s, ${result.unitsPerSecond} units/s ` +
        `(${result.inserted} inserted, ${result.jobs} jobs, ${CRM_INSERTION_CONCURRENCY} in flight per process)`,
    );
    await db.delete(crmInsertions).where(eq(crmInsertions.provisionId, provision.id));
  }
  await runner.stop();
  await handle.close();
  const out = join(REPO_ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'crm-insertion.json'),
    JSON.stringify({ at: new Date().toISOString(), cpus: cpus().length, loadavg: loadavg(), results }, null, 2),
  );
} finally {
  await setSimulatorFault(simulators, 'crm', null).catch(() => undefined);
  await simulators.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
