import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { REPO_ROOT } from '../platform/paths';
import { createBackup, type BackupMethod } from './backup/create-backup';
import { onConfiguredDatabase } from './backup/command';
import { runCommand } from './run-command';

const USAGE = `Uso: npm run backup -- [--out DIRECTORIO] [--method auto|pg_dump|logical]

Respalda la base configurada (la embebida si no hay DATABASE_URL; la que ya sirve npm start, si corre) y los archivos
(DATA_DIR/files; con S3_* solo el listado del bucket) en DIRECTORIO/planpiso-<fecha UTC>/ con un manifest.json.
DIRECTORIO: --out, o BACKUP_DIR, o ./backups. Método: pg_dump -Fc si hay uno de la versión del servidor o más nueva
(PG_DUMP o el PATH); si no, el respaldo lógico de la aplicación (docs/operations.md, "Respaldo y restauración").`;

const METHODS: readonly BackupMethod[] = ['auto', 'pg_dump', 'logical'];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      method: { type: 'string', default: 'auto' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const method = values.method as BackupMethod;
  if (!METHODS.includes(method)) {
    console.error(`--method debe ser auto, pg_dump o logical.\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env, { externalSecrets: false });
  const outDir = resolve(REPO_ROOT, values.out ?? process.env.BACKUP_DIR ?? 'backups');
  // A running npm start's embedded server is used as it is: the backup reads one snapshot, beside the app's work.
  return onConfiguredDatabase(config, async (databaseUrl) => {
    const { dir, manifest } = await createBackup({
      databaseUrl,
      storage: config.storage,
      outDir,
      method,
      log: (line) => console.log(line),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Respaldo listo: ${dir} (${manifest.tables.length} tablas, ${rows} filas).`);
  });
}

runCommand(main);
