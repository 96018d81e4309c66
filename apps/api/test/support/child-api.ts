import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../../../e2e/support/ports';
import { TEST_JWT_SECRET } from '../harness';

export { freePort };

/**
 * A second API process for the tests that need two on one PostgreSQL (ARCHITECTURE §1): `src/server.ts` bundled
 * (global-setup.ts) in a child process, as production runs it, on a free port. Used by the live notifications across
 * processes and the provisions race split across processes.
 */

const ROOT = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

export type ChildApi = { process: ChildProcess; port: number; output: string[]; dataDir: string };

/**
 * Starts API B on `databaseUrl` (DATABASE_URL set: server.ts starts no embedded PostgreSQL; the migrations are
 * already applied, a no-op) with `env` on top, and waits until /api/ready answers 200 (at most 180 s: a busy machine).
 */
export async function startChildApi(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ChildApi> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'planpiso-api-b-'));
  const output: string[] = [];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent/planpiso-web-dist',
    SMTP_PORT: String(inject('smtpPort')),
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.SEED_DEMO;
  delete childEnv.CORS_ORIGINS;
  const child = spawn(process.execPath, ['--enable-source-maps', inject('apiBundle')], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => output.push(chunk.toString('utf8'));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const api = { process: child, port, output, dataDir };

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API B exited (${child.exitCode}):\n${output.join('')}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return api;
    await sleep(200);
  }
  await stopChildApi(api);
  throw new Error(`API B not ready within 180 s:\n${output.join('')}`);
}

/** SIGTERM (server.ts closes the app: sockets, adapter, pool), SIGKILL if it has not gone after 15 s. */
export async function stopChildApi(api: ChildApi): Promise<number | null> {
  const child = api.process;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const gone = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!gone) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  await rm(api.dataDir, { recursive: true, force: true });
  return child.exitCode;
}

/** A session on the API process listening on `port`: its access token. */
export async function signInOn(port: number, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/identity/sign-in`, {
    method: 'POST',
    body: JSON.stringify({ email: user.email, password: user.password }),
    headers: { 'content-type': 'application/json' },
  });
  const body = (await response.json()) as { data?: { accessToken?: string } };
  const token = body.data?.accessToken;
  if (!token) throw new Error(`sign-in on port ${port} answered ${response.status}: ${JSON.stringify(body)}`);
  return token;
}
