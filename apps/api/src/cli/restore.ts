import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../db/connect';
import { loadConfig } from '../platform/config';
import { REPO_ROOT } from '../platform/paths';
import { BackupError } from './backup/manifest';
import { restoreBackup } from './backup/restore-backup';

const USAGE = `Uso: npm run restore -- --from DIRECTORIO_DEL_RESPALDO [--force]

Restaura un respaldo de npm run backup en la base configurada (la embebida de DATA_DIR si no hay DATABASE_URL) y
sus archivos en DATA_DIR/files (o en el bucket de S3_*). Se niega si la base o el directorio de archivos ya tienen
datos, o si otra sesión (la aplicación) usa la base; --force vacía la base y aparta los archivos que hubiera.
Después verifica los conteos de filas y los sha256 del manifest.json.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.from) {
    console.error(`Falta --from.\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env, { externalSecrets: false });
  // With npm start running, its embedded server answers and its connections make the restore refuse (below).
  const database = await openConfiguredDatabase(config, { reuseRunning: true }).catch((error: unknown) => {
    // The embedded server's own words (a port taken, a directory another server holds) are the useful part.
    console.error(`No se pudo abrir la base de datos: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  if (!database) return 1;
  try {
    const { manifest, rows, files } = await restoreBackup({
      from: resolve(REPO_ROOT, values.from),
      databaseUrl: database.url,
      storage: config.storage,
      force: values.force,
      log: (line) => console.log(line),
    });
    console.log(
      `Restaurado el respaldo del ${manifest.createdAt} (versión ${manifest.app.version}): ${rows} filas, ` +
        `${files} archivos.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
