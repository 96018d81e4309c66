import { reservedOnLine } from '../src/modules/credit-lines/repository';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  Money,
  PROVISION_LENDER_MESSAGES,
  REFINANCING_MESSAGES,
  REFINANCING_NOTICE_TEXT,
  REFINANCING_UNITS_XLSX_COLUMNS,
  type ExternalCreditLine,
  type RefinancingFollowUpDetail,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { creditLines } from '../src/db/schema/credit-lines';
import { crmInsertions, provisionUnits } from '../src/db/schema/financing';
import { notifications } from '../src/db/schema/notifications';
import { refinancingUnits, refinancings } from '../src/db/schema/refinancings';
import { createAdapters } from '../src/adapters';
import { createCreditFailuresService } from '../src/modules/credit-failures/service';
import { bearer, createUser, json, signIn, simulatorEnv, testConfig } from './harness';
import { get, post } from './provision-fixtures';
import { addUnitEvidence, createBody, createRefinancing, financedUnits } from './refinancing-fixtures';
import { financingApp, groupAdmins } from './support/financing-app';

/**
 * The refinancing detail's flows through the API (issue 19, decisions 045, 046), on a database of this file's own
 * and the CRM simulator: evidence → the administrator's validation (back to the dealer on a No) → the operator's
 * Aceptar (unticked units leave and are available again, the total re-reserved) or Rechazar (the balance freed) →
 * Enviar back → folio, CRM, release; the review list, the XLSX, the scope of every route and the stale version.
 */
const LINE = 'LC-10004-01';

const { t, seeded, groups } = await financingApp('refinancing_flows', { clients: ['10004', '10006'] });
const [a, b] = groups;
// Each administrator registered its group's operator: its scope is that group's account (decision 014).
const [{ token: adminA }, { token: adminB }] = await groupAdmins(t.app, seeded.db, [a, b]);

