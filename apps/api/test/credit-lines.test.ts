import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES, MESSAGES, Money } from '@planpiso/domain';
import { createAdapters } from '../src/adapters';
import type { Db, Tx } from '../src/db/client';
import { creditLines } from '../src/db/schema/credit-lines';
import { provisions } from '../src/db/schema/financing';
import { companies } from '../src/db/schema/organisation';
import * as repo from '../src/modules/credit-lines/repository';
import {
  createCreditLinesService,
  reserve,
  type CreditLinesService,
  type LockedCreditLine,
} from '../src/modules/credit-lines/service';
import { AppError } from '../src/platform/errors';
import { closeTestDb, createOrganisation, createUser, fakeClock, testConfig, testDb } from './harness';
import { eventually } from './financing-fixtures';

// The credit line's lock and exact money (issue 13 item 2, ARCHITECTURE §6 "No overdraw", decision 015), on the
// run's real PostgreSQL and the CRM simulator over HTTP. Each test works on a line id of its own, so the files
// running in parallel never meet on a row.

let db: Db;
const clock = fakeClock(new Date('2026-11-24T16:00:00Z'));
let owner: { accountId: number; companyId: number; userId: number };
const adapters = () => createAdapters(testConfig());
const service = (lockTimeout?: string): CreditLinesService =>
  createCreditLinesService({ db, adapters: adapters(), clock }, lockTimeout ? { lockTimeout } : {});

beforeAll(async () => {
  db = testDb();
  const organisation = await createOrganisation(db);
  const company = organisation.companies[0]!;
  const user = await createUser(db, 5, { accountId: organisation.account.id, companyId: company.id });
  owner = { accountId: organisation.account.id, companyId: company.id, userId: user.id };
});

afterAll(async () => {
  await closeTestDb();
});

/** A local line with what the CRM would have said remains. */
async function lineWith(montoRestante: string): Promise<string> {
  const crmLineId = `LC-T-${randomUUID().slice(0, 8)}`;
  await repo.upsertCreditLine(
    db,
    {
      crmLineId,
      clientNumber: `T-${crmLineId}`,
      typeLine: '100000000',
      montoAutorizado: montoRestante,
      montoRestante,
      plazos: '1|3',
    },
    clock.now(),
  );
  return crmLineId;
}

/** The reservation itself: an open provision (status 1, Creada) of `total` on the line. */
async function writeProvision(executor: Db | Tx, creditLine: string, total: string, status = 1) {
  await executor.insert(provisions).values({
    status,
    accountId: owner.accountId,
    companyId: owner.companyId,
    creditLine,
    typeLine: '100000000',
    total,
    registerBy: owner.userId,
  });
}

/** A promise and the function that settles it: the test decides when a transaction may go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Runs `attempt` while another reservation (waiting 20 s itself) holds `line` locked, then lets the line go. */
async function whileLineHeld<T>(line: string, attempt: () => Promise<T>): Promise<T> {
  const held = gate();
  const release = gate();
  const holding = service('20s').withLockedCreditLine(db, line, async () => {
    held.open();
    await release.opened;
  });
  await held.opened;
  try {
    return await attempt();
  } finally {
    release.open();
    await holding;
  }
}

/** Sessions of this database waiting for a row lock on credit_lines (the second reservation, blocked). */
async function waitingOnCreditLines(): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "credit_lines"%for update%'`);
  return result.rows[0]!.n;
}

