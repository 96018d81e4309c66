import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES, MESSAGES, Money, type ProvisionDetail, type ProvisionListItem } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { audits } from '../src/db/schema/audits';
import { evidences } from '../src/db/schema/files';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { nonWorkingDays } from '../src/db/schema/non-working-days';
import { notifications } from '../src/db/schema/notifications';
import { provisionSettings } from '../src/db/schema/provision-settings';
import { users } from '../src/db/schema/users';
import { bearer, json } from './harness';
import {
  clearNonWorkingDays,
  get,
  post,
  randomVin,
  saveBody,
  unit,
  type DealerGroup,
  saveOneUnit,
} from './provision-fixtures';
import { financingApp, lenderStaff } from './support/financing-app';
import { PDF, PNG, multipart } from './support/uploads';

/**
 * Provisions, dealer side and lists (issue 16, decision 029), on a database of this file's own and the CRM simulator
 * over HTTP: documents, creates, edit, send, scope per user type, double financing, idempotency, bad input, exact
 * totals and the operating window. The concurrency race is provisions-race.test.ts.
 */
const LINE_A = 'LC-10004-01';
const LINE_B = 'LC-10006-01';

const { t, seeded, groups } = await financingApp('provisions', { clients: ['10004', '10006'], dataDir: true });
const [a, b] = groups;
const { superToken, adminToken } = await lenderStaff(t.app, seeded.db);

type Created = { data: { id: number; folio: string; status: number }; message: string };

async function upload(token: string, kind: string, filename: string, content: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/documents',
    ...multipart(
      [
        { name: 'kind', value: kind },
        { name: 'file', filename, content },
      ],
      bearer(token),
    ),
  });
}

async function uploaded(token: string, kind: string, filename: string, content: Buffer) {
  const response = await upload(token, kind, filename, content);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { fileId: number; url: string; fileName: string } }>(response).data;
}

async function createOn(group: DealerGroup, line: string, units: ReturnType<typeof unit>[], url = '/api/provisions') {
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  const response = await post(t.app, group.tokens.dealer, url, saveBody(group, line, units, total));
  expect(response.statusCode, response.body).toBe(201);
  return json<Created>(response).data;
}

const detailOf = async (token: string, id: number) => get(t.app, token, `/api/provisions/${id}`);
const setStatus = (id: number, status: number) =>
  seeded.db.update(provisions).set({ status }).where(eq(provisions.id, id));

/** A unit of dealer A's rejected provision, sent back to A under review (decision 030): what the wizard redraws. */
async function unitUnderReview(vin: string, amount: string) {
  const rejected = await createOn(a, LINE_A, [unit(vin, amount)]);
  await setStatus(rejected.id, 9);
  const [inReview] = await seeded.db
    .update(provisionUnits)
    .set({ inReview: true, reviewBy: a.dealer.id })
    .where(eq(provisionUnits.provisionId, rejected.id))
    .returning();
  return inReview;
}

describe('documents (spec 3 §7 document upload and delete)', () => {
  it('uploads the annex and a unit evidence, checked by kind and by bytes', async () => {
    const annex = await uploaded(a.tokens.dealer, 'provision', 'Anexo.pdf', PDF);
    expect(annex).toMatchObject({ fileName: 'Anexo.pdf', url: `/api/files/${annex.fileId}` });
    await uploaded(a.tokens.dealer, 'unit', 'factura.png', PNG);

    const pngAsPdf = await upload(a.tokens.dealer, 'provision', 'anexo.pdf', PNG);
    expect(pngAsPdf.statusCode).toBe(415);
    expect(json(pngAsPdf)).toMatchObject({ message: MESSAGES.fileInvalidType });
    const notPdf = await upload(a.tokens.dealer, 'provision', 'anexo.png', PNG);
    expect(notPdf.statusCode).toBe(415);
    expect(json(notPdf)).toMatchObject({ message: 'La extensión del documento no es permitido' });
    const noKind = await upload(a.tokens.dealer, 'otro', 'anexo.pdf', PDF);
    expect(noKind.statusCode).toBe(400);
    expect(json(noKind)).toMatchObject({ message: MESSAGES.badRequest });
    // Only the dealer operator uploads for a provision.
    expect((await upload(a.tokens.legal, 'provision', 'anexo.pdf', PDF)).statusCode).toBe(403);
  });

  it('deletes only one’s own upload that no save attached yet', async () => {
    const own = await uploaded(a.tokens.dealer, 'unit', 'factura.pdf', PDF);
    const del = (token: string, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: bearer(token) });
    expect((await del(b.tokens.dealer, own.fileId)).statusCode).toBe(404);
    expect((await del(a.tokens.dealer, own.fileId)).statusCode).toBe(204);
    expect((await del(a.tokens.dealer, own.fileId)).statusCode).toBe(404);

    const attached = await uploaded(a.tokens.dealer, 'provision', 'anexo.pdf', PDF);
    const total = '150000.00';
    const body = saveBody(a, LINE_A, [unit(randomVin(), total)], total, { evidences: [attached] });
    expect((await post(t.app, a.tokens.dealer, '/api/provisions', body)).statusCode).toBe(201);
    const refused = await del(a.tokens.dealer, attached.fileId);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      message: 'El documento ya forma parte de un registro y no se puede eliminar',
    });
  });
});

