import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_MESSAGES, type ErrorResponse, type LayoutRow } from '@planpiso/domain';
import { startSimulators, type Simulators } from '../../simulators/src/index';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { accountOperators } from '../src/db/schema/assignments';
import { auditLog } from '../src/db/schema/audit';
import { provisionUnits } from '../src/db/schema/financing';
import { users } from '../src/db/schema/users';
import { createProvision, demoNorth } from './financing-fixtures';
import { bearer, createUser, fakeClock, json, signIn, testConfig, testLogger, type TestApp } from './harness';
import { seededDatabase } from './seeded-database';

// The layout generator (issue 19, spec 3 §2, §3 "Layout row", §5, §7, §9; decision 043) against a CRM simulator of
// this file's own (its credits are exactly the fixtures', at the CRM's date 2026-11-16). Autos del Norte is client
// 10001; the VINs below are its credits in the fixtures.
const VIN = {
  /** CRE-0001224, due 2026-12-05: 19 days → 1 month. */
  dueSoon: '3VWCB7BU2MM343652',
  /** CRE-0001103, due 2027-01-12: 57 days → 2 months. */
  twoMonths: 'JTDB4MEE3PJ363471',
  /** CRE-0001454, due 2027-01-24, under audit → N/A. */
  audited: 'JTDB4MEE0PJ363654',
  /** CRE-0001132, due 2027-01-06 (51 days); the unit is sold → N/A. */
  sold: '3CZRZ1H56NM201323',
  /** CRE-0001404, due 2027-03-05: 109 days, beyond 3 months (91.2 days), within 4 → 4 months. */
  later: '3N1CP5CV5TL311902',
  /** CRE-0001188, due 2026-12-20: its provision is only Enviada a firma (5), not financed. */
  notFinanced: '3N1CD3AP5TL212840',
};

const seeded = await seededDatabase('layout');
let crm: Simulators;
let api: TestApp;
let admin = '';
let otherAdmin = '';
let operator = '';
let units: { id: number; vin: string }[] = [];

beforeAll(async () => {
  crm = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
  const config = testConfig({ CRM_URL: crm.urls.crm, CRM_TOKEN: crm.tokens.crm });
  const clock = fakeClock(new Date('2026-11-24T18:00:00Z'));
  const app = await buildApp({ config, db: seeded.db, clock, adapters: createAdapters(config), logger: testLogger() });
  await app.ready();
  api = { app, db: seeded.db, clock, close: () => app.close() };

  const { company } = await demoNorth(seeded.db);
  const [first, second] = [await createUser(seeded.db, 2), await createUser(seeded.db, 2)];
  // The administrator registered the operators of Autos del Norte's account: that is its scope (decision 014).
  const operators = await seeded.db
    .select({ userId: accountOperators.userId })
    .from(accountOperators)
    .where(eq(accountOperators.accountId, company.accountId));
  expect(operators.length).toBeGreaterThan(0);
  await seeded.db
    .update(users)
    .set({ registerBy: first.id })
    .where(
      inArray(
        users.id,
        operators.map((o) => o.userId),
      ),
    );
  admin = await signIn(app, first.email);
  otherAdmin = await signIn(app, second.email);
  operator = await signIn(app, (await createUser(seeded.db, 3)).email);

  const financed = await createProvision(seeded.db, [VIN.dueSoon, VIN.twoMonths, VIN.audited, VIN.sold, VIN.later], 8);
  units = financed.units;
  await createProvision(seeded.db, [VIN.notFinanced], 5);
  await seeded.db.update(provisionUnits).set({ isSold: true }).where(eq(provisionUnits.vinNumber, VIN.sold));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await crm?.stop();
  await seeded?.close();
});

const generate = (token: string, months: string) =>
  api.app.inject({ method: 'GET', url: `/api/layouts/generate?months=${months}`, headers: bearer(token) });