type Action = { data: RefinancingFollowUpDetail; message: string };
type Refusal = { code: string; message: string };
const send = (method: 'POST' | 'PATCH', token: string, url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { ...bearer(token), 'idempotency-key': randomUUID() } });
const ok = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return json<Action>(response);
};
const detail = async (token: string, id: number) => {
  const response = await get(t.app, token, `/api/refinancings/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: RefinancingFollowUpDetail }>(response).data;
};
const available = async (token: string) =>
  json<{ data: { items: { id: number }[] } }>(
    await get(t.app, token, '/api/refinancings/units?pageSize=100'),
  ).data.items.map((u) => u.id);
const reviewIds = async (token: string, query = '') =>
  json<{ data: { items: { id: number }[] } }>(
    await get(t.app, token, `/api/refinancings/review?pageSize=100${query}`),
  ).data.items.map((item) => item.id);
/** Open refinancings on the line closed, so each test starts from the line's whole balance. */
const freeLine = () => seeded.db.execute(sql`update refinancings set status = 9 where credit_line = ${LINE}`);
const setStatus = (id: number, status: number, adminValidated = false) =>
  seeded.db
    .update(refinancings)
    .set({ status, adminValidated })
    .where(eq(refinancings.id, id))
    .returning({ version: refinancings.version })
    .then((rows) => rows[0]!.version);

describe('the detail’s balances are the create page’s (issue 26, domain operationBalances)', () => {
  it('Saldo disponible = the line’s remaining minus every other hold; Saldo restante = disponible − total', async () => {
    await freeLine();
    const linesOfTheCreatePage = async () =>
      json<{ data: ExternalCreditLine[] }>(
        await get(t.app, a.tokens.dealer, '/api/external/clients/10004/credit-lines'),
      ).data.find((line) => line.lineaCredito === LINE)!;
    // Another refinancing holds part of the line: the create page counts it, so must the detail.
    await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '12345.67' }]);
    const createPage = await linesOfTheCreatePage();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '40000.00' }, { amount: '1900.50' }]);

    const shown = await detail(a.tokens.operator, r.id);
    expect(shown.total).toBe('41900.50');
    expect(shown.balances).toEqual({
      available: createPage.disponible,
      remaining: Money.of(createPage.disponible).sub(Money.of('41900.50')).toDecimalString(),
      known: true,
    });
    // Never a remaining above the available (the figures of issue 26: 47,845.00 · 1,645,795.00).
    expect(Money.of(shown.balances!.remaining!).lessThan(Money.of(shown.balances!.available))).toBe(true);
    // The dealer sees the same available (the remaining is for types 2 and 3, spec 3 §6).
    expect((await detail(a.tokens.dealer, r.id)).balances).toEqual({
      available: createPage.disponible,
      remaining: null,
      known: true,
    });
    // And what the detail calls remaining is what the next create page offers as available.
    expect((await linesOfTheCreatePage()).disponible).toBe(shown.balances!.remaining);
  });
});

describe('the evidence, validation and acceptance loop', () => {
  it('evidence → validation (a No sends it back) → validated → Aceptar drops the unticked unit → Enviar', async () => {
    await freeLine();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '10000.25' }, { amount: '20000.50' }]);
    let d = await detail(a.tokens.dealer, r.id);
    expect(d.actions).toEqual(['evidenceComplete']);
    expect(d.balances?.remaining).toBeNull();
    expect(d.units.map((u) => u.evidenceCount)).toEqual([0, 0]);

    // Evidencia completa with a unit missing its evidence: refused, nothing moves.
    await addUnitEvidence(seeded.db, r.unitIds[0]!, a.dealer.id);
    const missing = await send('PATCH', a.tokens.dealer, `/api/refinancings/${r.id}/set-status`, {
      status: 3,
      version: d.version,
    });
    expect(missing.statusCode).toBe(422);
    expect(json<Refusal>(missing).message).toBe(REFINANCING_MESSAGES.evidenceIncomplete);
    await addUnitEvidence(seeded.db, r.unitIds[1]!, a.dealer.id);
    const sent = ok(
      await send('PATCH', a.tokens.dealer, `/api/refinancings/${r.id}/set-status`, { status: 3, version: d.version }),
    );
    expect(sent.message).toBe('Las unidades fueron enviadas');
    expect(sent.data.status).toBe(3);

    // The administrator's list shows it; another administrator's does not.
    expect(await reviewIds(adminA)).toContain(r.id);
    expect(await reviewIds(adminA, `&folio=${r.folio}`)).toEqual([r.id]);
    expect(await reviewIds(adminB)).not.toContain(r.id);
    expect((await get(t.app, a.tokens.operator, '/api/refinancings/review')).statusCode).toBe(403);

    // One unit said No (comment required), the other Sí; Confirmar → 2 Solicitud Evidencias.
    d = await detail(adminA, r.id);
    expect(d.actions).toEqual(['confirmUnits', 'confirm']);
    expect(d.balances?.remaining).not.toBeNull();
    const noComment = await send('PATCH', adminA, `/api/refinancings/${r.id}/confirm-units`, {
      version: d.version,
      units: [{ id: r.unitIds[0], status: 2 }],
    });
    expect(noComment.statusCode).toBe(400);
    const verdicts = ok(
      await send('PATCH', adminA, `/api/refinancings/${r.id}/confirm-units`, {
        version: d.version,
        units: [
          { id: r.unitIds[0], status: 2, comment: 'La factura no es legible' },
          { id: r.unitIds[1], status: 1, comment: '' },
        ],
      }),
    );
    expect(verdicts.message).toBe('Las unidades fueron actualizadas');
    expect(verdicts.data.status).toBe(3);
    const back = ok(
      await send('POST', adminA, `/api/refinancings/${r.id}/confirm`, { version: verdicts.data.version }),
    );
    expect(back.message).toBe('Refinanciamiento actualizado correctamente');
    expect(back.data).toMatchObject({ status: 2, adminValidated: false });

    // The dealer sends it again; the administrator says Sí to both: it stays 3, validated, off the review list.
    d = await detail(a.tokens.dealer, r.id);
    expect(d.actions).toEqual(['evidenceComplete']);
    const again = ok(
      await send('PATCH', a.tokens.dealer, `/api/refinancings/${r.id}/set-status`, { status: 3, version: d.version }),
    );
    const allYes = ok(
      await send('PATCH', adminA, `/api/refinancings/${r.id}/confirm-units`, {
        version: again.data.version,
        units: r.unitIds.map((id) => ({ id, status: 1 })),
      }),
    );
    const validated = ok(
      await send('POST', adminA, `/api/refinancings/${r.id}/confirm`, { version: allYes.data.version }),
    );
    expect(validated.data).toMatchObject({ status: 3, adminValidated: true });
    expect(await reviewIds(adminA)).not.toContain(r.id);
    const twice = await send('POST', adminA, `/api/refinancings/${r.id}/confirm`, {
      version: validated.data.version,
    });
    expect(twice.statusCode).toBe(422);
    expect(json<Refusal>(twice).message).toBe(REFINANCING_MESSAGES.alreadyValidated);

    // Aceptar with the first unit only: the second leaves, its financed unit is available again, total recomputed.
    d = await detail(a.tokens.operator, r.id);
    expect(d.actions).toEqual(['accept', 'reject']);
    const availableBefore = Money.of(d.balances!.available);
    const remainingBefore = Money.of(d.balances!.remaining!);
    expect(await available(a.tokens.dealer)).not.toContain(r.sources[1]!.id);
    const accepted = ok(
      await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/accept`, {
        version: d.version,
        units: [
          { id: r.unitIds[0], status: 1, comment: 'Aceptada' },
          { id: r.unitIds[1], status: 2 },
        ],
        useManualFolio: true,
        manualFolio: '5512',
      }),
    );
    expect(accepted.message).toBe('Refinanciamiento actualizado correctamente');
    expect(accepted.data).toMatchObject({ status: 4, total: '10000.25', folio: '5512', useManualFolio: true });
    expect(accepted.data.units.map((u) => u.id)).toEqual([r.unitIds[0]]);
    // The line's balances beside every other hold stay; what this refinancing leaves of them grows (issue 26).
    expect(Money.of(accepted.data.balances!.available).equals(availableBefore)).toBe(true);
    expect(Money.of(accepted.data.balances!.remaining!).equals(remainingBefore.add(Money.of('20000.50')))).toBe(true);
    expect(await available(a.tokens.dealer)).toContain(r.sources[1]!.id);
    expect(await available(a.tokens.dealer)).not.toContain(r.sources[0]!.id);
    // The dealer's operator heard of it, with the folio it now goes by.
    const told = await seeded.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, a.dealer.id));
    expect(told.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        REFINANCING_NOTICE_TEXT.evidenceRequested(r.folio),
        REFINANCING_NOTICE_TEXT.accept('5512'),
      ]),
    );

    // Actualizar folio, then Enviar (4 → 3): back to the administrator.
    const folio = ok(
      await send('PATCH', a.tokens.operator, `/api/refinancings/${r.id}/update-folio`, {
        manualFolio: 6001,
        version: accepted.data.version,
      }),
    );
    expect(folio.message).toBe(PROVISION_LENDER_MESSAGES.folioUpdated);
    expect(folio.data.folio).toBe('6001');
    const units = ok(
      await send('POST', a.tokens.dealer, '/api/refinancings/send-units', {
        refinancingId: r.id,
        version: folio.data.version,
      }),
    );
    expect(units.message).toBe('Las unidades fueron enviadas');
    expect(units.data).toMatchObject({ status: 3, adminValidated: false });
    const moves = await seeded.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(r.id)))
      .orderBy(auditLog.id);
    expect(moves.map((m) => m.action).filter((m) => m.startsWith('refinancings.'))).toEqual([
      'refinancings.created',
      'refinancings.evidenceComplete',
      'refinancings.confirmUnits',
      'refinancings.confirm',
      'refinancings.evidenceComplete',
      'refinancings.confirmUnits',
      'refinancings.confirm',
      'refinancings.accept',
      'refinancings.updateFolio',
      'refinancings.send',
    ]);
  });

  it('Aceptar refuses a ticked unit without valid checks nor approval, and saves nothing', async () => {
    await freeLine();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '5000.00' }, { amount: '6000.00' }]);
    // The checks went bad after create (a re-validation); the administrator said No to that unit.
    await seeded.db
      .update(refinancingUnits)
      .set({ validAx: false, status: 2 })
      .where(eq(refinancingUnits.id, r.unitIds[1]!));
    await seeded.db.update(refinancingUnits).set({ status: 1 }).where(eq(refinancingUnits.id, r.unitIds[0]!));
    const version = await setStatus(r.id, 3, true);
    const [vin] = await seeded.db
      .select({ vin: refinancingUnits.vinNumber })
      .from(refinancingUnits)
      .where(eq(refinancingUnits.id, r.unitIds[1]!));
    const response = await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/accept`, {
      version,
      units: r.unitIds.map((id) => ({ id, status: 1 })),
    });
    expect(response.statusCode).toBe(422);
    expect(json<Refusal>(response).message).toBe(REFINANCING_MESSAGES.unitNotValidated(vin!.vin));
    const d = await detail(a.tokens.operator, r.id);
    expect(d).toMatchObject({ status: 3, total: '11000.00', version });
    expect(d.units).toHaveLength(2);
    // Nothing ticked: the table's 'select at least one unit'.
    const none = await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/accept`, {
      version,
      units: r.unitIds.map((id) => ({ id, status: 2 })),
    });
    expect(none.statusCode).toBe(422);
    // Before the administrator validated it: refused with the pending message.
    const pendingVersion = await setStatus(r.id, 3, false);
    const pending = await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/accept`, {
      version: pendingVersion,
      units: [
        { id: r.unitIds[0], status: 1 },
        { id: r.unitIds[1], status: 2 },
      ],
    });
    expect(pending.statusCode).toBe(422);
    expect(json<Refusal>(pending).message).toBe(REFINANCING_MESSAGES.adminValidationPending);
  });

  it('Rechazar needs a reason, frees the balance and makes the units available again', async () => {
    await freeLine();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '30000.00' }]);
    const version = await setStatus(r.id, 3);
    const before = Money.of(await reservedOnLine(seeded.db, LINE));
    const noReason = await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/reject`, {
      version,
      comment: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const rejected = ok(
      await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/reject`, {
        version,
        comment: 'Documentación incompleta',
      }),
    );
    expect(rejected.message).toBe(`Refinanciamiento con folio ${r.folio}: Rechazado`);
    expect(rejected.data.status).toBe(9);
    expect(Money.of(await reservedOnLine(seeded.db, LINE)).equals(before.sub(Money.of('30000.00')))).toBe(true);
    expect(await available(a.tokens.dealer)).toContain(r.sources[0]!.id);
    const [row] = await seeded.db.select().from(refinancings).where(eq(refinancings.id, r.id));
    expect(row!.rejectComment).toBe('Documentación incompleta');
  });
});

describe('closing: CRM, release, folio and the XLSX', () => {
  it('Enviar a CRM saves the date and queues one insertion per unit; Liberar closes another', async () => {
    await freeLine();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1000.00' }, { amount: '2000.00' }]);
    const version = await setStatus(r.id, 6);
    const crm = ok(
      await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/send-crm`, {
        approvedDate: '2026-11-25',
        version,
      }),
    );
    expect(crm.message).toBe('Las unidades fueron enviadas a CRM');
    expect(crm.data).toMatchObject({ status: 8, approvedDate: '2026-11-25' });
    const queued = await seeded.db
      .select()
      .from(crmInsertions)
      .where(inArray(crmInsertions.refinancingUnitId, r.unitIds));
    expect(queued.map((q) => [q.status, q.unitId]).sort()).toEqual(r.sources.map((s) => ['queued', s.id]).sort());
    // Sent to the CRM, its units still hold their amounts on the line until the CRM counts each (as provisions).
    const heldAtCrm = Money.of(await reservedOnLine(seeded.db, LINE));

    // The insertion cycle's attempt sends the refinancing's line, folio, term, date and amount to the CRM.
    const failures = createCreditFailuresService({
      db: seeded.db,
      adapters: createAdapters(testConfig()),
      clock: t.clock,
    });
    const attempt = await failures.attempt(queued[0]!.id, 'queued', null);
    expect(attempt.outcome).toBe('inserted');
    const insertedAmount = Money.of(r.sources.find((s) => s.id === queued[0]!.unitId)!.amount);
    const afterInsertion = Money.of(await reservedOnLine(seeded.db, LINE));
    expect(afterInsertion.equals(heldAtCrm.sub(insertedAmount))).toBe(true);
    const env = simulatorEnv();
    const insertions = (await (
      await fetch(`${env.CRM_URL}/__admin/insertions`, { headers: { authorization: `Bearer ${env.CRM_TOKEN}` } })
    ).json()) as { unit: Record<string, unknown> }[];
    const source = r.sources.find((s) => s.id === queued[0]!.unitId)!;
    expect(insertions.map((i) => i.unit).find((u) => u.vin === source.vin)).toMatchObject({
      lineaCredito: LINE,
      folio: r.folio,
      plazo: 2,
      monto: Number(source.amount),
      fechaInicio: '2026-11-25',
    });

    const other = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1000.00' }]);
    const otherVersion = await setStatus(other.id, 7);
    const superToken = await signIn(t.app, (await createUser(seeded.db, 1)).email);
    const released = ok(
      await send('POST', superToken, `/api/refinancings/${other.id}/release`, { version: otherVersion }),
    );
    expect(released.message).toBe('Las unidades fueron liberadas sin enviar a CRM');
    expect(released.data.status).toBe(10);
  });

  it('an authorised refinancing’s units leave the available list until a new layout marks them (decision 057)', async () => {
    await freeLine();
    const superToken = await signIn(t.app, (await createUser(seeded.db, 1)).email);
    const sent = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1500.00' }, { amount: '2500.00' }]);
    const released = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '3500.00' }]);
    const ids = [...sent.sources, ...released.sources].map((s) => s.id);
    expect((await available(a.tokens.dealer)).filter((id) => ids.includes(id))).toEqual([]);

    ok(
      await send('POST', a.tokens.operator, `/api/refinancings/${sent.id}/send-crm`, {
        approvedDate: '2026-11-25',
        version: await setStatus(sent.id, 7),
      }),
    );
    ok(
      await send('POST', superToken, `/api/refinancings/${released.id}/release`, {
        version: await setStatus(released.id, 6),
      }),
    );
    // Authorised (8) and released (10): closed, yet their units are not offered again, nor accepted by a create.
    expect((await available(a.tokens.dealer)).filter((id) => ids.includes(id))).toEqual([]);
    expect((await available(a.tokens.operator)).filter((id) => ids.includes(id))).toEqual([]);
    const again = await post(t.app, a.tokens.dealer, '/api/refinancings', createBody(a, LINE, [sent.sources[0]!]));
    expect(again.statusCode).toBe(422);
    expect(json<Refusal>(again).code).toBe('UNIT_NOT_AVAILABLE');

    // The layout's Aplicar (decision 043) is what makes a unit refinanceable again, from the CRM's new credit.
    await seeded.db
      .update(provisionUnits)
      .set({ canRefinance: true })
      .where(eq(provisionUnits.id, released.sources[0]!.id));
    expect(await available(a.tokens.dealer)).toContain(released.sources[0]!.id);
  });

  it("the units as 'Unidades (DD-MM-YYYY).xlsx' with the table's columns, types 1 and 3 in scope only", async () => {
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1234.56' }]);
    await seeded.db
      .update(refinancingUnits)
      .set({ description: '=HYPERLINK("x")', status: 1 })
      .where(eq(refinancingUnits.id, r.unitIds[0]!));
    const response = await get(t.app, a.tokens.operator, `/api/refinancings/${r.id}/units.xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('Unidades (24-11-2026).xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Unidades')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...REFINANCING_UNITS_XLSX_COLUMNS]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[5]).toBe('\'=HYPERLINK("x")');
    expect(row.slice(9)).toEqual(['2', 'Sí', 'Sí', 'Sí', 'Sí', 1234.56]);
    // The amount is a number a spreadsheet can sum, shown with thousands and 2 decimals (issue 26 §9).
    expect(sheet.getRow(2).getCell(15).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(2).getCell(15).numFmt).toBe('#,##0.00');
    expect((await get(t.app, a.tokens.dealer, `/api/refinancings/${r.id}/units.xlsx`)).statusCode).toBe(403);
    expect((await get(t.app, b.tokens.operator, `/api/refinancings/${r.id}/units.xlsx`)).statusCode).toBe(404);
  });
});

describe('scope, staleness and the line', () => {
  it('another company’s users get 404 on every route; a stale version gets 409', async () => {
    await freeLine();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '1000.00' }]);
    const version = await setStatus(r.id, 3, true);
    const id = r.id;
    const calls: [string, 'POST' | 'PATCH', string, object][] = [
      [b.tokens.dealer, 'PATCH', `/api/refinancings/${id}/set-status`, { status: 3, version }],
      [b.tokens.dealer, 'POST', '/api/refinancings/send-units', { refinancingId: id, version }],
      [adminB, 'PATCH', `/api/refinancings/${id}/confirm-units`, { version, units: [{ id: r.unitIds[0], status: 1 }] }],
      [adminB, 'POST', `/api/refinancings/${id}/confirm`, { version }],
      [
        b.tokens.operator,
        'POST',
        `/api/refinancings/${id}/accept`,
        { version, units: [{ id: r.unitIds[0], status: 1 }] },
      ],
      [b.tokens.operator, 'POST', `/api/refinancings/${id}/reject`, { version, comment: 'No' }],
      [b.tokens.operator, 'POST', `/api/refinancings/${id}/release`, { version }],
      [b.tokens.operator, 'POST', `/api/refinancings/${id}/send-crm`, { approvedDate: '2026-11-24', version }],
      [b.tokens.operator, 'PATCH', `/api/refinancings/${id}/update-folio`, { manualFolio: 5, version }],
    ];
    for (const [token, method, url, payload] of calls) {
      const response = await send(method, token, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    expect((await get(t.app, b.tokens.operator, `/api/refinancings/${id}`)).statusCode).toBe(404);
    expect(await reviewIds(adminB)).not.toContain(id);

    const stale = await send('POST', a.tokens.operator, `/api/refinancings/${id}/accept`, {
      version: version + 5,
      units: [{ id: r.unitIds[0], status: 1 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(json<Refusal>(stale).code).toBe('STALE_VERSION');
    expect((await detail(a.tokens.operator, id)).status).toBe(3);
  });

  it('Aceptar re-reserves under the line’s lock: it is refused when its total no longer fits', async () => {
    await freeLine();
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '40000.00' }]);
    const version = await setStatus(r.id, 3, true);
    // The CRM now reports less remaining than this refinancing holds (the line's cached row, as the lock reads it).
    await seeded.db.update(creditLines).set({ montoRestante: '39999.99' }).where(eq(creditLines.crmLineId, LINE));
    const response = await send('POST', a.tokens.operator, `/api/refinancings/${r.id}/accept`, {
      version,
      units: [{ id: r.unitIds[0], status: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(json<Refusal>(response).message).toBe('El monto total supera el saldo restante');
    expect((await detail(a.tokens.operator, r.id)).status).toBe(3);
  });

  it('an Aceptar and a create racing on one line never overdraw it', async () => {
    await freeLine();
    // The cached line back to what the CRM says (the previous test lowered it).
    const r = await createRefinancing(t.app, seeded.db, a, LINE, [{ amount: '50000.00' }, { amount: '70000.00' }]);
    const version = await setStatus(r.id, 3, true);
    const d = await detail(a.tokens.operator, r.id);
    // What the line has left beside every hold, this refinancing's included (issue 26: its Saldo restante).
    const free = Money.of(d.balances!.remaining!);
    // Fits only once Aceptar has dropped the 70,000.00 unit.
    const [unit] = await financedUnits(seeded.db, a, [{ amount: free.add(Money.of('1.00')).toDecimalString() }]);
    const [accepted, created] = await Promise.all([
      send('POST', a.tokens.operator, `/api/refinancings/${r.id}/accept`, {
        version,
        units: [
          { id: r.unitIds[0], status: 1 },
          { id: r.unitIds[1], status: 2 },
        ],
      }),
      post(t.app, a.tokens.dealer, '/api/refinancings', createBody(a, LINE, [unit!]), randomUUID()),
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect([201, 422]).toContain(created.statusCode);
    if (created.statusCode === 422) expect(json<Refusal>(created).message).toBe(REFINANCING_MESSAGES.balanceExceeded);
    const after = await detail(a.tokens.operator, r.id);
    expect(Money.of(after.balances!.available).isNegative()).toBe(false);
  });
});