describe('creating a provision (Guardar, save-and-send)', () => {
  it('Guardar writes the provision, its units and evidences in status 1, with the spec’s message', async () => {
    const annex = await uploaded(a.tokens.dealer, 'provision', 'Anexo.pdf', PDF);
    const invoice = await uploaded(a.tokens.dealer, 'unit', 'factura.pdf', PDF);
    const vins = [randomVin(), randomVin()];
    const units = [unit(vins[0]!, '325000.5', { evidences: [invoice] }), unit(vins[1]!.toLowerCase(), '0.10')];
    const response = await post(
      t.app,
      a.tokens.dealer,
      '/api/provisions',
      saveBody(a, LINE_A, units, '325000.60', { evidences: [annex] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = json<Created>(response);
    expect(created.data.status).toBe(1);
    expect(created.message).toBe(`Disposición con folio ${created.data.folio} generada exitosamente.`);

    const detail = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.data.id)).data;
    expect(detail).toMatchObject({
      status: 1,
      total: '325000.60',
      creditLine: LINE_A,
      // LC-10004-01 is a Seminuevos line whose longest term is 4 months.
      typeLine: '100000001',
      deadlines: 4,
      company: { id: a.company.id },
      agency: { id: a.agencyId },
      legalPerson: { id: a.legal.id },
      operator: { id: a.dealer.id },
      countUnits: 2,
    });
    expect(detail.evidences).toEqual([expect.objectContaining({ fileId: annex.fileId, type: 2 })]);
    // VINs are kept upper case; the unit's evidence is type 7.
    expect(detail.units.map((u) => [u.vinNumber, u.amount])).toEqual([
      [vins[0], '325000.50'],
      [vins[1], '0.10'],
    ]);
    expect(detail.units[0]!.evidences).toEqual([expect.objectContaining({ fileId: invoice.fileId, type: 7 })]);
    const [audit] = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provisions.created'), eq(auditLog.entityId, String(created.data.id))));
    expect(audit).toBeDefined();

    // An upload already attached cannot be claimed by another save.
    const again = saveBody(a, LINE_A, [unit(randomVin(), '10.00')], '10.00', { evidences: [annex] });
    const refused = await post(t.app, a.tokens.dealer, '/api/provisions', again);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ message: 'El documento no existe o ya fue utilizado' });
  });

  it('save-and-send creates it in status 2 and tells the account’s lender operator (type 1 Disposición)', async () => {
    const created = await createOn(a, LINE_A, [unit(randomVin(), '1000.00')], '/api/provisions/create-send');
    expect(created.status).toBe(2);
    const notes = await seeded.db.select().from(notifications).where(eq(notifications.userId, a.operator.id));
    expect(notes.some((n) => n.type === 1 && n.message.includes(created.folio))).toBe(true);
    // Sending needs a unit (spec 3 §5 'Seleccione al menos una unidad').
    const empty = await post(t.app, a.tokens.dealer, '/api/provisions/create-send', saveBody(a, LINE_A, [], '0'));
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ message: 'Seleccione al menos una unidad' });
  });

  it('refuses what is not the caller’s: another company, branch, legal representative, line or term', async () => {
    const good = saveBody(a, LINE_A, [unit(randomVin(), '10.00')], '10.00');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ companyId: b.company.id }, 422, MESSAGES.companyNotAssigned],
      [{ agencyId: b.agencyId }, 422, 'La sucursal seleccionada no está asignada al usuario'],
      [{ legalId: b.legal.id }, 422, 'El representante legal seleccionado no pertenece a la compañía'],
      [{ creditLine: LINE_B }, 404, MESSAGES.creditLineNotFound],
      [{ deadlines: 5 }, 422, 'El plazo seleccionado no pertenece a la línea de crédito'],
    ];
    for (const [change, status, message] of cases) {
      const response = await post(t.app, a.tokens.dealer, '/api/provisions', { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(json(response)).toMatchObject({ message });
    }
    // Types other than 5 do not create (spec 3 §6).
    expect((await post(t.app, a.tokens.legal, '/api/provisions', good)).statusCode).toBe(403);
    expect((await post(t.app, superToken, '/api/provisions', good)).statusCode).toBe(403);
  });

  it('refuses a VIN another open provision holds, naming the VIN and that provision’s folio', async () => {
    const vin = randomVin();
    const first = await createOn(a, LINE_A, [unit(vin, '500.00')]);
    const response = await post(
      t.app,
      a.tokens.dealer,
      '/api/provisions',
      saveBody(a, LINE_A, [unit(randomVin(), '1.00'), unit(vin.toLowerCase(), '1.00')], '2.00'),
    );
    expect(response.statusCode).toBe(422);
    expect(json(response)).toMatchObject({
      code: 'VIN_ALREADY_FINANCED',
      message: `El VIN ${vin} ya se encuentra en la disposición con folio ${first.folio}`,
    });
    // A cancelled provision no longer holds it.
    await setStatus(first.id, 11);
    await createOn(a, LINE_A, [unit(vin, '500.00')]);
    // The same VIN twice in one save.
    const twice = await post(
      t.app,
      a.tokens.dealer,
      '/api/provisions',
      saveBody(a, LINE_A, [unit('3N1AB7AP8KY250399', '1.00'), unit('3n1ab7ap8ky250399', '1.00')], '2.00'),
    );
    expect(twice.statusCode).toBe(422);
    expect(json(twice)).toMatchObject({ message: 'El VIN 3N1AB7AP8KY250399 está repetido en la disposición' });
  });

  it('an idempotent retry answers the same provision and writes one row', async () => {
    const vin = randomVin();
    const body = saveBody(a, LINE_A, [unit(vin, '42.00')], '42.00');
    const key = `retry-${vin}`;
    const first = await post(t.app, a.tokens.dealer, '/api/provisions', body, key);
    const second = await post(t.app, a.tokens.dealer, '/api/provisions', body, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(json<Created>(second).data).toEqual(json<Created>(first).data);
    const rows = await seeded.db
      .select({ id: provisionUnits.provisionId })
      .from(provisionUnits)
      .where(eq(provisionUnits.vinNumber, vin));
    expect(rows).toHaveLength(1);
  });

  it('a CSV of 500 units with one bad row is refused whole and writes nothing', async () => {
    const units = Array.from({ length: 500 }, () => unit(randomVin(), '100.00'));
    units[317] = { ...units[317]!, model: '20261' };
    const before = await seeded.db.select({ n: sql<number>`count(*)::int` }).from(provisions);
    const response = await post(t.app, a.tokens.dealer, '/api/provisions', saveBody(a, LINE_A, units, '50000.00'));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ message: 'Máximo 4 caracteres' });
    expect(json<{ fields: Record<string, string> }>(response).fields).toHaveProperty(['units.317.model']);
    const after = await seeded.db.select({ n: sql<number>`count(*)::int` }).from(provisions);
    expect(after).toEqual(before);
    const written = await seeded.db
      .select({ n: sql<number>`count(*)::int` })
      .from(provisionUnits)
      .where(eq(provisionUnits.vinNumber, units[0]!.vinNumber));
    expect(written[0]!.n).toBe(0);
  });

  it('totals 1,000 units exactly to the cent (and the reserved amount with them)', async () => {
    const line = 'LC-10004-01';
    const units = Array.from({ length: 1000 }, (_, i) =>
      unit(randomVin(), `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`),
    );
    const expected = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
    const reservedBefore = json<{ data: { total: string } }>(
      await get(t.app, a.tokens.dealer, `/api/provisions/reserved-amount?creditLine=${line}`),
    ).data.total;
    const created = await createOn(a, line, units);
    const detail = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.id)).data;
    expect(detail.total).toBe(expected);
    expect(detail.countUnits).toBe(1000);
    const reservedAfter = json<{ data: { total: string } }>(
      await get(t.app, a.tokens.dealer, `/api/provisions/reserved-amount?creditLine=${line}`),
    ).data.total;
    expect(Money.of(reservedAfter).sub(Money.of(reservedBefore)).toDecimalString()).toBe(expected);
    // A total one cent off the units' sum is refused (what the person saw is what is reserved).
    const off = Money.of(expected).add(Money.of('0.01')).toDecimalString();
    const wrong = await post(t.app, a.tokens.dealer, '/api/provisions', saveBody(a, line, units.slice(0, 1), off));
    expect(wrong.statusCode).toBe(400);
  });

  it('refuses outside the operating window and on a non-working day, with the spec’s messages', async () => {
    const body = saveBody(a, LINE_A, [unit(randomVin(), '10.00')], '10.00');
    const window = (startOperation: string, endOperation: string) =>
      seeded.db.update(provisionSettings).set({ startOperation, endOperation });
    try {
      // The test clock says 12:00 in Mexico City.
      await window('09:00', '11:30');
      const late = await post(t.app, a.tokens.dealer, '/api/provisions', body);
      expect(late.statusCode).toBe(422);
      expect(json(late)).toMatchObject({
        code: 'OPERATION_ENDED',
        message: 'El horario de operación ha finalizado (09:00 a 11:30 hrs)',
      });
      await window('13:00', '18:00');
      expect(json(await post(t.app, a.tokens.dealer, '/api/provisions', body))).toMatchObject({
        code: 'OPERATION_NOT_STARTED',
        message: 'El horario de operación aún no inicia (13:00 a 18:00 hrs)',
      });
      await window('09:00', '18:00');
      await seeded.db.insert(nonWorkingDays).values({ date: '2026-11-24', reason: 'Día de prueba' });
      expect(json(await post(t.app, a.tokens.dealer, '/api/provisions', body))).toMatchObject({
        code: 'NON_WORKING_DAY',
        message: 'El día de hoy es inhábil: Día de prueba',
      });
    } finally {
      await window('09:00', '18:00');
      await clearNonWorkingDays(seeded.db);
    }
  });
  it('refuses the create while a suspending audit is in progress, with the pre-check’s lines (decision 030)', async () => {
    const [audit] = await seeded.db
      .insert(audits)
      .values({
        auditor: 'Auditoría de piso',
        accountId: a.accountId,
        companyId: a.company.id,
        isSuspended: true,
        initialDate: '2026-11-20',
        endDate: '2026-11-30',
      })
      .returning({ id: audits.id });
    try {
      const body = saveBody(a, LINE_A, [unit(randomVin(), '10.00')], '10.00');
      const refused = await post(t.app, a.tokens.dealer, '/api/provisions', body);
      expect(refused.statusCode).toBe(422);
      expect(json(refused)).toMatchObject({
        code: 'NOT_ELIGIBLE',
        message: `Tienes 1 pendientes de auditorías. ${FINANCING_MESSAGES.cannotProvision}`,
      });
      const countOf = async () =>
        (await seeded.db.select({ id: provisions.id }).from(provisions).where(eq(provisions.companyId, a.company.id)))
          .length;
      const before = await countOf();
      // Nothing was written; once the audit is gone the same dealer may draw again.
      await seeded.db.delete(audits).where(eq(audits.id, audit!.id));
      await createOn(a, LINE_A, [unit(randomVin(), '10.00')]);
      expect(await countOf()).toBe(before + 1);
    } finally {
      await seeded.db.delete(audits).where(eq(audits.id, audit!.id));
    }
  });
});

