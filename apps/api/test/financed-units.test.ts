import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import {
  FINANCED_UNIT_MESSAGES as TEXT,
  FINANCED_UNIT_STATUS,
  MESSAGES,
  Money,
  financedUnitStatusName,
  formatBusinessDate,
  noticeGraceEnding,
  noticeHoldLifted,
  noticeSoldOutOfTrust,
  noticeUnitSold,
  soldOutOfTrustUnits,
  type ErrorResponse,
  type FinancedUnitDetail,
  type FinancedUnitItem,
  type ProvisionFollowUpDetail,
  type CrmCreditBalance,
  type FinancedUnitBalanceAnswer,
  type ValidateProcess,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { exceptions } from '../src/db/schema/exceptions';
import { nonWorkingDays } from '../src/db/schema/non-working-days';
import { users } from '../src/db/schema/users';
import { crmInsertions } from '../src/db/schema/financing';
import { refinancings } from '../src/db/schema/refinancings';
import { ExternalServiceError } from '../src/adapters/errors';
import { crmInsertionJobs } from '../src/jobs/crm-insertion';
import { createCreditFailuresService } from '../src/modules/credit-failures/service';
import {
  expireSaleGraces,
  reconcilePayoffs,
  registerReleasedUnits,
  remindSaleGraces,
} from '../src/modules/financed-units';
import { notifications as notificationsTable } from '../src/db/schema/notifications';
import { financedUnits as financedUnitsTable } from '../src/db/schema/financed-units';
import { bearer, createUser, json, readMail, signIn } from './harness';
import {
  get,
  post,
  randomVin,
  releaseSigned,
  saveBody,
  signedProvision,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { createBody, createRefinancing, financedUnits } from './refinancing-fixtures';
import { financingApp, lenderStaff } from './support/financing-app';

/**
 * The financed-units register (issue 29 item 1, and Reportar venta of item 2) on a database of this file's own: a
 * released provision's units appear in it, scoped as provisions are; a dealer reports a sale; bad input is refused in
 * Spanish; the XLSX holds the list's rows. The business clock stands at Tuesday 2026-11-24, noon in Mexico City.
 */
const TODAY = '2026-11-24';
const { t, seeded, groups } = await financingApp('financed_units', { clients: ['10004', '10006'] });
const [a, b] = groups;
const { superToken } = await lenderStaff(t.app, seeded.db);
const LINES = { '10004': 'LC-10004-01', '10006': 'LC-10006-01' } as Record<string, string>;

type Page = { items: FinancedUnitItem[]; total: number };

/** A provision of `group` created by its dealer, put at Firmado (7) with its units' checks passed. */
function signedOf(group: DealerGroup, amounts: string[]): Promise<ProvisionFollowUpDetail> {
  const units = amounts.map((amount) => unit(randomVin(), amount));
  return signedProvision(t.app, seeded.db, group, LINES[group.company.clientId]!, units, superToken);
}

/** Liberar by the account's lender operator. */
async function releasedProvision(group: DealerGroup, amounts: string[]) {
  const provision = await signedOf(group, amounts);
  await releaseSigned(t.app, group, provision);
  return provision;
}

async function list(token: string, query: string): Promise<Page> {
  const response = await get(t.app, token, `/api/financed-units?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Page }>(response).data;
}

async function detail(token: string, id: number): Promise<FinancedUnitDetail> {
  const response = await get(t.app, token, `/api/financed-units/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: FinancedUnitDetail }>(response).data;
}

const sell = (token: string, id: number, payload: object) =>
  post(t.app, token, `/api/financed-units/${id}/sale`, payload);

const sorted = (values: string[]) => [...values].sort();

/** How many in-app notifications `userId` has with exactly `message`. */
async function noticesOf(userId: number, message: string): Promise<number> {
  const rows = await seeded.db
    .select({ id: notificationsTable.id })
    .from(notificationsTable)
    .where(and(eq(notificationsTable.userId, userId), eq(notificationsTable.message, message)));
  return rows.length;
}

describe('the register (issue 29 item 1)', () => {
  it('a released provision’s units appear in it, once each, Vigente, with what was financed', async () => {
    const released = await releasedProvision(a, ['150000.10', '98765.43']);
    const page = await list(a.tokens.dealer, `folio=${released.folio}`);
    expect(page.total).toBe(2);
    expect(sorted(page.items.map((item) => item.vin))).toEqual(sorted(released.units.map((u) => u.vinNumber)));
    const byVin = new Map(page.items.map((item) => [item.vin, item]));
    for (const u of released.units) {
      expect(byVin.get(u.vinNumber)).toMatchObject({
        amount: Money.of(u.amount).toDecimalString(),
        folio: String(released.folio),
        companyId: a.company.id,
        companyName: a.company.name,
        agencyId: a.agencyId,
        creditLine: 'LC-10004-01',
        creditNumber: null,
        source: 'provision',
        releasedOn: TODAY,
        status: FINANCED_UNIT_STATUS.CURRENT,
        daysFloored: 0,
        soldAt: null,
      });
    }
    // The term (months) and the end date agree: released on 2026-11-24 for n months ends n months later.
    const first = page.items[0]!;
    expect(first.term).toBeGreaterThan(0);
    const end = new Date(`${TODAY}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + first.term);
    expect(first.endsOn).toBe(end.toISOString().slice(0, 10));

    // The lender sees them too: the account's operator and the super user.
    expect((await list(a.tokens.operator, `folio=${released.folio}`)).total).toBe(2);
    expect((await list(superToken, `folio=${released.folio}`)).total).toBe(2);

    // Registering the release again (a retried move) adds nothing: a unit appears once.
    const again = await registerReleasedUnits(seeded.db, { kind: 'provision', id: released.id }, new Date(), null);
    expect(again).toEqual([]);
    expect((await list(superToken, `folio=${released.folio}`)).total).toBe(2);

    // Its detail shows the history: released, by the operator who pressed Liberar.
    const shown = await detail(a.tokens.dealer, first.id);
    expect(shown.history.map((event) => event.kind)).toEqual(['released']);
    const [operator] = await seeded.db.select().from(users).where(eq(users.id, a.operator.id));
    expect(shown.history[0]!.actorName).toBe(`${operator!.firstname} ${operator!.lastname}`);
  });

  it('a released refinancing’s unit appears in it as the refinancing’s: its folio, amount and term', async () => {
    const refinancing = await createRefinancing(t.app, seeded.db, a, 'LC-10004-01', [{ amount: '3500.00' }]);
    const [signed] = await seeded.db
      .update(refinancings)
      .set({ status: 6 })
      .where(eq(refinancings.id, refinancing.id))
      .returning({ version: refinancings.version });
    const released = await post(t.app, superToken, `/api/refinancings/${refinancing.id}/release`, {
      version: signed!.version,
    });
    expect(released.statusCode, released.body).toBe(200);
    const page = await list(a.tokens.dealer, `vin=${refinancing.sources[0]!.vin}`);
    expect(page.items).toEqual([
      expect.objectContaining({
        source: 'refinancing',
        refinancingId: refinancing.id,
        folio: String(refinancing.folio),
        amount: '3500.00',
        term: 2,
        releasedOn: TODAY,
        status: FINANCED_UNIT_STATUS.CURRENT,
      }),
    ]);
  });

  it('a provision not released yet has no unit in it', async () => {
    const signed = await signedOf(a, ['1200.00']);
    expect((await list(superToken, `folio=${signed.folio}`)).total).toBe(0);
    expect((await list(superToken, `vin=${signed.units[0]!.vinNumber}`)).total).toBe(0);
  });

  it('a unit sent to the CRM enters it when the CRM inserts it, with its credit number', async () => {
    const signed = await signedOf(a, ['4321.00']);
    const sent = await post(t.app, a.tokens.operator, `/api/provisions/${signed.id}/send-crm`, {
      approvedDate: '2026-11-23',
      version: signed.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Queued, not inserted yet: not in the register.
    expect((await list(superToken, `folio=${signed.folio}`)).total).toBe(0);

    // The insertion job with a CRM that takes the unit (the shared CRM simulator's balances are left alone).
    const creditNumber = `FU-${signed.folio}`;
    const crm = Object.assign(Object.create(t.app.deps.adapters.crm) as object, {
      insertUnit: async () => ({ noCredito: creditNumber }),
    });
    const failures = createCreditFailuresService({ ...t.app.deps, adapters: { ...t.app.deps.adapters, crm } as never });
    const { insertUnit } = crmInsertionJobs(
      failures,
      { sendMany: async () => undefined } as never,
      '* * * * *',
      seeded.db,
    );
    const [queued] = await seeded.db.select().from(crmInsertions).where(eq(crmInsertions.provisionId, signed.id));
    await insertUnit.handle({ insertionId: queued!.id });
    // A second run of the same job inserts nothing more.
    await insertUnit.handle({ insertionId: queued!.id });

    const page = await list(a.tokens.dealer, `folio=${signed.folio}`);
    expect(page.total).toBe(1);
    // Released on the approved date ('Inicio de la disposición'), its credit number from the CRM.
    expect(page.items[0]).toMatchObject({ creditNumber, releasedOn: '2026-11-23', amount: '4321.00', daysFloored: 1 });
  });
});

describe('the migration’s backfill (0027)', () => {
  it('copies a unit released before the register existed exactly as the release does', async () => {
    const released = await releasedProvision(a, ['8100.00', '8200.00']);
    const signed = await signedOf(a, ['8300.00']);
    expect(
      (
        await post(t.app, a.tokens.operator, `/api/provisions/${signed.id}/send-crm`, {
          approvedDate: TODAY,
          version: signed.version,
        })
      ).statusCode,
    ).toBe(200);
    // The CRM inserted it before the register existed: the insertion row alone says so.
    await seeded.db
      .update(crmInsertions)
      .set({ status: 'inserted', creditNumber: `BF-${signed.folio}` })
      .where(eq(crmInsertions.provisionId, signed.id));
    const ours = async () =>
      (await list(superToken, 'pageSize=100&sort=vin:asc')).items.filter(
        (item) => item.source === 'provision' && [released.id, signed.id].includes(item.provisionId),
      );
    const before = await ours();
    // The CRM's insertion above went around the register: only the released units are in it.
    expect(before.map((item) => item.provisionId)).toEqual([released.id, released.id]);

    // As before the migration: the rows gone (their history with them), then the migration's INSERT run again.
    await seeded.db.execute(sql`delete from financed_units where provision_id in (${released.id}, ${signed.id})`);
    const migration = await readFile(new URL('../drizzle/0027_financed_units.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO "financed_units"'))!;
    await seeded.db.execute(sql.raw(backfill));

    const after = await ours();
    const comparable = (item: FinancedUnitItem) => ({ ...item, id: 0 });
    expect(after.filter((item) => item.provisionId === released.id).map(comparable)).toEqual(before.map(comparable));
    expect(after.filter((item) => item.provisionId === signed.id)).toEqual([
      expect.objectContaining({
        vin: signed.units[0]!.vinNumber,
        creditNumber: `BF-${signed.folio}`,
        amount: '8300.00',
        releasedOn: TODAY,
        status: FINANCED_UNIT_STATUS.CURRENT,
      }),
    ]);
  });
});

describe('scope: as provisions (issue 29 Rules)', () => {
  it('a dealer never sees another group’s units: absent from its list, 404 on detail and on a sale', async () => {
    const ofA = await releasedProvision(a, ['2000.00']);
    const ofB = await releasedProvision(b, ['3000.00']);
    const unitOfA = (await list(a.tokens.dealer, `folio=${ofA.folio}`)).items[0]!;

    for (const token of [b.tokens.dealer, b.tokens.legal, b.tokens.operator]) {
      const everything = await list(token, 'pageSize=100');
      expect(everything.items.map((item) => item.companyId)).not.toContain(a.company.id);
      expect((await list(token, `vin=${ofA.units[0]!.vinNumber}`)).total).toBe(0);
      // Naming the other group's company or account in the filters reaches nothing either (the scope is not a filter).
      expect((await list(token, `company=${a.company.id}`)).total).toBe(0);
      expect((await list(token, `account=${a.accountId}&status=1`)).total).toBe(0);
      const hidden = await get(t.app, token, `/api/financed-units/${unitOfA.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(json<ErrorResponse>(hidden).message).toBe(MESSAGES.notFound);
    }
    const refused = await sell(b.tokens.dealer, unitOfA.id, { soldAt: TODAY, version: unitOfA.version });
    expect(refused.statusCode).toBe(404);
    // Untouched.
    expect((await detail(a.tokens.dealer, unitOfA.id)).status).toBe(FINANCED_UNIT_STATUS.CURRENT);

    // Each sees its own; its legal representative (type 4) too.
    expect((await list(b.tokens.dealer, `folio=${ofB.folio}`)).total).toBe(1);
    expect((await list(a.tokens.legal, `folio=${ofA.folio}`)).total).toBe(1);
  });

  it('a lender operator of another account does not see them; the lender does not report sales (403)', async () => {
    const ofA = await releasedProvision(a, ['2500.00']);
    const stranger = await createUser(seeded.db, 3);
    const strangerToken = await signIn(t.app, stranger.email);
    expect((await list(strangerToken, `folio=${ofA.folio}`)).total).toBe(0);
    const unitOfA = (await list(a.tokens.operator, `folio=${ofA.folio}`)).items[0]!;
    const lender = await sell(a.tokens.operator, unitOfA.id, { soldAt: TODAY, version: unitOfA.version });
    expect(lender.statusCode).toBe(403);
  });
});

describe('Reportar venta (issue 29 item 2, server side)', () => {
  it('moves the unit to Vendida (por liquidar), the payoff due 10 business days later (Tue 24 Nov → Tue 8 Dec), with its history and audit row', async () => {
    const released = await releasedProvision(a, ['5000.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    const response = await sell(a.tokens.dealer, item.id, { soldAt: '2026-11-20', version: item.version });
    // Released today: a sale before the release is refused first (below); this one is the release day's.
    expect(response.statusCode).toBe(422);
    expect(json<ErrorResponse>(response).message).toBe(TEXT.saleDateBeforeRelease);

    const sold = await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
    expect(sold.statusCode, sold.body).toBe(200);
    const answer = json<{ data: FinancedUnitDetail; message: string }>(sold);
    expect(answer.message).toBe(TEXT.saleReported(item.vin));
    expect(answer.data).toMatchObject({
      status: FINANCED_UNIT_STATUS.SOLD,
      soldAt: TODAY,
      payoffDueDate: '2026-12-08',
      version: item.version + 1,
    });
    expect(answer.data.soldReportedBy).toBeTruthy();
    const shown = await detail(a.tokens.legal, item.id);
    expect(shown.history.map((event) => event.kind)).toEqual(['released', 'sold']);
    expect(shown.history[1]!.details).toMatchObject({ soldAt: TODAY, payoffDueDate: '2026-12-08' });
    // The list filters by status.
    const soldOnes = await list(a.tokens.dealer, `status=${FINANCED_UNIT_STATUS.SOLD}&folio=${released.folio}`);
    expect(soldOnes.items.map((row) => row.id)).toEqual([item.id]);
    expect((await list(a.tokens.dealer, `status=1&folio=${released.folio}`)).total).toBe(0);

    const audited = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'financed-units.sold'), eq(auditLog.entityId, String(item.id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorId).toBe(a.dealer.id);

    // Sold already: a second report is refused (409), whatever version it sends.
    for (const version of [item.version, item.version + 1]) {
      const twice = await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version });
      expect(twice.statusCode).toBe(409);
      expect(json<ErrorResponse>(twice).message).toBe(TEXT.unitAlreadySold);
    }
  });

  it('counts the payoff grace on the lender’s calendar: a Día inhábil inside it moves the due date a day on', async () => {
    const released = await releasedProvision(a, ['5100.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    await seeded.db.insert(nonWorkingDays).values({ date: '2026-11-30', reason: 'Día inhábil de prueba' });
    try {
      const sold = await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
      expect(sold.statusCode, sold.body).toBe(200);
      // Tue 24 Nov + 10 business days, Mon 30 Nov closed → Wed 9 Dec.
      expect(json<{ data: FinancedUnitDetail }>(sold).data.payoffDueDate).toBe('2026-12-09');
    } finally {
      await seeded.db.delete(nonWorkingDays).where(eq(nonWorkingDays.date, '2026-11-30'));
    }
  });

  it('refuses in Spanish: a sale date in the future, a stale version, someone else’s evidence, an unknown unit', async () => {
    const released = await releasedProvision(a, ['6000.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;

    const future = await sell(a.tokens.dealer, item.id, { soldAt: '2026-11-25', version: item.version });
    expect(future.statusCode).toBe(422);
    expect(json<ErrorResponse>(future).message).toBe(TEXT.saleDateInFuture);

    const stale = await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version: item.version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrorResponse>(stale).message).toBe(MESSAGES.staleVersion);

    const notAFile = await sell(a.tokens.dealer, item.id, {
      soldAt: TODAY,
      evidenceFileId: 2_000_000_000,
      version: item.version,
    });
    expect(notAFile.statusCode).toBe(422);
    expect(json<ErrorResponse>(notAFile).message).toBe(TEXT.evidenceNotYours);

    const badDay = await sell(a.tokens.dealer, item.id, { soldAt: '2026-02-30', version: item.version });
    expect(badDay.statusCode).toBe(400);
    expect(json<ErrorResponse>(badDay).message).toBe('Formato fecha incorrecto');

    const unknown = await sell(a.tokens.dealer, 2_000_000_000, { soldAt: TODAY, version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(json<ErrorResponse>(unknown).message).toBe(MESSAGES.notFound);
    expect((await get(t.app, a.tokens.dealer, '/api/financed-units/2000000000')).statusCode).toBe(404);

    // Nothing moved.
    expect(await detail(a.tokens.dealer, item.id)).toMatchObject({
      status: FINANCED_UNIT_STATUS.CURRENT,
      soldAt: null,
    });
  });
});

describe('filters and the XLSX', () => {
  it('a bad filter is a 400 with the spec’s text', async () => {
    const cases: [string, string][] = [
      ['status=7', MESSAGES.badRequest],
      ['from=2026-13-01', 'Formato fecha incorrecto'],
      ['from=2026-11-25&to=2026-11-01', TEXT.dateRangeInvalid],
      ['sort=password:desc', MESSAGES.sortInvalid],
      ['folio=abc', MESSAGES.badRequest],
      ['pageSize=7', 'Tamaño de página no válido'],
    ];
    for (const [query, message] of cases) {
      const response = await get(t.app, a.tokens.dealer, `/api/financed-units?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(json<ErrorResponse>(response).message, query).toBe(message);
    }
    const exported = await get(t.app, a.tokens.dealer, '/api/financed-units/export?status=9');
    expect(exported.statusCode).toBe(400);
  });

  it('the release-day range and the VIN filter narrow the list', async () => {
    const released = await releasedProvision(a, ['7000.00']);
    const vin = released.units[0]!.vinNumber;
    expect((await list(a.tokens.dealer, `vin=${vin.slice(3, 12).toLowerCase()}`)).items.map((i) => i.vin)).toEqual([
      vin,
    ]);
    expect((await list(a.tokens.dealer, `from=${TODAY}&to=${TODAY}&vin=${vin}`)).total).toBe(1);
    expect((await list(a.tokens.dealer, `from=2026-11-25&vin=${vin}`)).total).toBe(0);
  });

  it('the XLSX opens and holds the list’s rows, amounts as numbers', async () => {
    await releasedProvision(a, ['1234.56', '7890.12']);
    const query = 'sort=vin:asc';
    const listed = await list(a.tokens.dealer, `${query}&pageSize=100`);
    expect(listed.total).toBeLessThanOrEqual(100);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/financed-units/export?${query}`,
      headers: bearer(a.tokens.dealer),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain('Unidades financiadas (24-11-2026).xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([...TEXT.xlsxColumns]);
    const body = rows.slice(1);
    expect(body.map((row) => row[0])).toEqual(listed.items.map((item) => item.vin));
    expect(body.map((row) => row[9])).toEqual(listed.items.map((item) => Money.of(item.amount).toNumber()));
    expect(body.map((row) => row[14])).toEqual(listed.items.map((item) => financedUnitStatusName(item.status)));
  });
});

// Before the control's journey below, which leaves units of both groups in SOT (the hold).
describe('the sold-out-of-trust notices, the configured grace and the CRM balance (decision 080)', () => {
  const noonOf = (day: string) => ({ now: () => new Date(`${day}T18:00:00Z`) });
  const notices = { notifications: t.app.services.notifications, jobs: t.app.deps.jobs };
  const saveConfiguration = async (change: object) => {
    const read = await get(t.app, superToken, '/api/configuration');
    const { updatedAt: _updatedAt, ...current } = json<{ data: Record<string, unknown> }>(read).data;
    const saved = await post(t.app, superToken, '/api/configuration', { ...current, ...change });
    expect(saved.statusCode, saved.body).toBe(200);
    return json<{ data: { payoffGraceDays: number; register: { days: number; hours: string } } }>(saved).data;
  };

  it('Reportar venta tells the company’s dealer users and the account’s operator, in-app and by e-mail; nobody else', async () => {
    const released = await releasedProvision(a, ['6100.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    const sold = await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
    expect(sold.statusCode, sold.body).toBe(200);
    const text = noticeUnitSold(item.vin, '08/12/2026');
    for (const user of [a.dealer, a.legal, a.operator]) expect(await noticesOf(user.id, text)).toBe(1);
    for (const user of [b.dealer, b.legal, b.operator]) expect(await noticesOf(user.id, text)).toBe(0);
    const mail = (await readMail(a.operator.email, t.app)).find((m) => m.text.includes(item.vin));
    expect(mail?.subject).toBe(TEXT.noticeSoldTitle);
    expect(mail?.text).toContain(text);
  });

  it('the reminder goes out once, 3 business days before the grace ends, and not after the payoff is due', async () => {
    const released = await releasedProvision(a, ['6200.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
    const text = noticeGraceEnding(item.vin, '08/12/2026');
    // Due Tuesday 2026-12-08: the reminder's day is Thursday 2026-12-03.
    await remindSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-02') });
    expect(await noticesOf(a.operator.id, text)).toBe(0);
    await remindSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-03') });
    await remindSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-04') });
    expect(await noticesOf(a.operator.id, text)).toBe(1);
    expect(await noticesOf(a.dealer.id, text)).toBe(1);
    const [row] = await seeded.db
      .select({ at: financedUnitsTable.reminderSentAt })
      .from(financedUnitsTable)
      .where(eq(financedUnitsTable.id, item.id));
    expect(row!.at).not.toBeNull();
  });

  it('the grace is the one /configuraciones says when the sale is reported; a grace out of 1–90 is refused in Spanish', async () => {
    const refused = await post(t.app, superToken, '/api/configuration', {
      ...(({ updatedAt: _u, ...rest }) => rest)(
        json<{ data: Record<string, unknown> }>(await get(t.app, superToken, '/api/configuration')).data,
      ),
      payoffGraceDays: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(TEXT.graceDaysInvalid);
    const saved = await saveConfiguration({ payoffGraceDays: 3, register: { days: 2, hours: '05:30' } });
    expect(saved.payoffGraceDays).toBe(3);
    expect(saved.register).toEqual({ days: 2, hours: '05:30' });
    try {
      const released = await releasedProvision(a, ['6300.00']);
      const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
      const sold = await sell(a.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
      // Tuesday 2026-11-24 + 3 business days → Friday 2026-11-27.
      expect(json<{ data: FinancedUnitDetail }>(sold).data.payoffDueDate).toBe('2026-11-27');
    } finally {
      await saveConfiguration({ payoffGraceDays: 10, register: { days: 1, hours: '04:00' } });
    }
  });

  it('a unit’s balance: asked of the CRM live with a payoff quote; the CRM down → the kept balance and a notice; another group’s → 404', async () => {
    const released = await releasedProvision(a, ['6400.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    const balanceOf = async (token: string, query = '') =>
      get(t.app, token, `/api/financed-units/${item.id}/balance${query}`);
    // No credit number yet: nothing to ask.
    const none = await balanceOf(a.tokens.dealer);
    expect(json<{ data: { balance: unknown; notice: string } }>(none).data).toMatchObject({
      balance: null,
      notice: TEXT.balanceNone,
    });
    expect((await balanceOf(b.tokens.dealer)).statusCode).toBe(404);

    const creditNumber = `BAL-${released.folio}`;
    await seeded.db.update(financedUnitsTable).set({ creditNumber }).where(eq(financedUnitsTable.id, item.id));
    const crm = t.app.deps.adapters.crm;
    const balance: CrmCreditBalance = {
      creditNumber,
      principal: '6400.00',
      accruedInterest: '12.34',
      paidTotal: '0.00',
      nextCurtailment: { date: '2026-12-24', amount: '2133.33' },
      status: 'vigente',
      paidOffAt: null,
    };
    const spies = [
      vi.spyOn(crm, 'creditBalance').mockResolvedValue(balance),
      vi.spyOn(crm, 'creditBalances').mockResolvedValue([balance]),
      vi.spyOn(crm, 'payoffQuote').mockResolvedValue({
        creditNumber,
        date: '2026-11-30',
        principal: '6400.00',
        interest: '20.00',
        total: '6420.00',
      }),
    ];
    try {
      const live = json<{ data: FinancedUnitBalanceAnswer }>(await balanceOf(a.tokens.dealer, '?date=2026-11-30')).data;
      expect(live).toMatchObject({ live: true, notice: null, quote: { date: '2026-11-30', total: '6420.00' } });
      expect(live.balance).toMatchObject({ principal: '6400.00', accruedInterest: '12.34', asOf: TODAY });

      // The register's reconciliation keeps it on the row: the list shows it without asking the CRM.
      await reconcilePayoffs({ ...t.app.deps, ...notices, clock: noonOf(TODAY) }, 'all');
      const row = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
      expect(row.balance).toEqual({
        principal: '6400.00',
        accruedInterest: '12.34',
        paidTotal: '0.00',
        nextCurtailment: { date: '2026-12-24', amount: '2133.33' },
        asOf: TODAY,
      });

      spies[0]!.mockRejectedValue(new ExternalServiceError('crm', 'SaldoCredito', 'network', 'ECONNREFUSED'));
      const down = await balanceOf(a.tokens.dealer);
      expect(down.statusCode).toBe(200);
      expect(json<{ data: FinancedUnitBalanceAnswer }>(down).data).toMatchObject({
        live: false,
        quote: null,
        notice: TEXT.balanceStale(formatBusinessDate(TODAY)),
        balance: { principal: '6400.00' },
      });

      // A bug on the way (not the CRM's failure) is not passed off as a CRM that is down: it answers 500.
      spies[0]!.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'saldo')"));
      expect((await balanceOf(a.tokens.dealer)).statusCode).toBe(500);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('bad input: a sale tomorrow and a unit nobody released are refused, nothing saved', async () => {
    const released = await releasedProvision(a, ['6500.00']);
    const item = (await list(a.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    const tomorrow = await sell(a.tokens.dealer, item.id, { soldAt: '2026-11-25', version: item.version });
    expect(tomorrow.statusCode).toBe(422);
    expect(json<ErrorResponse>(tomorrow).message).toBe(TEXT.saleDateInFuture);
    expect((await detail(a.tokens.dealer, item.id)).status).toBe(FINANCED_UNIT_STATUS.CURRENT);
    // A signed provision's unit is not in the register: there is no financed unit to report.
    const signed = await signedOf(a, ['6600.00']);
    expect((await list(a.tokens.dealer, `folio=${signed.folio}`)).total).toBe(0);
    expect((await sell(a.tokens.dealer, 2_000_000_001, { soldAt: TODAY, version: 1 })).statusCode).toBe(404);
  });
});

describe('the sold-out-of-trust control (issue 29 item 2)', () => {
  /** The business clock at noon (Mexico City, UTC−6) of `day`. */
  const noonOf = (day: string) => ({ now: () => new Date(`${day}T18:00:00Z`) });
  /** What the control's moves tell people with: the app's notifications and its mail queue (decision 080). */
  const notices = { notifications: t.app.services.notifications, jobs: t.app.deps.jobs };
  const precheck = async (token: string) =>
    json<{ data: ValidateProcess }>(await get(t.app, token, '/api/audits/validate-process')).data;

  it('a sale unpaid past its grace becomes Vencida sin liquidar, and the company may no longer draw', async () => {
    const released = await releasedProvision(b, ['7000.00']);
    const item = (await list(b.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    const sold = await sell(b.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
    expect(json<{ data: FinancedUnitDetail }>(sold).data.payoffDueDate).toBe('2026-12-08');
    expect((await precheck(b.tokens.dealer)).messages).not.toContain(soldOutOfTrustUnits(1));

    // The due day itself is still within the grace.
    await expireSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-08') });
    expect((await detail(b.tokens.dealer, item.id)).status).toBe(FINANCED_UNIT_STATUS.SOLD);

    await expireSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-09') });
    const shown = await detail(b.tokens.dealer, item.id);
    expect(shown.status).toBe(FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST);
    // The dealer and the account's operator are told, once.
    const sotNotice = noticeSoldOutOfTrust(item.vin, '08/12/2026');
    expect(await noticesOf(b.operator.id, sotNotice)).toBe(1);
    expect(await noticesOf(b.dealer.id, sotNotice)).toBe(1);
    expect(shown.history.map((event) => event.kind)).toEqual(['released', 'sold', 'soldOutOfTrust']);
    // A second pass moves nothing again.
    await expireSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-10') });
    expect((await detail(b.tokens.dealer, item.id)).history).toHaveLength(3);
    expect(await noticesOf(b.operator.id, sotNotice)).toBe(1);

    const verdict = await precheck(b.tokens.dealer);
    expect(verdict.canProvision).toBe(false);
    expect(verdict.messages).toContain(soldOutOfTrustUnits(1));
    // The server refuses the drawdown itself, with the same reason.
    const line = LINES[b.company.clientId]!;
    const attempt = await post(
      t.app,
      b.tokens.dealer,
      '/api/provisions',
      saveBody(b, line, [unit(randomVin(), '1000.00')], '1000.00'),
    );
    expect(attempt.statusCode).toBe(422);
    expect(json<ErrorResponse>(attempt).message).toContain(soldOutOfTrustUnits(1));
    // A refinancing is a drawdown too: refused with the same words.
    const aged = await financedUnits(seeded.db, b, [{ amount: '2000.00', deadlines: 2 }]);
    const refinancing = await post(t.app, b.tokens.dealer, '/api/refinancings', createBody(b, line, aged));
    expect(refinancing.statusCode).toBe(422);
    expect(json<ErrorResponse>(refinancing).message).toBe(soldOutOfTrustUnits(1));

    // The CRM shows the credit paid off: the unit becomes Liquidada and the hold lifts. A CRM that fails, or shows
    // the credit still vigente, leaves the unit as it is.
    const creditNumber = `SOT-${released.folio}`;
    await seeded.db.update(financedUnitsTable).set({ creditNumber }).where(eq(financedUnitsTable.id, item.id));
    const answering = (answer: () => Promise<CrmCreditBalance | null>) => ({
      ...t.app.deps,
      ...notices,
      clock: noonOf('2026-12-10'),
      adapters: {
        ...t.app.deps.adapters,
        crm: {
          ...t.app.deps.adapters.crm,
          creditBalances: async () => {
            const one = await answer();
            return one ? [one] : [];
          },
        },
      },
    });
    const balance = (status: 'vigente' | 'liquidado'): CrmCreditBalance => ({
      creditNumber,
      principal: status === 'liquidado' ? '0.00' : '7000.00',
      accruedInterest: '0.00',
      paidTotal: status === 'liquidado' ? '7105.00' : '0.00',
      nextCurtailment: null,
      status,
      paidOffAt: status === 'liquidado' ? '2026-12-10' : null,
    });
    // A CRM that is down leaves the units for the next pass.
    await reconcilePayoffs(
      answering(async () => {
        throw new ExternalServiceError('crm', 'SaldosCreditos', 'network', 'ECONNREFUSED');
      }),
    );
    await reconcilePayoffs(answering(async () => balance('vigente')));
    expect((await detail(b.tokens.dealer, item.id)).status).toBe(FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST);

    await reconcilePayoffs(answering(async () => balance('liquidado')));
    const paid = await detail(b.tokens.dealer, item.id);
    expect(paid.status).toBe(FINANCED_UNIT_STATUS.PAID);
    expect(paid.history.map((event) => event.kind)).toEqual(['released', 'sold', 'soldOutOfTrust', 'paid']);
    expect((await precheck(b.tokens.dealer)).messages).not.toContain(soldOutOfTrustUnits(1));
    // The company's last SOT unit paid: the hold lifted, and they hear of it.
    expect(await noticesOf(b.operator.id, noticeHoldLifted(item.vin))).toBe(1);
    expect(await noticesOf(b.legal.id, noticeHoldLifted(item.vin))).toBe(1);
  });

  it('a payoff after an approved exception lifted the hold says nothing of drawdowns reactivated', async () => {
    // Company B again: its one unit in SOT was paid in the test above, so this unit is its only one.
    const released = await releasedProvision(b, ['5000.00']);
    const item = (await list(b.tokens.dealer, `folio=${released.folio}`)).items[0]!;
    await sell(b.tokens.dealer, item.id, { soldAt: TODAY, version: item.version });
    await expireSaleGraces({ ...notices, db: seeded.db, clock: noonOf('2026-12-09') });
    expect((await precheck(b.tokens.dealer)).messages).toContain(soldOutOfTrustUnits(1));
    // The lender approves an exception: the company may draw again while the unit is still unpaid.
    await seeded.db
      .insert(exceptions)
      .values({ accountId: b.accountId, companyId: b.company.id, comment: 'Venta en trámite de pago', status: 2 });
    expect((await precheck(b.tokens.dealer)).canProvision).toBe(true);

    const creditNumber = `SOT-${released.folio}`;
    await seeded.db.update(financedUnitsTable).set({ creditNumber }).where(eq(financedUnitsTable.id, item.id));
    const crm = {
      ...t.app.deps.adapters.crm,
      creditBalances: async () => [
        {
          creditNumber,
          principal: '0.00',
          accruedInterest: '0.00',
          paidTotal: '5075.00',
          nextCurtailment: null,
          status: 'liquidado' as const,
          paidOffAt: '2026-12-10',
        },
      ],
    };
    await reconcilePayoffs({
      ...t.app.deps,
      ...notices,
      clock: noonOf('2026-12-10'),
      adapters: { ...t.app.deps.adapters, crm },
    });
    expect((await detail(b.tokens.dealer, item.id)).status).toBe(FINANCED_UNIT_STATUS.PAID);
    // The drawdowns were never held after the approval: no notice claims they were reactivated now.
    expect(await noticesOf(b.operator.id, noticeHoldLifted(item.vin))).toBe(0);
    expect(await noticesOf(b.legal.id, noticeHoldLifted(item.vin))).toBe(0);
  });
});
