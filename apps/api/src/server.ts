import { buildApp } from './app';
import { createDb } from './db/client';
import { openConfiguredDatabase } from './db/connect';
import { runMigrations } from './db/migrate';
import { seedDemo } from './seed';
import { loadConfig } from './platform/config';
import { stopInOrder } from './platform/shutdown';

// The API process: configuration → PostgreSQL (embedded unless DATABASE_URL) → migrations → demo seed when
// SEED_DEMO=1 → listen. SIGINT/SIGTERM drain the app (platform/shutdown.ts: no new connections, sockets and jobs let go, requests in
// flight finished within SHUTDOWN_GRACE_MS), close it and the pool, stop PostgreSQL cleanly, and exit 0.
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const nothing = async () => undefined;
let drain: () => Promise<unknown> = nothing;
let closeDb: () => Promise<void> = nothing;
let closeApp: () => Promise<void> = nothing;
const consoleLog = { error: (obj: object | string, msg?: string) => console.error(msg ?? '', obj) };
/** Past the grace, the rest (closing the app, the pool, PostgreSQL) gets this long before the process gives up. */
const STOP_MARGIN_MS = 15_000;

let shuttingDown: Promise<void> | undefined;
const shutdown = (code: number) =>
  (shuttingDown ??= (async () => {
    setTimeout(() => {
      console.error('shutdown: not done within the grace; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + STOP_MARGIN_MS).unref();
    const clean = await stopInOrder(
      [
        { name: 'drain', run: () => drain() },
        { name: 'app', run: () => closeApp() },
        { name: 'database pool', run: () => closeDb() },
        { name: 'PostgreSQL', run: () => database.stop() },
      ],
      consoleLog,
    );
    process.exit(clean ? code : 1);
  })());

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));

try {
  await runMigrations(database.url);
  const handle = createDb(database.url, {
    max: config.dbPoolMax,
    connectionTimeoutMillis: config.dbConnectionTimeoutMs,
  });
  closeDb = handle.close;
  if (config.seedDemo) await seedDemo(handle.db);
  const app = await buildApp({ config, db: handle.db });
  drain = () => app.drain.begin();
  closeApp = () => app.close();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `PlanPiso API on http://localhost:${config.port}/api (docs at /api/docs)` +
      (database.embedded ? `; embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort}` : ''),
  );
} catch (error) {
  console.error(error);
  await shutdown(1);
}
