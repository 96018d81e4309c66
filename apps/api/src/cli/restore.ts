import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { REPO_ROOT } from '../platform/paths';
import { onConfiguredDatabase } from './backup/command';
import { restoreBackup } from './backup/restore-backup';
import { runCommand } from './run-command';

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
  const from = resolve(REPO_ROOT, values.from);
  const config = loadConfig(process.env, { externalSecrets: false });
  // With npm start running, its embedded server answers and its connections make the restore refuse.
  return onConfiguredDatabase(config, async (databaseUrl) => {
    const { manifest, rows, files } = await restoreBackup({
      from,
      databaseUrl,
      storage: config.storage,
      force: values.force,
      log: (line) => console.log(line),
    });
    console.log(
      `Restaurado el respaldo del ${manifest.createdAt} (versión ${manifest.app.version}): ${rows} filas, ` +
        `${files} archivos.`,
    );
  });
}

runCommand(main);
