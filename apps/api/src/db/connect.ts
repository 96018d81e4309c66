import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../platform/config';
import { createDatabase, embeddedAdminUrl, startEmbeddedPostgres } from './embedded';

/** The application's database on the embedded server. */
export const EMBEDDED_DATABASE = 'planpiso';

export type ConfiguredDatabase = { url: string; embedded: boolean; stop(): Promise<void> };

/** Whether a fresh connection to `url` succeeds within a second (a server restarting or down answers false). */
export async function databaseAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  // A server going down can also make the client emit 'error'; unheard, that would take the process down with it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR/pg (started here and stopped by the
 * returned stop()). `reuseRunning` lets a CLI talk to the embedded server a running API already started.
 */
export async function openConfiguredDatabase(
  config: Config,
  { reuseRunning = false }: { reuseRunning?: boolean } = {},
): Promise<ConfiguredDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  const adminUrl = embeddedAdminUrl(config.embeddedPgPort);
  if (reuseRunning && (await databaseAnswers(adminUrl))) {
    return { url: await createDatabase(adminUrl, EMBEDDED_DATABASE), embedded: false, stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres({
    dataDir: join(config.dataDir, 'pg'),
    port: config.embeddedPgPort,
    persistent: true,
  });
  try {
    return { url: await createDatabase(server.url, EMBEDDED_DATABASE), embedded: true, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
