import { openConfiguredDatabase } from '../../db/connect';
import type { Config } from '../../platform/config';
import { BackupError } from './manifest';

/**
 * What `npm run backup` and `npm run restore` do around their work: open the configured database (a running npm
 * start's embedded server as it is), run `work` on its URL, print a refusal (BackupError) as the one line it is and
 * answer 1, and stop the server they started. The exit code: 0 done, 1 refused or not opened.
 */
export async function onConfiguredDatabase(config: Config, work: (databaseUrl: string) => Promise<void>) {
  const database = await openConfiguredDatabase(config, { reuseRunning: true }).catch((error: unknown) => {
    // The embedded server's own words (a port taken, a directory another server holds) are the useful part.
    console.error(`No se pudo abrir la base de datos: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  if (!database) return 1;
  try {
    await work(database.url);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.stop();
  }
}
