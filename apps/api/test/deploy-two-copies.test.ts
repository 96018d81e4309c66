import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionRequestedNotice, type NotificationResponse } from '@planpiso/domain';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../e2e/support/round-robin-proxy';
import { startMailCatcher, type MailCatcher } from '../../simulators/src/mail/mail-catcher';
import { simulatorEnv } from './harness';
import { seededDatabase } from './seeded-database';
import { freePort, startChildApi, stopChildApi, type ChildApi } from './support/child-api';
import { socketConnected, within } from './support/two-apis';
import { PNG, dealerWithOperator } from './support/uploads';

/**
 * The deployment of docs/deploy.md in small (issue 30 item 1): two API processes on one PostgreSQL behind a
 * round-robin proxy, as compose.yaml runs them behind Caddy. Copy 0 works the background jobs (JOBS=on) and sends
 * mail to catcher A; copy 1 only serves requests (JOBS=off) and would send to catcher B. Both share one DATA_DIR, as
 * the copies share one S3 bucket in production. A user's journey through the proxy must not notice which copy
 * answers: a session, a write, its file, a live notification and a mailed code all cross from one copy to the other.
 */

const COPIES = 2;
let proxy: RoundRobinProxy;
let copies: ChildApi[] = [];
let mailA: MailCatcher;
let mailB: MailCatcher;
let sharedDataDir: string;
const sockets: Socket[] = [];
// A database of the file's own: on the run's shared one, another file's worker (a child API with jobs on, the
// harness's mail worker) could take copy 1's queued job before copy 0 does, and mail it elsewhere.
const seeded = await seededDatabase('two_copies');

beforeAll(async () => {
  [mailA, mailB] = await Promise.all([
    startMailCatcher({ smtpPort: 0, httpPort: 0 }),
    startMailCatcher({ smtpPort: 0, httpPort: 0 }),
  ]);
  sharedDataDir = await mkdtemp(join(tmpdir(), 'planpiso-two-copies-'));
  // Known before the copies start: their APP_URL is the proxy's address, as compose.yaml gives them Caddy's.
  const proxyPort = await freePort();
  const common = {
    ...simulatorEnv(),
    APP_URL: `http://localhost:${proxyPort}`,
    DATA_DIR: sharedDataDir,
    TRUST_PROXY: 'on',
    JOBS_POLL_SECONDS: '1',
  };
  copies = await Promise.all([
    startChildApi(seeded.url, { ...common, JOBS: 'on', SMTP_PORT: String(mailA.smtpPort) }),
    startChildApi(seeded.url, { ...common, JOBS: 'off', SMTP_PORT: String(mailB.smtpPort) }),
  ]);
  proxy = await startRoundRobinProxy(
    copies.map((copy) => `http://127.0.0.1:${copy.port}`),
    { port: proxyPort },
  );
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await proxy?.close();
  await Promise.all(copies.map((copy) => stopChildApi(copy)));
  await Promise.all([mailA?.stop(), mailB?.stop()]);
  if (sharedDataDir) await rm(sharedDataDir, { recursive: true, force: true });
  await seeded.close();
}, 60_000);

/** Makes `copy` the next to be served: the proxy is strict round robin, so a health probe moves it on by one. */
async function aim(copy: number): Promise<void> {
  while (proxy.nextUpstream !== copy) await fetch(`${proxy.url}/api/health`).then((r) => r.arrayBuffer());
}

/** A request through the proxy that `copy` serves (checked against the proxy's x-upstream header). */
async function on(copy: number, path: string, init: RequestInit = {}): Promise<Response> {
  await aim(copy);
  const response = await fetch(`${proxy.url}${path}`, init);
  expect(response.headers.get('x-upstream'), `${path} served by copy ${copy}`).toBe(String(copy));
  return response;
}

const other = (copy: number) => (copy + 1) % COPIES;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signInOn(copy: number, user: { email: string; password: string }): Promise<string> {
  const response = await on(copy, '/api/identity/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function mailTo(catcher: MailCatcher, to: string): Promise<{ subject: string; text: string }[]> {
  const response = await fetch(`http://127.0.0.1:${catcher.httpPort}/mail/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: { subject: string; text: string }[] }).data;
}

describe('two API copies behind a round-robin proxy', () => {
  it('a session made on one copy is honoured by the other', async () => {
    const { operator } = await dealerWithOperator(seeded.db);
    const token = await signInOn(0, operator);
    const session = await on(1, '/api/identity/session', { headers: bearer(token) });
    expect(session.status).toBe(200);
    expect(JSON.stringify(await session.json())).toContain(operator.email);
  });

  it('an exception written through one copy notifies a socket on the other, and reads back there with its file', async () => {
    const { org, operator, dealer } = await dealerWithOperator(seeded.db);
    // The operator's live-notification socket, through the proxy, lands on copy `held`.
    const operatorToken = await signInOn(0, operator);
    const held = proxy.nextUpstream;
    const socket = io(proxy.url, {
      path: '/socket.io',
      auth: { token: operatorToken },
      transports: ['websocket'],
      reconnection: false,
      timeout: 20_000,
    });
    sockets.push(socket);
    await socketConnected(socket, 'socket through the proxy');
    const heard = new Promise<NotificationResponse>((resolve) => socket.once(String(operator.id), resolve));

    // The dealer's request, with its evidence, is served by the other copy.
    const writer = other(held);
    const dealerToken = await signInOn(writer, dealer);
    const form = new FormData();
    form.set('comment', 'Unidad con daño en la puerta');
    form.set('type', '1');
    form.set('evidence', new Blob([PNG], { type: 'image/png' }), 'puerta.png');
    const created = await on(writer, '/api/exceptions', { method: 'POST', headers: bearer(dealerToken), body: form });
    expect(created.status).toBe(201);
    const exception = ((await created.json()) as { data: { id: number; folio: string; evidences: { url: string }[] } })
      .data;

    const notice = await within(heard, 15_000, 'the notification on the other copy');
    expect(notice.message).toBe(exceptionRequestedNotice(exception.folio, org.companies[0]!.name));

    const read = await on(held, `/api/exceptions/${exception.id}`, { headers: bearer(dealerToken) });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { folio: string } }).data.folio).toBe(exception.folio);
    const file = await on(held, exception.evidences[0]!.url, { headers: bearer(dealerToken) });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('work queued by the copy without jobs is done by the copy with JOBS=on (its mail server gets the code)', async () => {
    const { dealer } = await dealerWithOperator(seeded.db);
    const asked = await on(1, '/api/identity/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: dealer.email }),
    });
    expect(asked.status, `${await asked.text()}\n${copies[1]!.output.join('')}`).toBe(200);

    // Only copy 0 sends to catcher A: the code arriving there is copy 0's job run (pg-boss on the shared database).
    // Its own limit, under the test's: on a loaded machine the code may take a while, a hang still fails here.
    const deadline = Date.now() + 60_000;
    let caught = await mailTo(mailA, dealer.email);
    while (caught.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      caught = await mailTo(mailA, dealer.email);
    }
    // Seen once empty after the 60 s (CI35, a loaded run; not reproduced since): the JOBS=on copy's log says why next time.
    expect(
      caught,
      `the recovery code mailed by the JOBS=on copy\n${copies[0]!.output.slice(-60).join('')}`,
    ).toHaveLength(1);
    expect(caught[0]!.text).toMatch(/\d{6}/);
    expect(await mailTo(mailB, dealer.email)).toEqual([]);
  }, 90_000);
});