describe('creating from units under review (decision 030)', () => {
  it('moves the caller’s units in review into the new provision, keeping their ids; only once', async () => {
    const vin = randomVin();
    const inReview = await unitUnderReview(vin, '900.00');
    const body = saveBody(a, LINE_A, [unit(vin, '850.00', { id: inReview!.id }), unit(randomVin(), '50.00')], '900.00');
    const response = await post(t.app, a.tokens.dealer, '/api/provisions/create/withUnitsExistits', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = json<Created>(response).data;
    const detail = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.id)).data;
    expect(detail.units.find((u) => u.vinNumber === vin)).toMatchObject({ id: inReview!.id, amount: '850.00' });
    const [moved] = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.id, inReview!.id));
    expect(moved).toMatchObject({ inReview: false, reviewBy: null, provisionId: created.id });
    // The unit is no longer in review: a second draw is refused, and nothing is written.
    const again = await post(t.app, a.tokens.dealer, '/api/provisions/create/withUnitsExistits', {
      ...body,
      units: [unit(randomVin(), '850.00', { id: inReview!.id })],
      total: '850.00',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'REVIEW_UNIT_GONE' });
    // Another dealer cannot draw someone else's unit in review.
    await seeded.db
      .update(provisionUnits)
      .set({ inReview: true, reviewBy: a.dealer.id })
      .where(eq(provisionUnits.id, inReview!.id));
    const foreign = await post(t.app, b.tokens.dealer, '/api/provisions/create/withUnitsExistits', {
      ...saveBody(b, LINE_B, [unit(randomVin(), '1.00', { id: inReview!.id })], '1.00'),
    });
    expect(foreign.statusCode).toBe(409);
    await seeded.db
      .update(provisionUnits)
      .set({ inReview: false, reviewBy: null })
      .where(eq(provisionUnits.id, inReview!.id));
  });
});