const post = (token: string, url: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const unitId = (vin: string) => units.find((u) => u.vin === vin)!.id;

describe('GET /api/layouts/generate', () => {
  it('lists the financed units due within the months, by noCredito, with the suggested term or N/A', async () => {
    const response = await generate(admin, '3');
    expect(response.statusCode, response.body).toBe(200);
    const rows = json<{ data: LayoutRow[] }>(response).data;
    expect(rows.map((r) => [r.noCredito, r.vin, r.plazoSugerido, r.puedeRefinanciar, r.finbeCob])).toEqual([
      ['CRE-0001103', VIN.twoMonths, 2, true, false],
      ['CRE-0001132', VIN.sold, 'N/A', false, false],
      ['CRE-0001224', VIN.dueSoon, 1, true, false],
      ['CRE-0001454', VIN.audited, 'N/A', false, true],
    ]);
    expect(rows[2]).toMatchObject({
      unitId: unitId(VIN.dueSoon),
      contrato: expect.stringMatching(/^CPP-10001-/),
      agencia: 'Autos del Norte',
      diasRescate: 19,
      fechaVencimiento: '2026-12-05',
      plazo: 3,
      saldoCapital: expect.stringMatching(/^\d+\.\d{2}$/),
    });

    const four = json<{ data: LayoutRow[] }>(await generate(admin, '4')).data;
    expect(four.find((r) => r.vin === VIN.later)?.plazoSugerido).toBe(4);
    expect(four.some((r) => r.vin === VIN.notFinanced)).toBe(false);
  });

  it('refuses months missing, 0 or negative with the spec’s message', async () => {
    for (const months of ['', '0', '-1', 'abc']) {
      const response = await generate(admin, months);
      expect(response.statusCode).toBe(400);
      expect(json<ErrorResponse>(response).message).toBe(LAYOUT_MESSAGES.monthsRequired);
    }
  });

  it('an administrator sees only the accounts of the operators it registered; other types are refused', async () => {
    const response = await generate(otherAdmin, '6');
    expect(response.statusCode).toBe(200);
    expect(json<{ data: LayoutRow[] }>(response).data).toEqual([]);
    expect((await generate(operator, '3')).statusCode).toBe(403);
  });
});

describe('POST /api/layouts/apply', () => {
  it('refuses an empty layout', async () => {
    const response = await post(admin, '/api/layouts/apply', { units: [] });
    expect(response.statusCode).toBe(422);
    expect(json<ErrorResponse>(response).message).toBe(LAYOUT_MESSAGES.empty);
  });

  it('refuses a unit the administrator does not reach, writing nothing', async () => {
    const response = await post(otherAdmin, '/api/layouts/apply', {
      units: [{ unitId: unitId(VIN.dueSoon), deadlines: 2, canRefinancing: true }],
    });
    expect(response.statusCode).toBe(422);
    const [row] = await seeded.db
      .select()
      .from(provisionUnits)
      .where(eq(provisionUnits.id, unitId(VIN.dueSoon)));
    expect(row!.canRefinance).toBe(false);
  });

  it('stores the term and the availability for refinancing on the units, with an audit row', async () => {
    const response = await post(admin, '/api/layouts/apply', {
      units: [
        { unitId: unitId(VIN.dueSoon), deadlines: 2, canRefinancing: true },
        { unitId: unitId(VIN.audited), deadlines: null, canRefinancing: false },
        // A stale screen still offering the sold unit: it stays not refinanceable.
        { unitId: unitId(VIN.sold), deadlines: 3, canRefinancing: true },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await seeded.db
      .select({ id: provisionUnits.id, deadlines: provisionUnits.deadlines, can: provisionUnits.canRefinance })
      .from(provisionUnits)
      .where(inArray(provisionUnits.id, [unitId(VIN.dueSoon), unitId(VIN.audited), unitId(VIN.sold)]));
    expect(rows.find((r) => r.id === unitId(VIN.dueSoon))).toMatchObject({ deadlines: 2, can: true });
    expect(rows.find((r) => r.id === unitId(VIN.audited))).toMatchObject({ deadlines: null, can: false });
    expect(rows.find((r) => r.id === unitId(VIN.sold))).toMatchObject({ deadlines: null, can: false });
    const audit = await seeded.db.select().from(auditLog).where(eq(auditLog.action, 'layouts.apply'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a refinanceable unit without a term of 1 to 6', async () => {
    const response = await post(admin, '/api/layouts/apply', {
      units: [{ unitId: unitId(VIN.dueSoon), deadlines: 7, canRefinancing: true }],
    });
    expect(response.statusCode).toBe(400);
    expect(json<ErrorResponse>(response).message).toBe(LAYOUT_MESSAGES.termOutOfRange);
  });
});

describe('POST /api/layouts/download', () => {
  it('answers an XLSX named Layout with the day, with the edited terms', async () => {
    const response = await post(admin, '/api/layouts/download', {
      months: 3,
      terms: [{ unitId: unitId(VIN.twoMonths), plazoSugerido: 5 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="Layout (24-11-2026).xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Layout')!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]![1]).toBe('No. Crédito');
    expect(rows.slice(1).map((r) => [r[1], r[16]])).toEqual([
      ['CRE-0001103', 5],
      ['CRE-0001132', 'N/A'],
      ['CRE-0001224', 1],
      ['CRE-0001454', 'N/A'],
    ]);
    // Saldo capital is a number a spreadsheet can sum, shown with thousands and 2 decimals (issue 26 §9).
    const balanceAt = rows[0]!.indexOf('Saldo capital'); // the sheet's values are 1-based: the column number
    for (let r = 2; r <= rows.length; r++) {
      const cell = sheet.getRow(r).getCell(balanceAt);
      expect(cell.type, `row ${r}`).toBe(ExcelJS.ValueType.Number);
      expect(cell.numFmt, `row ${r}`).toBe('#,##0.00');
    }
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('refuses an empty layout', async () => {
    const response = await post(otherAdmin, '/api/layouts/download', { months: 3 });
    expect(response.statusCode).toBe(422);
    expect(json<ErrorResponse>(response).message).toBe(LAYOUT_MESSAGES.empty);
  });
});
