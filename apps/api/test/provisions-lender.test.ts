import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  Money,
  followUpBalances,
  type ExternalCreditLine,
  type ProvisionFollowUpDetail,
  type ProvisionTimelineEntry,
  type CreditFailureResponse,
} from '@planpiso/domain';
import { CRM_REJECTIONS } from '@planpiso/simulators/fixtures';
import { creditLines } from '../src/db/schema/credit-lines';
import { crmInsertions, provisionUnits, provisions, unitValidations } from '../src/db/schema/financing';
import { notifications } from '../src/db/schema/notifications';
import { provisionSettings } from '../src/db/schema/provision-settings';
import { crmInsertionJobs } from '../src/jobs/crm-insertion';
import { createCreditFailuresService } from '../src/modules/credit-failures/service';
import { createReleaseReconciliation } from '../src/modules/credit-lines/release-reconciliation';
import { upsertCreditLine } from '../src/modules/credit-lines/repository';
import { createCreditLinesService } from '../src/modules/credit-lines/service';
import { bearer, json } from './harness';
import {
  WORKING_NOON,
  get,
  longestTerm,
  post,
  randomVin,
  saveBody,
  saveOneUnit,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { financingApp, lenderStaff } from './support/financing-app';

/**
 * The lender's actions on a provision (issue 17, decision 036) on a database of this file's own and the simulators
 * over HTTP: Confirmar/Rechazar (PUT and its POST alias), Liberar, send to CRM (and the insertion cycle's credit
 * failure), update folio, the units' XLSX, the timeline and the follow-up detail.
 *
 * The validation jobs that take a provision from 2 to 3 are helper V's: until they exist, a test puts its provision
 * at status 3 (and its units' checks as passed) by updating the rows directly — see `atStatus`.
 */
const LINE = 'LC-10004-01';
/** The CRM insertion test's line: inserting lowers its balance in the shared CRM simulator; nobody else uses it. */
const CRM_LINE = 'LC-10007-01';

const { t, seeded, groups } = await financingApp('provisions_lender', { clients: ['10004', '10006', '10007'] });
const [a, b, crmGroup] = groups;
const { superToken, adminToken } = await lenderStaff(t.app, seeded.db);

type Detail = ProvisionFollowUpDetail;
type Answer = { data: Detail; message: string };

/**
 * A provision of `group` created through the API (status 1), then put at `status` directly, its units' four checks
 * passed (the validation jobs are helper V's). Amounts are small so the line never runs out.
 */
async function atStatus(status: number, group = a, line = LINE, vins = [randomVin(), randomVin()]) {
  const units = vins.map((vin, i) => unit(vin, `${1000 + i}.50`));
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  const created = await post(t.app, group.tokens.dealer, '/api/provisions', saveBody(group, line, units, total));
  expect(created.statusCode, created.body).toBe(201);
  const id = json<{ data: { id: number } }>(created).data.id;
  await seeded.db.update(provisions).set({ status }).where(eq(provisions.id, id));
  await seeded.db
    .update(provisionUnits)
    .set({ validInvoice: true, validRepuve: true, validTransunion: true, validAx: true })
    .where(eq(provisionUnits.provisionId, id));
  return detail(superToken, id);
}

async function detail(token: string, id: number): Promise<Detail> {
  const response = await get(t.app, token, `/api/provisions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Detail }>(response).data;
}

const put = (token: string, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/provisions/${id}`, payload, headers: bearer(token) });
const patch = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, payload, headers: bearer(token) });
const included = (d: Detail, keep = d.units.length) => d.units.map((u, i) => ({ id: u.id, included: i < keep }));