describe('saving and sending from units under review (issue 26 §6)', () => {
  it('create-send with reviewUnits moves the caller’s units in review into a provision sent to validation', async () => {
    const vin = randomVin();
    const inReview = await unitUnderReview(vin, '700.00');
    // What the wizard's review mode sends on 'Guardar y enviar' (spec 3 §3: reviewUnits for save-and-send).
    const body = saveBody(a, LINE_A, [unit(vin, '650.00', { id: inReview!.id })], '650.00', { reviewUnits: true });
    const response = await post(t.app, a.tokens.dealer, '/api/provisions/create-send', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = json<Created>(response).data;
    expect(created.status).toBe(2);
    const [moved] = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.id, inReview!.id));
    expect(moved).toMatchObject({ inReview: false, reviewBy: null, provisionId: created.id, amount: '650.00' });
    const detail = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.id)).data;
    expect(detail.units.map((u) => u.id)).toEqual([inReview!.id]);
    // Sent once: the same unit cannot be drawn again.
    const again = await post(t.app, a.tokens.dealer, '/api/provisions/create-send', body);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'REVIEW_UNIT_GONE' });
  });
});

describe('edit and send to validation', () => {
  it('edits at status 1: a unit whose VIN matches keeps its id; a stale version is 409', async () => {
    const keep = randomVin();
    const drop = randomVin();
    const created = await createOn(a, LINE_A, [unit(keep, '100.00'), unit(drop, '200.00')]);
    const before = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.id)).data;
    const kept = before.units.find((u) => u.vinNumber === keep)!;
    const added = randomVin();
    const body = {
      ...saveBody(a, LINE_A, [unit(keep, '150.00', { color: 'Rojo' }), unit(added, '1.00')], '151.00'),
      version: before.version,
    };
    const put = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/provisions/${created.id}`,
        payload: payload as object,
        headers: bearer(a.tokens.dealer),
      });
    const response = await put(body);
    expect(response.statusCode, response.body).toBe(200);
    const edited = json<{ data: ProvisionDetail; message: string }>(response);
    expect(edited.message).toBe(`Disposición con folio ${created.folio} actualizada exitosamente.`);
    expect(edited.data.total).toBe('151.00');
    expect(edited.data.version).toBe(before.version + 1);
    expect(edited.data.units.map((u) => u.vinNumber).sort()).toEqual([keep, added].sort());
    expect(edited.data.units.find((u) => u.vinNumber === keep)).toMatchObject({ id: kept.id, color: 'Rojo' });
    expect((await put(body)).statusCode).toBe(409);
    // The edit re-reserves under the lock: its own total is given back first, a total beyond the balance is refused.
    const huge = await put({
      ...saveBody(a, LINE_A, [unit(keep, '99999999.00')], '99999999.00'),
      version: edited.data.version,
    });
    expect(huge.statusCode).toBe(422);
    expect(json(huge)).toMatchObject({ code: 'BALANCE_EXCEEDED', message: 'El monto total supera el saldo restante' });
    // Someone else's provision is not found.
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/provisions/${created.id}`,
      payload: { ...saveBody(b, LINE_B, [], '0'), version: edited.data.version },
      headers: bearer(b.tokens.dealer),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('edits a 1,000-unit provision from its CSV again: every matching VIN keeps its unit, amounts exact', async () => {
    const units = Array.from({ length: 1000 }, () => unit(randomVin(), '10.01'));
    const created = await createOn(a, LINE_A, units);
    const before = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.id)).data;
    const ids = new Map(before.units.map((u) => [u.vinNumber, u.id]));
    const edited = units.map((u, i) => ({ ...u, amount: i % 2 === 0 ? '20.02' : '10.01', color: 'Gris' }));
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/provisions/${created.id}`,
      payload: { ...saveBody(a, LINE_A, edited, '15015.00'), version: before.version },
      headers: bearer(a.tokens.dealer),
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = json<{ data: ProvisionDetail }>(response).data;
    expect(after.total).toBe('15015.00');
    expect(after.units).toHaveLength(1000);
    expect(after.units.every((u) => ids.get(u.vinNumber) === u.id && u.color === 'Gris')).toBe(true);
    expect(Money.sum(after.units.map((u) => Money.of(u.amount))).toDecimalString()).toBe('15015.00');
    await setStatus(created.id, 11);
  });

  it('sends 1 → 2 with the version read, notifies the operator and writes an audit row; only once', async () => {
    const created = await createOn(a, LINE_A, [unit(randomVin(), '300.00')]);
    const detail = json<{ data: ProvisionDetail }>(await detailOf(a.tokens.dealer, created.id)).data;
    const send = (version: number, token = a.tokens.dealer) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/provisions/${created.id}/set-status`,
        payload: { status: 2, version },
        headers: bearer(token),
      });
    expect((await send(detail.version + 5)).statusCode).toBe(409);
    expect((await send(detail.version, b.tokens.dealer)).statusCode).toBe(404);
    const response = await send(detail.version);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({
      data: { status: 2, version: detail.version + 1 },
      message: 'Disposición actualizada correctamente',
    });
    const [audit] = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provisions.send'), eq(auditLog.entityId, String(created.id))));
    expect(audit).toMatchObject({ actorId: a.dealer.id });
    const notes = await seeded.db.select().from(notifications).where(eq(notifications.userId, a.operator.id));
    expect(notes.some((n) => n.type === 1 && n.message.includes(created.folio))).toBe(true);
    const again = await send(detail.version + 1);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'INVALID_STATUS',
      message: FINANCING_MESSAGES.provisionStatusNotAllowed,
    });
    // Edit is only at status 1.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/provisions/${created.id}`,
      payload: { ...saveBody(a, LINE_A, [unit(randomVin(), '1.00')], '1.00'), version: detail.version + 1 },
      headers: bearer(a.tokens.dealer),
    });
    expect(edit.statusCode).toBe(409);
  });
});

