import { buildApp } from './app';
import { createDb } from './db/client';
import { openConfiguredDatabase } from './db/connect';
import { runMigrations } from './db/migrate';
import { seedDemo } from './seed';
import { loadConfig } from './platform/config';

// The API process: configuration → PostgreSQL (embedded unless DATABASE_URL) → migrations → demo seed when
// SEED_DEMO=1 → listen. SIGINT/SIGTERM close the server and then stop PostgreSQL cleanly.
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const nothing = async () => undefined;
let closeDb: () => Promise<void> = nothing;
let closeApp: () => Promise<void> = nothing;

let shuttingDown: Promise<void> | undefined;
const shutdown = (code: number) =>
  (shuttingDown ??= (async () => {
    try {
      await closeApp();
      await closeDb();
    } finally {
      await database.stop();
    }
  })()
    .catch((error: unknown) => console.error(error))
    .finally(() => process.exit(code)));

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
