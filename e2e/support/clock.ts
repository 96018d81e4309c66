import assert from 'node:assert/strict';
import { IDENTITY_OPERATIONS, TEST_CLOCK_OPERATIONS, type TestClockResponse } from '@planpiso/domain';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';
import { e2eEnv } from './env';

/**
 * Days passing without waiting (issue 29: "the grace passes (a controllable clock) unpaid"): the stack's API runs with
 * TEST_CLOCK=1 (stack.ts), and these move its clock and the simulated CRM's date together, so the API's business
 * day and the CRM's "today" (interest to date, days elapsed) stay the same distance apart.
 *
 * - The API's access tokens age with its clock (an hour each): a page signed in before a move refreshes its session
 *   by itself (the refresh chain lasts 30 days); a token read from a page before the move is stale.
 * - The files of a lane share one stack, one after another: a spec that moves the clocks puts them back in its
 *   `after` hook with `resetClocks()`.
 * - The CRM's date starts at its fixtures' (2026-11-16), not today's: some of Autos del Norte's fixture credits fall
 *   due on 2026-12-05, so from 20 days ahead the company has pending balances at the CRM (its own refusal).
 */
export type MovedClocks = { api: TestClockResponse['data']; crm: { today: string; daysMoved: number } };

/** Moves both clocks `days` ahead (a whole number, 1 or more) and answers where each now stands. */
export async function advanceClock(days: number): Promise<MovedClocks> {
  assert.ok(Number.isInteger(days) && days >= 1, `advanceClock: whole days ahead, not ${days}`);
  const api = await apiClock(TEST_CLOCK_OPERATIONS.move.method, { advanceDays: days });
  const crm = await crmClock('POST', { advanceDays: days });
  return { api, crm };
}

/** Both clocks back: the API's to the system time, the CRM's to its fixtures' date. */
export async function resetClocks(): Promise<MovedClocks> {
  const api = await apiClock(TEST_CLOCK_OPERATIONS.reset.method);
  const crm = await crmClock('DELETE');
  return { api, crm };
}

/** Where both clocks stand. */
export async function readClocks(): Promise<MovedClocks> {
  return { api: await apiClock(TEST_CLOCK_OPERATIONS.read.method), crm: await crmClock('GET') };
}

/** The super user's access token, signed in afresh each time, since the previous token aged with the clock's move. */
async function superUserToken(): Promise<string> {
  const { baseUrl } = e2eEnv();
  const signIn = await fetch(`${baseUrl}${IDENTITY_OPERATIONS.signIn.path}`, {
    method: IDENTITY_OPERATIONS.signIn.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS[1].email, password: DEMO_PASSWORD }),
  });
  const session = (await signIn.json()) as { data?: { accessToken?: string } };
  assert.ok(session.data?.accessToken, `super user sign-in: ${signIn.status} ${JSON.stringify(session)}`);
  return session.data.accessToken;
}

/** The clock routes are the super user's. */
async function apiClock(method: string, body?: object): Promise<TestClockResponse['data']> {
  const { baseUrl } = e2eEnv();
  const token = await superUserToken();
  const response = await fetch(`${baseUrl}${TEST_CLOCK_OPERATIONS.read.path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // 404: the API was started without TEST_CLOCK=1 (stack.ts sets it).
  assert.ok(
    response.ok,
    `${method} ${TEST_CLOCK_OPERATIONS.read.path}: ${response.status} ${await response.clone().text()}`,
  );
  return ((await response.json()) as TestClockResponse).data;
}

async function crmClock(method: string, body?: object): Promise<MovedClocks['crm']> {
  const { crm } = e2eEnv();
  assert.ok(crm.url, 'the CRM simulator’s address (E2E_CRM_URL) is set by the e2e stack');
  const response = await fetch(`${crm.url}/__admin/clock`, {
    method,
    headers: { authorization: `Bearer ${crm.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(response.ok, `${method} CRM /__admin/clock: ${response.status} ${await response.clone().text()}`);
  return (await response.json()) as MovedClocks['crm'];
}

/**
 * Runs one of the API's jobs now (TEST_CLOCK only, POST /api/__test/jobs/:name) and waits for it to finish: what a
 * moved clock changes (a grace over, a payoff the CRM shows) happens when the journey asks, not at the next cron.
 */
export async function runJobNow(name: string): Promise<void> {
  const { baseUrl } = e2eEnv();
  const token = await superUserToken();
  const path = TEST_CLOCK_OPERATIONS.runJob.path.replace(':name', name);
  const response = await fetch(`${baseUrl}${path}`, {
    method: TEST_CLOCK_OPERATIONS.runJob.method,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.ok(response.ok, `POST ${path}: ${response.status} ${await response.clone().text()}`);
}