describe('who sees which provision (spec 3 §2, §6)', () => {
  let ofA: { id: number; folio: string };
  let fileOfA: number;

  beforeAll(async () => {
    const invoice = await uploaded(a.tokens.dealer, 'unit', 'factura.pdf', PDF);
    const total = '777.00';
    const response = await post(
      t.app,
      a.tokens.dealer,
      '/api/provisions',
      saveBody(a, LINE_A, [unit(randomVin(), total, { evidences: [invoice] })], total),
    );
    ofA = json<Created>(response).data;
    fileOfA = invoice.fileId;
  });

  const listed = async (token: string, query = '') =>
    json<{ data: { items: ProvisionListItem[] } }>(await get(t.app, token, `/api/provisions?pageSize=100${query}`)).data
      .items;

  it('status 1: its dealer sees it and its file; group B, the legal representative and the lender do not', async () => {
    expect((await detailOf(a.tokens.dealer, ofA.id)).statusCode).toBe(200);
    expect((await get(t.app, a.tokens.dealer, `/api/files/${fileOfA}`)).statusCode).toBe(200);
    for (const token of [b.tokens.dealer, b.tokens.legal, a.tokens.legal, a.tokens.operator, superToken, adminToken]) {
      expect((await detailOf(token, ofA.id)).statusCode).toBe(404);
      expect((await listed(token)).some((p) => p.id === ofA.id)).toBe(false);
    }
    // A file is readable exactly where its provision is: not by the group's own legal representative at status 1.
    for (const token of [b.tokens.dealer, a.tokens.legal, a.tokens.operator, superToken]) {
      expect((await get(t.app, token, `/api/files/${fileOfA}`)).statusCode).toBe(404);
    }
    expect((await listed(a.tokens.dealer)).find((p) => p.id === ofA.id)).toMatchObject({
      folio: ofA.folio,
      status: 1,
      companyName: a.company.name,
      operatorName: 'Nombre5 Apellido5',
      total: '777.00',
      countUnits: 1,
    });
    const two = await createOn(a, LINE_A, [unit(randomVin(), '1.00'), unit(randomVin(), '2.00')]);
    expect((await listed(a.tokens.dealer)).find((p) => p.id === two.id)).toMatchObject({ countUnits: 2 });
    await setStatus(two.id, 11);
  });

  it('status 3: the lender (types 1 and its own operator) sees it; type 4 does not until 5', async () => {
    await setStatus(ofA.id, 3);
    expect((await detailOf(superToken, ofA.id)).statusCode).toBe(200);
    expect((await detailOf(a.tokens.operator, ofA.id)).statusCode).toBe(200);
    expect((await detailOf(b.tokens.operator, ofA.id)).statusCode).toBe(404);
    expect((await detailOf(a.tokens.legal, ofA.id)).statusCode).toBe(404);
    // Type 2 reaches the accounts of the operators it registered (decision 014): not this one.
    expect((await detailOf(adminToken, ofA.id)).statusCode).toBe(404);
    await seeded.db
      .update(users)
      .set({
        registerBy: (await seeded.db.select({ id: users.id }).from(users).where(eq(users.type, 2)).limit(1))[0]!.id,
      })
      .where(eq(users.id, a.operator.id));

    const assigned = json<{ data: { items: ProvisionListItem[] } }>(
      await get(t.app, a.tokens.operator, `/api/provisions/account-assigned/${a.operator.id}?pageSize=100`),
    ).data.items;
    expect(assigned.some((p) => p.id === ofA.id)).toBe(true);
    expect((await get(t.app, b.tokens.operator, `/api/provisions/account-assigned/${a.operator.id}`)).statusCode).toBe(
      404,
    );
    expect((await get(t.app, a.tokens.dealer, `/api/provisions/account-assigned/${a.operator.id}`)).statusCode).toBe(
      403,
    );

    await setStatus(ofA.id, 5);
    expect((await detailOf(a.tokens.legal, ofA.id)).statusCode).toBe(200);
    expect((await listed(a.tokens.legal)).some((p) => p.id === ofA.id)).toBe(true);
    expect((await detailOf(b.tokens.legal, ofA.id)).statusCode).toBe(404);
    expect((await get(t.app, b.tokens.legal, `/api/files/${fileOfA}`)).statusCode).toBe(404);
    expect((await get(t.app, a.tokens.legal, `/api/files/${fileOfA}`)).statusCode).toBe(200);
    expect((await get(t.app, a.tokens.operator, `/api/files/${fileOfA}`)).statusCode).toBe(200);
    await setStatus(ofA.id, 1);
  });

  it('filters by folio, status (repeated), company name, branch, operator, days and sorts by total', async () => {
    const other = await createOn(a, LINE_A, [unit(randomVin(), '5.00')], '/api/provisions/create-send');
    const byFolio = await listed(a.tokens.dealer, `&folio=${ofA.folio}`);
    expect(byFolio.map((p) => p.id)).toEqual([ofA.id]);
    const byStatus = await listed(a.tokens.dealer, '&status=2');
    expect(byStatus.every((p) => p.status === 2)).toBe(true);
    expect(byStatus.some((p) => p.id === other.id)).toBe(true);
    const both = await listed(a.tokens.dealer, '&status=1&status=2');
    expect(both.some((p) => p.id === ofA.id) && both.some((p) => p.id === other.id)).toBe(true);
    expect(await listed(a.tokens.dealer, `&companyName=${encodeURIComponent('zzz-nadie')}`)).toEqual([]);
    expect((await listed(a.tokens.dealer, `&agency=${a.agencyId}&registerBy=${a.dealer.id}`)).length).toBeGreaterThan(
      1,
    );
    expect(await listed(a.tokens.dealer, '&from=2026-11-25')).toEqual([]);
    expect((await listed(a.tokens.dealer, '&from=2026-11-24&to=2026-11-24')).length).toBeGreaterThan(1);
    const byTotal = await listed(a.tokens.dealer, '&sort=total:desc');
    const totals = byTotal.map((p) => Money.of(p.total));
    expect(totals.every((m, i) => i === 0 || !m.greaterThan(totals[i - 1]!))).toBe(true);
    const bad = await get(t.app, a.tokens.dealer, '/api/provisions?sort=secret:asc');
    expect(bad.statusCode).toBe(400);
    expect((await get(t.app, a.tokens.dealer, '/api/provisions?status=12')).statusCode).toBe(400);
  });

  it('reserved amount: for a line the caller reaches; another client’s line is not found', async () => {
    const mine = await get(t.app, a.tokens.dealer, `/api/provisions/reserved-amount?creditLine=${LINE_A}`);
    expect(mine.statusCode).toBe(200);
    expect(json<{ data: { total: string } }>(mine).data.total).toMatch(/^\d+\.\d{2}$/);
    expect((await get(t.app, b.tokens.dealer, `/api/provisions/reserved-amount?creditLine=${LINE_A}`)).statusCode).toBe(
      404,
    );
  });
});

