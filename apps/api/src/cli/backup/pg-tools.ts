import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * PostgreSQL's own pg_dump / pg_restore (decision 084), used when one at least as new as the server is at hand:
 * `PG_DUMP` / `PG_RESTORE` name it, else the one on PATH. An older pg_dump refuses a newer server, so it is not
 * offered (this machine's Debian pg_dump is 15; the embedded server is 18).
 */
export type PgTool = { path: string; version: string; major: number };

async function toolVersion(path: string): Promise<PgTool | undefined> {
  try {
    const { stdout } = await exec(path, ['--version'], { timeout: 10_000 });
    const major = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1];
    return major ? { path, version: stdout.trim(), major: Number(major) } : undefined;
  } catch {
    return undefined;
  }
}

/** The tool `name` (`pg_dump`, `pg_restore`) if its major version is at least `serverMajor`. */
export async function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PgTool | undefined> {
  const path = (name === 'pg_dump' ? env.PG_DUMP : env.PG_RESTORE)?.trim() || name;
  const tool = await toolVersion(path);
  return tool && tool.major >= serverMajor ? tool : undefined;
}

/** The URL without its password, which goes in PGPASSWORD instead (a command line is visible to `ps`). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump -Fc of the whole database as the exported `snapshot` sees it (the manifest's counts see the same). */
export async function runPgDump(tool: PgTool, url: string, snapshot: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await exec(tool.path, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** pg_restore into an empty database, in one transaction, stopping at the first error. */
export async function runPgRestore(tool: PgTool, url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await exec(
    tool.path,
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
}
