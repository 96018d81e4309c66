import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDatabase } from '../src/db/embedded';
import { freePort } from './support/child-api';

/**
 * The container image without Docker (issue 30 item 1, decision 086): the Dockerfile's build command
 * (scripts/build-image.mjs) writes the image's tree into a temporary directory, and the Dockerfile's own CMD, ENV and
 * HEALTHCHECK, read from the file, start it and probe it against an empty database, in production mode. One step
 * differs, said here and in docs/deploy.md: node_modules is a link to the repository's instead of the image's
 * `npm ci --omit=dev` (a minute or more on this machine); the build refuses a bundle importing anything that is not
 * a production dependency of apps/api, which is what that install would leave out. The web bundle is reused when
 * apps/web/dist is fresh (CI's e2e stage builds it first), otherwise built here. IMAGE_TEST_INSTALL=1 runs the
 * image's real production install instead of the link (what docs/deploy.md reports as run once here).
 */

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** The runtime stage: what follows the last FROM. */
const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** The exec-form array of an instruction (`CMD ["node", ...]`), continuation lines joined. */
function execForm(instruction: string): string[] {
  const joined = runtime.replace(/\\\n\s*/g, ' ');
  const match = new RegExp(`^${instruction}\\s+(?:--\\S+\\s+)*(?:CMD\\s+)?(\\[.*\\])\\s*$`, 'm').exec(joined);
  if (!match) throw new Error(`no exec-form ${instruction} in the Dockerfile's runtime stage`);
  return JSON.parse(match[1]!) as string[];
}

/** ENV KEY=value pairs of the runtime stage. */
function runtimeEnv(): Record<string, string> {
  const joined = runtime.replace(/\\\n\s*/g, ' ');
  const env: Record<string, string> = {};
  for (const line of joined.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[key!] = value!;
  }
  return env;
}

/** `node …` from the Dockerfile, run by this Node. */
const asSpawn = (command: string[]): [string, string[]] => {
  expect(command[0]).toBe('node');
  return [process.execPath, command.slice(1)];
};

let work: string;
let app: string;
let databaseUrl: string;
let adminUrl: string;
let api: ChildProcess | undefined;
let port: number;
const output: string[] = [];
const databaseName = `planpiso_image_${process.pid}`;

/** A container's environment: the image's ENV, then what compose.yaml would pass. Nothing from this process. */
function containerEnv(): NodeJS.ProcessEnv {
  const secret = () => randomBytes(24).toString('base64url');
  return {
    PATH: process.env.PATH,
    ...runtimeEnv(),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret(),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(inject('smtpPort')),
    JOBS: 'off',
    // Production mode wants every external system's own URL and secret (decision 062); none is called here.
    ...Object.fromEntries(
      ['CRM', 'VEHICLES', 'AX', 'ESIGN'].flatMap((system) => [
        [`${system}_URL`, `http://127.0.0.1:9/${system.toLowerCase()}`],
        [`${system}_TOKEN`, secret()],
      ]),
    ),
    ESIGN_WEBHOOK_SECRET: secret(),
  };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'planpiso-image-'));
  app = join(work, 'app');
  const build = dockerfile.match(/^RUN (node scripts\/build-image\.mjs) \S+$/m);
  expect(build, 'the Dockerfile builds with scripts/build-image.mjs').not.toBeNull();
  const install = process.env.IMAGE_TEST_INSTALL === '1';
  const built = spawnSync(
    process.execPath,
    ['scripts/build-image.mjs', app, ...(install ? [] : ['--link-node-modules'])],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);

  adminUrl = new URL('/postgres', inject('databaseUrl')).toString();
  databaseUrl = await createDatabase(adminUrl, databaseName);
  port = await freePort();
  const [command, args] = asSpawn(execForm('CMD'));
  api = spawn(command, args, { cwd: app, env: containerEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  api.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  api.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`the image's CMD exited (${api.exitCode}):\n${output.join('')}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`not ready within 120 s:\n${output.join('')}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
}, 600_000);

afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = once(api, 'exit');
    api.kill('SIGTERM');
    await exited;
  }
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(databaseName)} with (force)`);
    await admin.end();
  }
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${path}`, { headers });

describe('the image, built by the Dockerfile’s script and started by its CMD', () => {
  it('holds the bundles and the migrations, not the TypeScript sources', () => {
    expect(existsSync(join(app, 'apps', 'api', 'dist', 'server.js'))).toBe(true);
    expect(existsSync(join(app, 'apps', 'web', 'dist', 'index.html'))).toBe(true);
    expect(existsSync(join(app, 'apps', 'api', 'drizzle', 'meta', '_journal.json'))).toBe(true);
    expect(existsSync(join(app, 'apps', 'api', 'src'))).toBe(false);
    expect(existsSync(join(app, 'packages'))).toBe(false);
  });

  it('migrated the empty database at start and answers ready', async () => {
    const ready = await get('/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up' });
    const journal = JSON.parse(readFileSync(join(ROOT, 'apps', 'api', 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
  });

  it('serves the sign-in page and its script, precompressed', async () => {
    for (const path of ['/', '/login']) {
      const page = await get(path, { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    }
    const html = await (await get('/login')).text();
    expect(html).toContain('<div id="root">');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await get(script!, { 'accept-encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it('creates the first super user with the bundled CLI, as `docker compose exec` would run it', async () => {
    const email = `primer-${process.pid}@planpiso.mx`;
    const created = spawnSync(
      process.execPath,
      ['apps/api/dist/create-superuser.js', '--email', email, '--password', 'Inicial#2026a'],
      { cwd: app, env: containerEnv(), encoding: 'utf8' },
    );
    expect(created.status, `${created.stdout}\n${created.stderr}`).toBe(0);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Inicial#2026a' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('passes the Dockerfile’s HEALTHCHECK command', () => {
    const [command, args] = asSpawn(execForm('HEALTHCHECK'));
    const probe = spawnSync(command, args, { env: { PATH: process.env.PATH, PORT: String(port) }, encoding: 'utf8' });
    expect(probe.status, probe.stderr).toBe(0);
    // And it fails where nothing answers: the orchestrator's signal to stop routing to this copy.
    const nowhere = spawnSync(command, args, { env: { PATH: process.env.PATH, PORT: '9' }, encoding: 'utf8' });
    expect(nowhere.status).toBe(1);
  });

  it('stops cleanly on SIGTERM (docker stop)', async () => {
    const exited = once(api!, 'exit');
    api!.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code, output.join('')).toBe(0);
  });
});