describe('bad input answers 4xx in Spanish, never 500', () => {
  it('wrong types, huge strings, control characters, a body without units', async () => {
    const base = saveBody(a, LINE_A, [unit(randomVin(), '10.00')], '10.00');
    const bodies: unknown[] = [
      { ...base, companyId: '1' },
      { ...base, total: 10 },
      { ...base, units: 'todas' },
      { ...base, description: 'x'.repeat(251) },
      { ...base, creditLine: 'x'.repeat(5000) },
      { ...base, units: [unit('A'.repeat(5000), '10.00')] },
      { ...base, units: [unit(`${randomVin()}\u0000`, '10.00')] },
      { ...base, units: [unit(randomVin(), '1e3')], total: '1000.00' },
      { ...base, evidences: [{ fileName: 'anexo.pdf', url: 'x' }] },
      [],
      'texto',
    ];
    for (const payload of bodies) {
      const response = await post(t.app, a.tokens.dealer, '/api/provisions', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(json<{ message: string }>(response).message).toMatch(/[a-záéíóúñ]/i);
    }
    for (const url of ['/api/provisions/abc', '/api/provisions/99999999999', '/api/provisions?page=0']) {
      const response = await get(t.app, a.tokens.dealer, url);
      expect(response.statusCode).toBe(400);
    }
    expect((await get(t.app, a.tokens.dealer, '/api/provisions/2147483647')).statusCode).toBe(404);
  });
});

describe('reservations of authorised provisions (decision 029)', () => {
  it('an authorised provision holds its units until the CRM counts them', async () => {
    const line = 'LC-10006-02';
    const vins = [randomVin(), randomVin()];
    const response = await post(
      t.app,
      b.tokens.dealer,
      '/api/provisions',
      saveBody(b, line, [unit(vins[0]!, '10.00'), unit(vins[1]!, '20.00')], '30.00'),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = json<Created>(response).data;
    const reserved = async () =>
      json<{ data: { total: string } }>(
        await get(t.app, b.tokens.dealer, `/api/provisions/reserved-amount?creditLine=${line}`),
      ).data.total;
    expect(await reserved()).toBe('30.00');
    await setStatus(id, 8);
    expect(await reserved()).toBe('30.00');
    const units = await seeded.db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, id));
    const first = units.find((u) => u.vinNumber === vins[0])!;
    await seeded.db.execute(
      sql`insert into crm_insertions (unit_id, provision_id, status) values (${first.id}, ${id}, 'inserted')`,
    );
    expect(await reserved()).toBe('20.00');
    await setStatus(id, 10);
    expect(await reserved()).toBe('0.00');
    // Released and not sold: the VIN is financed, so it cannot be drawn again.
    const again = await saveOneUnit(t.app, b, line, vins[1]!, '20.00');
    expect(again.statusCode).toBe(422);
    expect(json(again)).toMatchObject({ code: 'VIN_ALREADY_FINANCED' });
    const evidenceRows = await seeded.db.select().from(evidences).where(eq(evidences.unitId, first.id));
    expect(evidenceRows).toEqual([]);
  });
});
