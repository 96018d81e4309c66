import { afterAll, beforeAll, expect } from 'vitest';
import { Money } from '@planpiso/domain';
import type { Db } from '../../src/db/client';
import { provisionSettings } from '../../src/db/schema/provision-settings';
import { reservedOnLine } from '../../src/modules/credit-lines/repository';
import { bearer, buildTestApp, fakeClock, simulatorEnv, type TestApp } from '../harness';
import { WORKING_NOON, clearNonWorkingDays, dealerGroup, montoRestante, type DealerGroup } from '../provision-fixtures';
import { seededDatabase } from '../seeded-database';
import { signInOn, startChildApi, stopChildApi, type ChildApi } from './child-api';

/**
 * What the no-overdraw races share (provisions-race, refinancings-race: ARCHITECTURE §6): creates sent in-process or
 * over HTTP as the group's dealer, on a line whose balance fits exactly three of them, and the checks of the outcome.
 */

export type Outcome = { status: number; message: string };
export type Send = (url: string, payload: object) => Promise<Outcome>;

/** Sends as the group's dealer in `app`; the token is read at each send (a race on a child process replaces it). */
export const viaInject =
  (app: TestApp['app'], group: () => DealerGroup): Send =>
  async (url, payload) => {
    const response = await app.inject({ method: 'POST', url, payload, headers: bearer(group().tokens.dealer) });
    return { status: response.statusCode, message: (JSON.parse(response.body) as { message?: string }).message ?? '' };
  };

/** Sends as the group's dealer to the API process on `port`. */
export const viaHttp =
  (port: number, group: () => DealerGroup): Send =>
  async (url, payload) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { ...bearer(group().tokens.dealer), 'content-type': 'application/json' },
    });
    return { status: response.status, message: ((await response.json()) as { message?: string }).message ?? '' };
  };

/** `count` created, every other one refused with the balance message. */
export function expectCreated(outcomes: Outcome[], count: number) {
  const created = outcomes.filter((o) => o.status === 201);
  const refused = outcomes.filter((o) => o.status !== 201);
  expect(created).toHaveLength(count);
  expect(refused).toHaveLength(outcomes.length - count);
  for (const outcome of refused) {
    expect(outcome).toEqual({ status: 422, message: 'El monto total supera el saldo restante' });
  }
}

/** The line's montoRestante and an amount of which 3 fit it and 4 do not: 3A <= montoRestante < 4A. */
export async function threeFit(app: TestApp['app'], group: DealerGroup, line: string) {
  const remaining = Money.of(await montoRestante(app, group.tokens.dealer, group.company.clientId, line));
  const seventh = remaining.divideRounded(7);
  const amount = seventh.add(seventh).toDecimalString();
  expect(Money.of(amount).add(Money.of(amount)).add(Money.of(amount)).greaterThan(remaining)).toBe(false);
  expect(Money.sum([1, 2, 3, 4].map(() => Money.of(amount))).greaterThan(remaining)).toBe(true);
  return { remaining, amount };
}

/** What the line holds never exceeds montoRestante, and is exactly three of `amount`. */
export async function expectWithinBalance(
  db: Db,
  line: string,
  { remaining, amount }: { remaining: Money; amount: string },
) {
  const reserved = Money.of(await reservedOnLine(db, line));
  expect(reserved.greaterThan(remaining)).toBe(false);
  expect(reserved.toDecimalString()).toBe(Money.sum([1, 2, 3].map(() => Money.of(amount))).toDecimalString());
}

type Seeded = Awaited<ReturnType<typeof seededDatabase>>;

/**
 * The races test that no create overdraws the line, not how long one waits: fifty creates queue for one line and a
 * five-connection pool, which on a busy machine (another `npm test` beside this one) took longer than the product's
 * 5 s waits and was answered 409 line busy or 503 instead of the balance message. Here every process waits a minute.
 * The 5 s refusals have tests of their own (credit-lines.test.ts, fault-line-busy.test.ts).
 */
const PATIENT_MS = 60_000;
const PATIENT_ENV = { CREDIT_LINE_LOCK_MS: String(PATIENT_MS), DB_CONNECTION_TIMEOUT_MS: String(PATIENT_MS) };

/**
 * One race file's database (its own), app, dealer group on the CRM's `clientId` and the line's figures, opened before
 * its tests (`beforeGroup` runs first on the database) and closed after them; with the senders and checks bound to
 * `line`. Its fields are read when used.
 */
export function useLineRace(
  label: string,
  clientId: string,
  line: string,
  beforeGroup: (db: Db) => Promise<unknown> = async () => undefined,
) {
  let t: TestApp | undefined;
  let seeded: Seeded | undefined;
  let group: DealerGroup | undefined;
  let figures: { remaining: Money; amount: string } | undefined;
  beforeAll(async () => {
    seeded = await seededDatabase(label, { connectionTimeoutMillis: PATIENT_MS });
    t = await buildTestApp({ db: seeded.db, clock: fakeClock(WORKING_NOON), env: PATIENT_ENV });
    await clearNonWorkingDays(seeded.db);
    await beforeGroup(seeded.db);
    group = await dealerGroup(t.app, seeded.db, clientId);
    figures = await threeFit(t.app, group, line);
  }, 120_000);
  let child: ChildApi | undefined;
  afterAll(async () => {
    if (child) await stopChildApi(child);
    await t?.close();
    await seeded?.close();
  });
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The race opens in beforeAll');
    return value;
  };
  const theGroup = () => opened(group);
  return {
    get t() {
      return opened(t);
    },
    get seeded() {
      return opened(seeded);
    },
    get group() {
      return theGroup();
    },
    get amount() {
      return opened(figures).amount;
    },
    viaInject: (app: TestApp['app']) => viaInject(app, theGroup),
    viaHttp: (port: number) => viaHttp(port, theGroup),
    expectExactlyThree: (outcomes: Outcome[]) => expectCreated(outcomes, 3),
    expectWithinBalance: () => expectWithinBalance(opened(seeded).db, line, opened(figures)),
    /** A second API process on this database (childApiForRace), stopped after the tests; this app's clock made real. */
    startChild: async () => {
      child = await childApiForRace(opened(seeded).db, opened(seeded).url, theGroup());
      opened(t).clock.set(new Date());
      return child;
    },
  };
}

/**
 * A second API process on `url`, jobs off, and the group's dealer signed in there: the child reads the real clock,
 * so the provisions' window is opened all day for this database (an equal start and end) and the token is its own.
 */
async function childApiForRace(db: Db, url: string, group: DealerGroup): Promise<ChildApi> {
  await db.update(provisionSettings).set({ startOperation: '00:00', endOperation: '00:00' });
  const child = await startChildApi(url, { ...simulatorEnv(), JOBS: 'off', ...PATIENT_ENV });
  group.tokens.dealer = await signInOn(child.port, group.dealer);
  return child;
}
