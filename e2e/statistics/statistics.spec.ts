import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { BUSINESS_TIME_ZONE, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { ARTIFACTS_DIR } from '../support/paths';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

/** Mexico City's today as the report names it: DD-MM-YYYY. */
function reportDay(): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE })
    .format(new Date())
    .split('-');
  return `${day}-${month}-${year}`;
}

test('type 3 draws the 12-month statistics chart for a customer and downloads its landscape PDF', () =>
  journey('statistics', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/estadisticas-disposiciones');

    // Once the customers load: 'Búsqueda' / 'Ingrese información de búsqueda'.
    const hint = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.statisticsSearchTitle, exact: true });
    await expectVisible(hint.getByText(CONFIGURATION_MESSAGES.statisticsSearchHint, { exact: true }));
    await hint.getByRole('button', { name: 'Aceptar' }).click();
    await hint.waitFor({ state: 'hidden' });

    const bar = page.getByRole('search');
    await expectVisible(bar.getByText(CONFIGURATION_MESSAGES.statisticsCustomerPlaceholder, { exact: true }));
    await bar.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('option', { name: 'Autos del Norte (10001)' }).click();
    await bar.getByRole('button', { name: 'Buscar' }).click();

    const chart = page.getByRole('figure', { name: CONFIGURATION_MESSAGES.statisticsChartTitle });
    await expectVisible(chart);
    await expectVisible(chart.locator('svg').first());
    await expectVisible(chart.getByText('Monto promedio', { exact: true }));
    const table = page.getByRole('table', { name: 'Disposiciones por mes' });
    assert.equal(await table.getByRole('row').count(), 13, 'a header and 12 months');
    // The demo seed has provisions in every one of the last 12 months.
    const counts = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    assert.ok(
      counts.every((count) => Number(count) > 0),
      `every month has provisions: ${counts.join(', ')}`,
    );
    await page.mouse.move(1000, 790);
    await settle(page);
    await screenshot(page, 'statistics');

    await page.getByRole('button', { name: 'Descargar' }).click();
    const ask = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.statisticsDownloadTitle, exact: true });
    await expectVisible(ask.getByText(CONFIGURATION_MESSAGES.statisticsDownloadConfirm, { exact: true }));
    const downloading = page.waitForEvent('download');
    await ask.getByRole('button', { name: 'Aceptar' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), `Estadísticas de disposiciones (${reportDay()}).pdf`);
    const done = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.statisticsDownloadedTitle, exact: true });
    await expectVisible(done.getByText(CONFIGURATION_MESSAGES.statisticsDownloaded, { exact: true }));

    const dir = mkdtempSync(join(tmpdir(), 'planpiso-e2e-pdf-'));
    const file = join(dir, 'informe.pdf');
    await download.saveAs(file);
    const pdf = await PDFDocument.load(readFileSync(file));
    const { width, height } = pdf.getPage(0).getSize();
    assert.ok(width > height, `the first page is landscape (${width} × ${height})`);
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    assert.ok(text.includes('Autos del Norte'), 'the report names the customer');
    assert.ok(text.includes(CONFIGURATION_MESSAGES.statisticsChartTitle), 'and carries the chart’s title');
    // The first page as a picture, for a person to look at.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(ARTIFACTS_DIR, 'statistics-pdf'),
    ]);
  }));