describe('Confirmar and Rechazar (spec 3 §4, §5)', () => {
  // An account has one lender operator (account_operators' key): the other lender user who may confirm it is a
  // super user.
  it('two lender users pressing Confirmar at once: exactly one 200 and one 409', async () => {
    const d = await atStatus(3);
    const body = { status: 4, version: d.version, units: included(d), useManualFolio: false };
    const [first, second] = await Promise.all([
      put(a.tokens.operator, d.id, body),
      post(t.app, superToken, `/api/provisions/${d.id}/confirm-reject`, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = [first, second].find((r) => r.statusCode === 409)!;
    expect(json(loser)).toMatchObject({ code: 'STALE_VERSION', message: MESSAGES.staleVersion });
    expect((await detail(superToken, d.id)).status).toBe(4);
  });

  it('confirms with the selected units: the excluded one stops holding balance, the dealer hears of it', async () => {
    const d = await atStatus(3, a, LINE, [randomVin(), randomVin(), randomVin()]);
    const reservedBefore = await reserved(a.tokens.dealer);
    const response = await put(a.tokens.operator, d.id, {
      status: 4,
      version: d.version,
      units: included(d, 2),
      useManualFolio: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = json<Answer>(response);
    expect(answer.message).toBe(`Disposición con folio ${d.folio}: Confirmada`);
    expect(answer.data.status).toBe(4);
    expect(answer.data.total).toBe('2002.00');
    expect(answer.data.units.map((u) => u.included)).toEqual([true, true, false]);
    // The line holds 1002.50 less (the excluded unit's amount).
    expect(
      Money.of(reservedBefore)
        .sub(Money.of(await reserved(a.tokens.dealer)))
        .toDecimalString(),
    ).toBe('1002.50');
    const told = await seeded.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.dealer.id), eq(notifications.message, answer.message)));
    expect(told).toHaveLength(1);
  });

  it("refuses to confirm with no unit selected: 'Seleccione al menos una unidad'", async () => {
    const d = await atStatus(3);
    for (const units of [included(d, 0), []]) {
      const response = await post(t.app, a.tokens.operator, `/api/provisions/${d.id}/confirm-reject`, {
        status: 4,
        version: d.version,
        units,
      });
      expect(response.statusCode).toBe(422);
      expect(json(response)).toMatchObject({ code: 'NO_UNITS', message: 'Seleccione al menos una unidad' });
    }
    expect((await detail(superToken, d.id)).status).toBe(3);
  });

  it('refuses a unit that failed a check without the administrator’s Si, and accepts it with the Si', async () => {
    const d = await atStatus(3);
    await seeded.db.update(provisionUnits).set({ validRepuve: false }).where(eq(provisionUnits.id, d.units[0]!.id));
    const body = { status: 4, version: d.version, units: included(d) };
    const refused = await post(t.app, a.tokens.operator, `/api/provisions/${d.id}/confirm-reject`, body);
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toContain(d.units[0]!.vinNumber);
    await seeded.db
      .update(provisionUnits)
      .set({ status: 1, reviewAf: true })
      .where(eq(provisionUnits.id, d.units[0]!.id));
    const accepted = await post(t.app, a.tokens.operator, `/api/provisions/${d.id}/confirm-reject`, body);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("asks for the manual folio when the option is on ('Ingrese el folio manual') and quotes it once saved", async () => {
    const d = await atStatus(3);
    const base = { status: 4, version: d.version, units: included(d), useManualFolio: true };
    const missing = await put(a.tokens.operator, d.id, base);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ message: 'Ingrese el folio manual' });
    const letters = await put(a.tokens.operator, d.id, { ...base, manualFolio: '12AB' });
    expect(json(letters).message).toBe('El folio manual debe ser numérico');
    const tooLong = await put(a.tokens.operator, d.id, { ...base, manualFolio: '1'.repeat(251) });
    expect(tooLong.statusCode).toBe(400);
    const saved = await put(a.tokens.operator, d.id, { ...base, manualFolio: '880044' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Answer>(saved).message).toBe('Disposición con folio 880044: Confirmada');
    expect(json<Answer>(saved).data).toMatchObject({ folio: '880044', manualFolio: '880044', useManualFolio: true });
  });

  it('Rechazar sends every unit back to its dealer, under review, and frees the balance', async () => {
    const d = await atStatus(3);
    const reservedBefore = await reserved(a.tokens.dealer);
    const response = await put(a.tokens.operator, d.id, { status: 9, version: d.version, units: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Answer>(response).message).toBe(`Disposición con folio ${d.folio}: Rechazada`);
    const units = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, d.id));
    expect(units.map((u) => [u.inReview, u.reviewBy])).toEqual(units.map(() => [true, a.dealer.id]));
    const review = await get(t.app, a.tokens.dealer, '/api/units/review?pageSize=100');
    const listed = json<{ data: { items: { vinNumber: string }[] } }>(review).data.items.map((u) => u.vinNumber);
    for (const u of d.units) expect(listed).toContain(u.vinNumber);
    expect(
      Money.of(reservedBefore)
        .sub(Money.of(await reserved(a.tokens.dealer)))
        .toDecimalString(),
    ).toBe(d.total);
  });

  it('a unit left out at Confirmar goes back to its dealer under review with the administrator’s comment, and its VIN is free again (issue 26 item 1)', async () => {
    const vins = [randomVin(), randomVin(), randomVin()];
    const d = await atStatus(3, a, LINE, vins);
    const comment = 'Ajustar el monto al de la factura';
    await seeded.db
      .update(provisionUnits)
      .set({ reviewAf: true, status: 3, comment })
      .where(eq(provisionUnits.id, d.units[2]!.id));
    const confirmed = await put(a.tokens.operator, d.id, {
      status: 4,
      version: d.version,
      units: included(d, 2),
      useManualFolio: false,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The dealer operator who registered it has it in /unidades, with the comment 'Ver comentario' shows.
    type ReviewPage = { data: { items: { id: number; vinNumber: string; comment: string }[]; total: number } };
    const review = json<ReviewPage>(await get(t.app, a.tokens.dealer, `/api/units/review?vinNumber=${vins[2]}`));
    expect(review.data.items).toEqual([expect.objectContaining({ id: d.units[2]!.id, vinNumber: vins[2], comment })]);
    const everything = json<ReviewPage>(await get(t.app, a.tokens.dealer, '/api/units/review?pageSize=100'));
    const listed = everything.data.items.map((u) => u.id);
    expect(listed).not.toContain(d.units[0]!.id);
    expect(listed).not.toContain(d.units[1]!.id);

    // Its VIN may be drawn again; a financed unit's may not.
    const again = await saveOneUnit(t.app, a, LINE, vins[2]!, '1002.50');
    expect(again.statusCode, again.body).toBe(201);
    const held = await saveOneUnit(t.app, a, LINE, vins[0]!, '1000.50');
    expect(held.statusCode).toBe(422);
    expect(json(held)).toMatchObject({ code: 'VIN_ALREADY_FINANCED' });

    // The list counts the units the provision finances (issue 26 item 9).
    const list = await get(t.app, a.tokens.operator, `/api/provisions?folio=${d.folio}`);
    expect(json<{ data: { items: { id: number; countUnits: number }[] } }>(list).data.items).toEqual([
      expect.objectContaining({ id: d.id, countUnits: 2 }),
    ]);
  });

  it('who may: the super user and the account’s operator; another account’s operator never finds it', async () => {
    const d = await atStatus(3);
    const body = { status: 9, version: d.version, units: [] };
    expect((await post(t.app, b.tokens.operator, `/api/provisions/${d.id}/confirm-reject`, body)).statusCode).toBe(404);
    expect((await post(t.app, adminToken, `/api/provisions/${d.id}/confirm-reject`, body)).statusCode).toBe(403);
    expect((await put(a.tokens.dealer, d.id, body)).statusCode).toBe(403);
    expect((await put(a.tokens.legal, d.id, body)).statusCode).toBe(403);
    expect((await put(superToken, d.id, body)).statusCode).toBe(200);
  });

  it('refuses every action outside the operating window', async () => {
    const d = await atStatus(3);
    const window = (startOperation: string, endOperation: string) =>
      seeded.db.update(provisionSettings).set({ startOperation, endOperation });
    try {
      // The test clock says 12:00 in Mexico City.
      await window('09:00', '11:30');
      const response = await put(a.tokens.operator, d.id, { status: 9, version: d.version, units: [] });
      expect(response.statusCode).toBe(422);
      expect(json(response)).toMatchObject({
        code: 'OPERATION_ENDED',
        message: 'El horario de operación ha finalizado (09:00 a 11:30 hrs)',
      });
    } finally {
      await window('09:00', '18:00');
    }
    expect((await detail(superToken, d.id)).status).toBe(3);
  });
});

async function reserved(dealerToken: string, line = LINE): Promise<string> {
  const response = await get(t.app, dealerToken, `/api/provisions/reserved-amount?creditLine=${line}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: { total: string } }>(response).data.total;
}

/** The line as the dealer's credit line selector reads it (GET /api/external/clients/{n}/credit-lines). */
async function lineFigures(group: DealerGroup, line: string): Promise<ExternalCreditLine> {
  const response = await get(
    t.app,
    group.tokens.dealer,
    `/api/external/clients/${group.company.clientId}/credit-lines`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const found = json<{ data: ExternalCreditLine[] }>(response).data.find((l) => l.lineaCredito === line);
  expect(found).toBeDefined();
  return found!;
}

describe('Liberar and send to CRM (spec 3 §4: at Proceso firma or Firmado)', () => {
  it("Liberar (PUT status 10 or POST release): 'Las unidades fueron liberadas sin enviar a CRM'", async () => {
    const d = await atStatus(6);
    const response = await put(a.tokens.operator, d.id, { status: 10, version: d.version });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Answer>(response)).toMatchObject({
      message: 'Las unidades fueron liberadas sin enviar a CRM',
      data: { status: 10 },
    });
    const again = await post(t.app, a.tokens.operator, `/api/provisions/${d.id}/release`, {
      version: json<Answer>(response).data.version,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'INVALID_STATUS' });
  });

  it('send to CRM queues one insertion per included unit; the cycle inserts them and a CRM refusal is a credit failure', async () => {
    const refusedVin = Object.keys(CRM_REJECTIONS).at(-1)!;
    const good = randomVin();
    const d = await atStatus(7, crmGroup, CRM_LINE, [good, refusedVin, randomVin()]);
    // The third unit was left out at Confirmar.
    await seeded.db.update(provisionUnits).set({ included: false }).where(eq(provisionUnits.id, d.units[2]!.id));
    const response = await post(t.app, crmGroup.tokens.operator, `/api/provisions/${d.id}/send-crm`, {
      approvedDate: '2026-11-24',
      version: d.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Answer>(response)).toMatchObject({
      message: 'Las unidades fueron enviadas a CRM',
      data: { status: 8, approvedDate: '2026-11-24' },
    });
    const queued = await seeded.db.select().from(crmInsertions).where(eq(crmInsertions.provisionId, d.id));
    expect(queued.map((row) => [row.unitId, row.status]).sort()).toEqual(
      [
        [d.units[0]!.id, 'queued'],
        [d.units[1]!.id, 'queued'],
      ].sort(),
    );

    // The insertion cycle's job, as the cron runs it, once per queued unit.
    const failures = createCreditFailuresService(t.app.deps);
    const { insertUnit } = crmInsertionJobs(failures, { send: async () => undefined } as never, '* * * * *', seeded.db);
    for (const row of queued) await insertUnit.handle({ insertionId: row.id });
    const after = await seeded.db.select().from(crmInsertions).where(eq(crmInsertions.provisionId, d.id));
    const byUnit = new Map(after.map((row) => [row.unitId, row]));
    expect(byUnit.get(d.units[0]!.id)).toMatchObject({ status: 'inserted' });
    expect(byUnit.get(d.units[1]!.id)).toMatchObject({ status: 'failed', lastError: CRM_REJECTIONS[refusedVin] });

    const list = await get(t.app, superToken, `/api/credits-failures?folio=${d.folio}`);
    expect(list.statusCode, list.body).toBe(200);
    const items = json<{ data: { items: CreditFailureResponse[] } }>(list).data.items;
    expect(items.map((item) => item.vinNumer)).toEqual([refusedVin]);
  });

  it('a unit the cycle puts in the CRM stops holding its amount only once the line has been read again: the cached balance never counts it as free twice', async () => {
    const lines = createCreditLinesService(t.app.deps);
    const cachedAvailable = () =>
      lines.withLockedCreditLine(seeded.db, CRM_LINE, async (_tx, line) => line.available.toDecimalString());
    const d = await atStatus(7, crmGroup, CRM_LINE, [randomVin()]);
    const sent = await post(t.app, crmGroup.tokens.operator, `/api/provisions/${d.id}/send-crm`, {
      approvedDate: '2026-11-24',
      version: d.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The line as read before the insertion: its remaining amount still has the unit, the unit holds it.
    await lines.refreshFromCrm(CRM_LINE);
    const before = await cachedAvailable();

    const [queued] = await seeded.db.select().from(crmInsertions).where(eq(crmInsertions.provisionId, d.id));
    const outcome = await createCreditFailuresService(t.app.deps).attempt(queued!.id, 'queued', null);
    expect(outcome).toMatchObject({ outcome: 'inserted' });

    // Without reading the CRM again, the balance a reservation decides on is what it was: never higher by the unit.
    expect(await cachedAvailable()).toBe(before);
    const [line] = await seeded.db.select().from(creditLines).where(eq(creditLines.crmLineId, CRM_LINE));
    const crm = await t.app.deps.adapters.crm.creditLineInformation(CRM_LINE);
    expect(line!.montoRestante).toBe(Money.of(crm!.montoRestante).toDecimalString());
  });

  it('a slow read of the CRM answered after a newer one never overwrites it', async () => {
    const [line] = await seeded.db.select().from(creditLines).where(eq(creditLines.crmLineId, CRM_LINE));
    const older = new Date(line!.refreshedAt.getTime() - 60_000);
    const kept = await upsertCreditLine(
      seeded.db,
      {
        crmLineId: line!.crmLineId,
        clientNumber: line!.clientNumber,
        typeLine: line!.typeLine,
        montoAutorizado: line!.montoAutorizado,
        montoRestante: Money.of(line!.montoRestante).add(Money.of('100000')).toDecimalString(),
        plazos: line!.plazos,
      },
      older,
    );
    expect(kept.montoRestante).toBe(line!.montoRestante);
    expect(kept.refreshedAt).toEqual(line!.refreshedAt);
  });

  it('Liberar keeps the released money consumed until the CRM lists the units; then the line reads the CRM’s own remaining amount (issue 26 item 2)', async () => {
    const before = await lineFigures(crmGroup, CRM_LINE);
    const d = await atStatus(7, crmGroup, CRM_LINE, [randomVin(), randomVin()]);
    const released = await put(crmGroup.tokens.operator, d.id, { status: 10, version: d.version });
    expect(released.statusCode, released.body).toBe(200);

    // Released: the line's available balance is lower by the released amount, as while the provision was open.
    const afterRelease = await lineFigures(crmGroup, CRM_LINE);
    expect(afterRelease.montoRestante).toBe(before.montoRestante);
    expect(Money.of(afterRelease.reservado).sub(Money.of(before.reservado)).toDecimalString()).toBe(d.total);
    expect(Money.of(before.disponible).sub(Money.of(afterRelease.disponible)).toDecimalString()).toBe(d.total);
    const rows = await seeded.db.select().from(crmInsertions).where(eq(crmInsertions.provisionId, d.id));
    expect(rows.map((row) => row.status)).toEqual(['released', 'released']);
    // Never a credit failure, never taken by the insertion cycle.
    const failures = createCreditFailuresService(t.app.deps);
    expect(await failures.queuedIds()).not.toEqual(expect.arrayContaining(rows.map((row) => row.id)));

    // A run before the CRM lists them changes nothing.
    const reconcile = createReleaseReconciliation(t.app.deps, createCreditLinesService(t.app.deps));
    await reconcile();
    expect((await lineFigures(crmGroup, CRM_LINE)).reservado).toBe(afterRelease.reservado);

    // The lender registers the credits in the CRM by hand; the CRM's remaining amount then has them.
    for (const u of d.units) {
      await t.app.deps.adapters.crm.insertUnit(
        {
          numeroCliente: '10007',
          lineaCredito: CRM_LINE,
          folio: d.folio,
          vin: u.vinNumber,
          motor: u.motorNumber,
          marca: u.brandName,
          modelo: u.model,
          descripcion: u.description,
          colorExterior: u.color,
          colorInterior: u.insideColor,
          monto: Money.of(u.amount).toNumber(),
          plazo: longestTerm(CRM_LINE),
          fechaInicio: '2026-11-24',
        },
        randomUUID(),
      );
    }
    const counted = await reconcile();
    expect(counted.counted).toBeGreaterThanOrEqual(2);
    const afterCrm = await lineFigures(crmGroup, CRM_LINE);
    expect(Money.of(before.montoRestante).sub(Money.of(afterCrm.montoRestante)).toDecimalString()).toBe(d.total);
    expect(afterCrm.reservado).toBe(before.reservado);
    expect(afterCrm.disponible).toBe(
      Money.of(afterCrm.montoRestante).sub(Money.of(afterCrm.reservado)).atLeastZero().toDecimalString(),
    );
    const after = await seeded.db.select().from(crmInsertions).where(eq(crmInsertions.provisionId, d.id));
    expect(after.map((row) => row.status)).toEqual(['inserted', 'inserted']);
    expect(after.every((row) => row.creditNumber?.startsWith('CRE-'))).toBe(true);
    // Again: nothing moves twice.
    await reconcile();
    expect((await lineFigures(crmGroup, CRM_LINE)).reservado).toBe(afterCrm.reservado);
  });

  it('send to CRM is refused before Proceso firma and needs the start date', async () => {
    const d = await atStatus(4);
    const early = await post(t.app, a.tokens.operator, `/api/provisions/${d.id}/send-crm`, {
      approvedDate: '2026-11-24',
      version: d.version,
    });
    expect(early.statusCode).toBe(409);
    const noDate = await post(t.app, a.tokens.operator, `/api/provisions/${d.id}/send-crm`, { version: d.version });
    expect(noDate.statusCode).toBe(400);
  });
});

describe('a closed provision’s balances (issue 26 item 3, decision 054)', () => {
  it('shows the balances at Confirmar once closed, however the line moves after; live ones while open', async () => {
    const d = await atStatus(3);
    const confirmed = await put(a.tokens.operator, d.id, {
      status: 4,
      version: d.version,
      units: included(d),
      useManualFolio: false,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const open = json<Answer>(confirmed).data;
    // The snapshot is what the page shows right after Confirmar (its own total given back, then taken).
    const shown = followUpBalances(Money.of(open.balances!.available), Money.of(open.total), 4);
    expect(open.confirmedBalances).toEqual({
      available: shown.available.toDecimalString(),
      remaining: shown.remaining.toDecimalString(),
      at: WORKING_NOON.toISOString(),
    });

    await seeded.db.update(provisions).set({ status: 6 }).where(eq(provisions.id, d.id));
    const released = await put(a.tokens.operator, d.id, {
      status: 10,
      version: (await detail(superToken, d.id)).version,
    });
    expect(released.statusCode, released.body).toBe(200);
    // Another provision takes money from the line: a closed provision's figures do not move.
    const other = await saveOneUnit(t.app, a, LINE, randomVin(), '900.00');
    expect(other.statusCode, other.body).toBe(201);
    const closed = await detail(a.tokens.dealer, d.id);
    expect(closed.balances).toBeNull();
    expect(closed.confirmedBalances).toEqual(open.confirmedBalances);

    // Rejected before any confirmation: nothing to show.
    const r = await atStatus(3);
    const rejected = await put(a.tokens.operator, r.id, { status: 9, version: r.version, units: [] });
    expect(json<Answer>(rejected).data).toMatchObject({ balances: null, confirmedBalances: null });
  });
});

describe('Actualizar folio (spec 3 §5)', () => {
  it("refuses a folio that is not a number above 0 with the spec's message, then saves one", async () => {
    const d = await atStatus(5);
    const url = `/api/provisions/${d.id}/update-folio`;
    for (const manualFolio of [0, -4, 'abc', '']) {
      const response = await patch(a.tokens.operator, url, { manualFolio, version: d.version });
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe('El folio es requerido y debe de ser un numero mayor a 0');
    }
    const missing = await patch(a.tokens.operator, url, { version: d.version });
    expect(json(missing).message).toBe('El folio es requerido y debe de ser un numero mayor a 0');
    const saved = await patch(a.tokens.operator, url, { manualFolio: 4521, version: d.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Answer>(saved)).toMatchObject({
      message: 'El folio manual se actualizo correctamente',
      data: { folio: '4521', manualFolio: '4521', status: 5 },
    });
    const stale = await patch(a.tokens.operator, url, { manualFolio: 4522, version: d.version });
    expect(stale.statusCode).toBe(409);
    // At Validación (3) there is no folio to update yet.
    const early = await atStatus(3);
    const refused = await patch(a.tokens.operator, `/api/provisions/${early.id}/update-folio`, {
      manualFolio: 7,
      version: early.version,
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the units as XLSX (spec 3 §2 "Descargar XLSX")', () => {
  it("is a real workbook named 'Unidades (DD-MM-YYYY).xlsx' whose formula-like cells are text", async () => {
    const d = await atStatus(4);
    await seeded.db
      .update(provisionUnits)
      .set({ description: '=cmd|/C calc!A0', brandName: '@SUM(1)' })
      .where(eq(provisionUnits.id, d.units[0]!.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/provisions/${d.id}/units.xlsx`,
      headers: bearer(a.tokens.operator),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // WORKING_NOON is 24 November 2026 in Mexico City.
    expect(response.headers['content-disposition']).toContain('Unidades (24-11-2026).xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([
      'N° VIN',
      'Modelo',
      'N° Motor',
      'Marca',
      'Tipo',
      'Descripción',
      'Color',
      'Color interior',
      'Sucursal',
      'Monto',
      'Incluida',
    ]);
    expect(rows).toHaveLength(3);
    const first = rows[1]!.slice(1);
    expect(first[0]).toBe(d.units[0]!.vinNumber);
    expect(first[3]).toBe("'@SUM(1)");
    expect(first[5]).toBe("'=cmd|/C calc!A0");
    // The amount is a number a spreadsheet can sum, shown with thousands and 2 decimals (issue 26 §9).
    expect(first[9]).toBe(1000.5);
    expect(sheet.getRow(2).getCell(10).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(10).numFmt).toBe('#,##0.00');
    // No cell holds a formula.
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    // The dealer has no XLSX.
    const dealer = await get(t.app, a.tokens.dealer, `/api/provisions/${d.id}/units.xlsx`);
    expect(dealer.statusCode).toBe(403);
  });
});

describe('the follow-up detail and the timeline', () => {
  it('the detail carries the caller’s actions, the units in review, balances and signing documents', async () => {
    const d = await atStatus(3);
    await seeded.db
      .update(provisionUnits)
      .set({ reviewAf: true, status: 2, comment: 'Factura ilegible' })
      .where(eq(provisionUnits.id, d.units[0]!.id));
    const seen = await detail(a.tokens.operator, d.id);
    expect(seen.actions).toEqual(['confirm', 'reject']);
    expect(seen.unitsInReview).toBe(1);
    expect(seen.units[0]).toMatchObject({ reviewAF: true, status: 2, comment: 'Factura ilegible', deadlines: 4 });
    expect(seen.signingDocuments).toBe(0);
    expect(seen.balances).toMatchObject({ known: true });
    expect(Money.of(seen.balances!.available).lessThan(Money.of(seen.balances!.remaining))).toBe(true);
    expect((await detail(superToken, d.id)).actions).toEqual(['confirm', 'reject']);
    // The dealer sees no action at Validación.
    expect((await detail(a.tokens.dealer, d.id)).actions).toEqual([]);
  });

  it('lists the creation, every move with who made it, and the units’ validations, oldest first', async () => {
    const d = await atStatus(3);
    await seeded.db.insert(unitValidations).values({
      unitId: d.units[0]!.id,
      vin: d.units[0]!.vinNumber,
      check: 1,
      valid: false,
      reason: 'Reporte de robo',
      validatedAt: new Date(WORKING_NOON.getTime() + 1000),
    });
    t.clock.set(new Date(WORKING_NOON.getTime() + 60_000));
    try {
      const confirmed = await put(a.tokens.operator, d.id, {
        status: 4,
        version: d.version,
        units: included(d, 1),
        useManualFolio: false,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const folio = await patch(a.tokens.operator, `/api/provisions/${d.id}/update-folio`, {
        manualFolio: 91,
        version: json<Answer>(confirmed).data.version,
      });
      expect(folio.statusCode).toBe(200);
    } finally {
      t.clock.set(WORKING_NOON);
    }
    const response = await get(t.app, a.tokens.dealer, `/api/provisions/${d.id}/timeline`);
    expect(response.statusCode, response.body).toBe(200);
    const entries = json<{ data: ProvisionTimelineEntry[] }>(response).data;
    const actions = entries.map((entry) => entry.action);
    expect(actions).toContain('create');
    expect(actions).toContain('validation');
    expect(actions.indexOf('create')).toBeLessThan(actions.indexOf('confirm'));
    expect(actions.indexOf('confirm')).toBeLessThan(actions.indexOf('updateFolio'));
    const confirm = entries.find((entry) => entry.action === 'confirm')!;
    expect(confirm).toMatchObject({ fromStatus: 3, toStatus: 4, details: { excludedUnits: 1 } });
    expect(confirm.actor?.id).toBe(a.operator.id);
    expect(confirm.actor?.name).toBeTruthy();
    expect(entries.find((entry) => entry.action === 'updateFolio')).toMatchObject({ details: { manualFolio: '91' } });
    expect(entries.find((entry) => entry.action === 'validation')).toMatchObject({
      actor: null,
      details: { check: 'REPUVE', vinNumber: d.units[0]!.vinNumber, valid: false, reason: 'Reporte de robo' },
    });
    // Another dealer's company never finds it.
    expect((await get(t.app, b.tokens.dealer, `/api/provisions/${d.id}/timeline`)).statusCode).toBe(404);

    // The follow-up page reads it a page at a time (issue 31): the same entries in the same order, cut, with the total.
    const page = async (n: number) => {
      const answer = await get(t.app, a.tokens.dealer, `/api/provisions/${d.id}/timeline/page?page=${n}&pageSize=10`);
      expect(answer.statusCode, answer.body).toBe(200);
      return json<{ data: { items: ProvisionTimelineEntry[]; total: number } }>(answer).data;
    };
    const first = await page(1);
    expect(first.total).toBe(entries.length);
    expect(first.items).toEqual(entries.slice(0, 10));
    const pages = Math.ceil(entries.length / 10);
    expect((await page(pages)).items).toEqual(entries.slice((pages - 1) * 10));
    expect((await page(pages + 1)).items).toEqual([]);
    expect((await get(t.app, a.tokens.dealer, `/api/provisions/${d.id}/timeline/page?pageSize=7`)).statusCode).toBe(
      400,
    );
    expect((await get(t.app, b.tokens.dealer, `/api/provisions/${d.id}/timeline/page`)).statusCode).toBe(404);
  });
});