describe('the credit line lock (two reservations on one line)', () => {
  it('makes the second reservation wait for the first to commit, then see it and be refused', async () => {
    const lines = service('20s');
    const line = await lineWith('100.00');
    const firstHolds = gate();
    const firstMayCommit = gate();
    const events: string[] = [];

    const first = lines.withLockedCreditLine(db, line, async (tx, locked) => {
      events.push('first locked');
      const after = reserve(locked, Money.of('60.00'));
      await writeProvision(tx, line, '60.00');
      firstHolds.open();
      await firstMayCommit.opened;
      events.push('first commits');
      return after;
    });
    await firstHolds.opened;

    let seenBySecond: LockedCreditLine | undefined;
    const second = lines.withLockedCreditLine(db, line, async (tx, locked) => {
      events.push('second locked');
      seenBySecond = locked;
      reserve(locked, Money.of('60.00'));
      await writeProvision(tx, line, '60.00');
    });
    const secondOutcome = second.then(
      () => 'reserved',
      (error: unknown) => error,
    );

    // PostgreSQL shows the second session blocked on the row lock, and it has not run its work.
    await eventually(async () => (await waitingOnCreditLines()) >= 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['first locked']);
    expect(seenBySecond).toBeUndefined();

    firstMayCommit.open();
    const afterFirst = await first;
    expect(afterFirst.available.toDecimalString()).toBe('40.00');
    const outcome = await secondOutcome;
    expect(events).toEqual(['first locked', 'first commits', 'second locked']);
    // It saw the first's committed reservation under the lock, so only 40.00 was left for its 60.00.
    expect(seenBySecond!.reserved.toDecimalString()).toBe('60.00');
    expect(seenBySecond!.available.toDecimalString()).toBe('40.00');
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).toResponse()).toEqual({
      statusCode: 422,
      code: 'BALANCE_EXCEEDED',
      message: 'El monto total supera el saldo restante',
    });
    expect(await repo.reservedOnLine(db, line)).toBe('60.00');
  });

  it('lets the second one reserve what is left after the first, to the cent', async () => {
    const lines = service('20s');
    const line = await lineWith('100.00');
    const firstHolds = gate();
    const firstMayCommit = gate();
    const first = lines.withLockedCreditLine(db, line, async (tx, locked) => {
      reserve(locked, Money.of('60.01'));
      await writeProvision(tx, line, '60.01');
      firstHolds.open();
      await firstMayCommit.opened;
    });
    await firstHolds.opened;
    const second = lines.withLockedCreditLine(db, line, async (tx, locked) => {
      // Exactly the remaining balance is allowed: nothing is left below 0 (spec 3 §5).
      const after = reserve(locked, Money.of('39.99'));
      await writeProvision(tx, line, '39.99');
      return { seen: locked.reserved.toDecimalString(), left: after.available.toDecimalString() };
    });
    await eventually(async () => (await waitingOnCreditLines()) >= 1, 10_000);
    firstMayCommit.open();
    await first;
    expect(await second).toEqual({ seen: '60.01', left: '0.00' });
    expect(await repo.reservedOnLine(db, line)).toBe('100.00');
  });

  it('answers the Spanish 409 when the line stays locked beyond lock_timeout, and holds nothing', async () => {
    const impatient = service('200ms');
    const line = await lineWith('500.00');
    await whileLineHeld(line, async () => {
      const started = Date.now();
      const refused = await impatient
        .withLockedCreditLine(db, line, async (tx, locked) => {
          reserve(locked, Money.of('1.00'));
          await writeProvision(tx, line, '1.00');
        })
        .catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).toResponse()).toEqual({
        statusCode: 409,
        code: 'CREDIT_LINE_BUSY',
        message: 'La línea de crédito está siendo utilizada por otra operación, intente nuevamente',
      });
      expect((refused as AppError).message).toBe(FINANCING_MESSAGES.creditLineBusy);
    });
    expect(await repo.reservedOnLine(db, line)).toBe('0.00');
  });

  it('waits as long as the app’s CREDIT_LINE_LOCK_MS says (here 200 ms) when no wait is named', async () => {
    const configured = createCreditLinesService({ db, adapters: adapters(), clock, config: { creditLineLockMs: 200 } });
    const line = await lineWith('500.00');
    await whileLineHeld(line, async () => {
      const started = Date.now();
      await expect(configured.withLockedCreditLine(db, line, async () => 1)).rejects.toMatchObject({
        statusCode: 409,
        code: 'CREDIT_LINE_BUSY',
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  it('puts the server’s lock_timeout back once it holds the lock', async () => {
    const lines = service('1234ms');
    const line = await lineWith('10.00');
    const setting = await lines.withLockedCreditLine(db, line, async (tx) => {
      const result = await tx.execute<{ value: string }>(sql`select current_setting('lock_timeout') as value`);
      return result.rows[0]!.value;
    });
    expect(setting).toBe('0');
  });

  it('refuses a reservation above the balance, and answers 404 for a line never read from the CRM', async () => {
    const lines = service();
    const line = await lineWith('0.30');
    await writeProvision(db, line, '0.10');
    await expect(
      lines.withLockedCreditLine(db, line, async (_tx, locked) => reserve(locked, Money.of('0.21'))),
    ).rejects.toMatchObject({ code: 'BALANCE_EXCEEDED', statusCode: 422 });
    const fits = await lines.withLockedCreditLine(db, line, async (_tx, locked) => reserve(locked, Money.of('0.2')));
    expect(fits.available.toDecimalString()).toBe('0.00');
    await expect(lines.withLockedCreditLine(db, 'LC-NUNCA-LEIDA', async () => 1)).rejects.toMatchObject({
      statusCode: 404,
      message: MESSAGES.creditLineNotFound,
    });
  });
});

describe('exact money sums in SQL', () => {
  it('sums 1,000 provisions of 0.10 and 123456789.99 to the cent, counting only open ones', async () => {
    const line = await lineWith('999999999999.99');
    const rows = Array.from({ length: 1000 }, () => ({
      status: 2,
      accountId: owner.accountId,
      companyId: owner.companyId,
      creditLine: line,
      typeLine: '100000000',
      total: '0.10',
      registerBy: owner.userId,
    }));
    await db.insert(provisions).values(rows);
    await writeProvision(db, line, '123456789.99', 7);
    // Hold nothing: authorised (the CRM counts it), rejected, cancelled.
    await writeProvision(db, line, '0.01', 8);
    await writeProvision(db, line, '0.01', 9);
    await writeProvision(db, line, '0.01', 11);
    expect(await repo.reservedOnLine(db, line)).toBe('123456889.99');
    expect((await repo.reservedOnLines(db, [line])).get(line)).toBe('123456889.99');
    const locked = await service().withLockedCreditLine(db, line, async (_tx, l) => l);
    expect(locked.reserved.toDecimalString()).toBe('123456889.99');
    expect(locked.available.toDecimalString()).toBe('999876543110.00');
    // The same thousand dimes added as binary floats miss the cent.
    expect(Array.from({ length: 1000 }, () => 0.1).reduce((a, b) => a + b) === 100).toBe(false);
  });
});

describe('refreshing a line from the CRM', () => {
  it('writes the local row from the CRM simulator, and a second refresh overwrites it', async () => {
    const lines = service();
    const crm = await adapters().crm.creditLineInformation('LC-10001-01');
    expect(crm).not.toBeNull();
    const row = await lines.refreshFromCrm('LC-10001-01');
    expect(row).toMatchObject({
      crmLineId: 'LC-10001-01',
      clientNumber: crm!.numeroCliente,
      typeLine: crm!.tipoDispLinea,
      montoAutorizado: Money.of(crm!.montoAutorizado).toDecimalString(),
      montoRestante: Money.of(crm!.montoRestante).toDecimalString(),
      plazos: crm!.plazos,
    });
    expect(row.refreshedAt.toISOString()).toBe(clock.now().toISOString());
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.clientId, crm!.numeroCliente));
    expect(row.companyId).toBe(company?.id ?? null);

    clock.advance(60_000);
    const again = await lines.refreshFromCrm('LC-10001-01');
    expect(again.id).toBe(row.id);
    expect(again.refreshedAt.toISOString()).toBe(clock.now().toISOString());
    const stored = await db.select().from(creditLines).where(eq(creditLines.crmLineId, 'LC-10001-01'));
    expect(stored).toHaveLength(1);
  });

  it('answers 404 for a line the CRM does not know, writing nothing', async () => {
    await expect(service().refreshFromCrm('LC-99999-99')).rejects.toMatchObject({
      statusCode: 404,
      message: MESSAGES.creditLineNotFound,
    });
    expect(await repo.findCreditLine(db, 'LC-99999-99')).toBeUndefined();
  });
});
