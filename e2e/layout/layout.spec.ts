import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { BUSINESS_TIME_ZONE, LAYOUT_MESSAGES, businessClock, type LayoutRow } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { createFinancedUnits, insertCrmCredit, removeFinancedUnits, unitsRefinancing } from '../support/layout';
import { freshVin } from '../support/provisions';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Layout';
/** The CRM's credits of client 10001 (its date is 2026-11-16): CRE-0001103 due in 57 days → 2 months. */
const TWO_MONTHS = { vin: 'JTDB4MEE3PJ363471', noCredito: 'CRE-0001103' };
/** CRE-0001454, due in 69 days, under audit → N/A. */
const AUDITED = { vin: 'JTDB4MEE0PJ363654', noCredito: 'CRE-0001454' };

/** DD-MM-YYYY of today in Mexico City (the file's name). */
function layoutDay(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE })
    .format(new Date())
    .split('-');
  return `${day}-${month}-${year}`;
}

test('type 2 generates the layout, edits a term, downloads it and applies it', () =>
  journey('layout-type-2', async (page) => {
    const units = await createFinancedUnits([TWO_MONTHS.vin, AUDITED.vin]);
    const twoMonthsId = units.find((u) => u.vin === TWO_MONTHS.vin)!.id;

    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/layout');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expectVisible(page.getByText(LAYOUT_MESSAGES.monthsRequired, { exact: true }));

    await page.getByLabel(LAYOUT_MESSAGES.monthsField, { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const row = gridRow(page, GRID, TWO_MONTHS.noCredito);
    await expectVisible(row.getByRole('gridcell', { name: '2', exact: true }));
    await expectVisible(gridRow(page, GRID, AUDITED.noCredito).getByRole('gridcell', { name: 'N/A', exact: true }));

    // Editar, then Guardar: the new term is the row's.
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel(`Plazo sugerido ${TWO_MONTHS.vin}`).selectOption('4');
    await settle(page);
    await screenshot(page, 'layout-type-2-editing');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(row.getByRole('gridcell', { name: '4', exact: true }));
    await page.mouse.move(1000, 780);
    await settle(page);
    await screenshot(page, 'layout-type-2');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), `Layout (${layoutDay()}).xlsx`);
    await acceptSuccess(page, LAYOUT_MESSAGES.downloaded);
    const file = join(mkdtempSync(join(tmpdir(), 'planpiso-e2e-layout-')), 'layout.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Layout')!;
    const rows = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    assert.equal(rows[0]![0], 'No. Crédito');
    const header = rows[0]!;
    const termAt = header.indexOf('Plazo sugerido');
    const written = rows.find((r) => r[0] === TWO_MONTHS.noCredito && r[6] === TWO_MONTHS.vin);
    assert.equal(written?.[termAt], 4, 'the edited term is in the spreadsheet');
    // Saldo capital is a number a spreadsheet can sum, with the amount format (issue 26 §9).
    const balanceAt = header.indexOf('Saldo capital');
    assert.equal(typeof written?.[balanceAt], 'number', 'the balance is a number');
    const balanceCell = sheet.getRow(rows.indexOf(written!) + 1).getCell(balanceAt + 1);
    assert.equal(balanceCell.numFmt, '#,##0.00');
    assert.equal(rows.find((r) => r[0] === AUDITED.noCredito)?.[termAt], 'N/A');

    await page.getByRole('button', { name: 'Aplicar' }).click();
    await confirm(page, LAYOUT_MESSAGES.confirmApply);
    await acceptSuccess(page, LAYOUT_MESSAGES.applied);
    const stored = await unitsRefinancing(units.map((u) => u.id));
    assert.deepEqual(
      stored.find((u) => u.id === twoMonthsId),
      { id: twoMonthsId, deadlines: 4, canRefinance: true },
    );
    assert.equal(stored.find((u) => u.id !== twoMonthsId)?.canRefinance, false);
  }));

test('the layout’s days agree with each other, also for a unit the CRM took today (issue 26 §14, decision 060)', () =>
  journey('layout-days', async (page) => {
    // Sent to the CRM today, after the simulator's own date (2026-11-16): a credit of 1 month starting today.
    const today = businessClock(new Date()).day;
    const vin = freshVin('JALC4B16');
    const { noCredito } = await insertCrmCredit({
      numeroCliente: '10002',
      lineaCredito: 'LC-10002-01',
      vin,
      plazo: 1,
      monto: 100000,
      fechaInicio: today,
    });
    const financed = await createFinancedUnits([vin], '10002');
    try {
      await signedIn(page, DEMO_USERS[2].email);
      await page.goto('/layout');
      await page.getByLabel(LAYOUT_MESSAGES.monthsField, { exact: true }).fill('3');
      const generated = page.waitForResponse((r) => r.url().includes('/api/layouts/generate') && r.ok());
      await page.getByRole('button', { name: 'Buscar' }).click();
      const { data } = (await (await generated).json()) as { data: LayoutRow[] };
      for (const r of data) {
        assert.equal(
          r.diasRescate,
          r.plazoFinanciamiento - r.diasTranscurridos,
          `${r.noCredito}: rescue = term − elapsed`,
        );
      }
      const inserted = data.find((r) => r.vin === vin)!;
      assert.equal(inserted.fechaInicio, today);
      assert.equal(inserted.diasRescate, inserted.plazoFinanciamiento, 'nothing elapsed: the whole term to rescue');

      // What the screen shows for it: 0 days elapsed, the term and the days to rescue equal.
      const row = gridRow(page, GRID, noCredito);
      const cell = (field: string) => row.locator(`[data-field="${field}"]`);
      await expectVisible(cell('diasRescate').getByText(String(inserted.diasRescate), { exact: true }));
      await expectVisible(cell('diasTranscurridos').getByText('0', { exact: true }));
      await expectVisible(cell('plazoFinanciamiento').getByText(String(inserted.plazoFinanciamiento), { exact: true }));
      await page.mouse.move(1000, 780);
      await screenshot(page, 'layout-days');
      // The day columns sit at the grid's right end: scrolled there, they are in the picture.
      await page.locator('.pp-grid__scroll').evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await screenshot(page, 'layout-days-right');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectVisible(row);
      await screenshot(page, 'layout-days-phone');
    } finally {
      await removeFinancedUnits(financed.map((unit) => unit.id));
    }
  }));
