import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { LAYOUT_MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signInAs, useBrowser } from '../support/journey';
import { createFinancedUnits, unitsRefinancing } from '../support/layout';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Layout';
/** The CRM's credits of client 10001 (its date is 2026-11-16): CRE-0001103 due in 57 days → 2 months. */
const TWO_MONTHS = { vin: 'JTDB4MEE3PJ363471', noCredito: 'CRE-0001103' };
/** CRE-0001454, due in 69 days, under audit → N/A. */
const AUDITED = { vin: 'JTDB4MEE0PJ363654', noCredito: 'CRE-0001454' };

/** DD-MM-YYYY of today in Mexico City (the file's name). */
function layoutDay(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' })
    .format(new Date())
    .split('-');
  return `${day}-${month}-${year}`;
}

test('type 2 generates the layout, edits a term, downloads it and applies it', () =>
  journey('layout-type-2', async (page) => {
    const units = await createFinancedUnits([TWO_MONTHS.vin, AUDITED.vin]);
    const twoMonthsId = units.find((u) => u.vin === TWO_MONTHS.vin)!.id;

    await signInAs(page, DEMO_USERS[2].email);
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
    await page.waitForTimeout(300);
    await screenshot(page, 'layout-type-2-editing');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(row.getByRole('gridcell', { name: '4', exact: true }));
    await page.mouse.move(1000, 780);
    await page.waitForTimeout(300);
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
