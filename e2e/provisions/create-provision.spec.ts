import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  FINANCING_MESSAGES,
  MESSAGES,
  PROVISION_WIZARD_MESSAGES,
  provisionCreated,
  provisionUpdated,
} from '@planpiso/domain';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectChosen, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { REPO_ROOT } from '../support/paths';
import {
  PDF,
  XML_INVOICE,
  apiAsPage,
  csvBytes,
  freshVin,
  openOperatingWindow,
  wizardScreenshot,
  type CsvUnitRow,
} from '../support/provisions';

const journey = useBrowser();

const unit = (over: Partial<CsvUnitRow>): CsvUnitRow => ({
  agency: 'León',
  brand: 'Nissan',
  type: 'Versa',
  model: '2027',
  description: 'VERSA ADVANCE CVT 1.6L',
  color: 'Azul Marino Metálico',
  insideColor: 'Gris',
  vin: freshVin(),
  motor: 'HR16-850008E',
  amount: '150000',
  ...over,
});

type Detail = {
  data: {
    id: number;
    folio: string;
    status: number;
    version: number;
    description: string;
    evidences: { fileName: string }[];
    units: { vinNumber: string; agency: string; color: string; amount: string; evidences: { fileName: string }[] }[];
  };
};

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function startWizard(page: Page) {
  await openOperatingWindow();
  await page.setViewportSize({ width: 1366, height: 768 });
  await signedIn(page, DEMO_USERS[5].email);
  await page.goto('/crear-disposicion');
  await expectVisible(page.getByRole('heading', { name: 'Empresa' }));
  // The active company is preselected; the branch is the operator's own.
  await expectChosen(page.getByRole('combobox', { name: 'Empresa' }), 'Autos del Norte');
  await chooseNative(page, 'Representante legal', 'Ramón Representante');
}

/** Confirm → call → result: returns the result's message and accepts it. */
async function confirmAndRead(page: Page): Promise<string> {
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Cancelar' }) });
  await confirm.getByRole('button', { name: 'Aceptar' }).click();
  const result = dialog(page, MESSAGES.actionSucceeded);
  await expectVisible(result);
  const message = (await result.locator('.MuiDialogContent-root').innerText()).trim();
  await result.getByRole('button', { name: 'Aceptar' }).click();
  return message;
}

test('type 5 creates a provision from a windows-1252 CSV with a unit by hand, the PDF annex and an XML invoice; edits it', () =>
  journey('create-provision', async (page) => {
    await startWizard(page);
    await page.getByLabel('Descripción').fill('Lote de León, noviembre');
    await page
      .getByLabel('Anexo (PDF)')
      .setInputFiles({ name: 'anexo firmado.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectVisible(page.getByText('anexo firmado.pdf'));
    await wizardScreenshot(page, 'provision-wizard-1-empresa');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: a file with errors first — refused whole, the messages grouped by row.
    await expectVisible(page.getByRole('heading', { name: 'CSV' }));
    const csvInput = page.getByLabel('Archivo CSV');
    await csvInput.setInputFiles({
      name: 'disposicion-con-errores.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(join(REPO_ROOT, 'docs/samples/disposicion-con-errores.csv')),
    });
    const errors = dialog(page, FINANCING_MESSAGES.csvErrorTitle);
    await expectVisible(errors);
    for (const text of [
      'La fila 3:',
      'La columna MARCA está vacía',
      'La fila 4:',
      'La columna MODELO/YEAR excede el número de caracteres permitidos {4}',
      'La fila 5:',
      FINANCING_MESSAGES.csvColumnCount,
      'La columna VALOR TOTAL no contiene el valor especifico',
    ]) {
      await expectVisible(errors.getByText(text, { exact: true }));
    }
    await wizardScreenshot(page, 'provision-wizard-csv-errors');
    await errors.getByRole('button', { name: 'Aceptar' }).click();
    assert.equal(await page.getByText(/cargadas? de/).count(), 0, 'nothing of the refused file was kept');

    // Then a good one, as Excel writes it on a Spanish Windows.
    const rows = [
      unit({}),
      unit({
        brand: 'Volkswagen',
        type: 'Jetta',
        description: 'JETTA, COMFORTLINE',
        vin: freshVin('3VWCB7BU'),
        amount: '175000.50',
      }),
      unit({ agency: 'Querétaro', brand: 'Kia', type: 'K3', vin: freshVin('3KPF54AD'), amount: '120000' }),
    ];
    await csvInput.setInputFiles({ name: 'unidades león.csv', mimeType: 'text/csv', buffer: csvBytes(rows) });
    await expectVisible(page.getByText('3 unidades cargadas de unidades león.csv'));
    await wizardScreenshot(page, 'provision-wizard-2-csv');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: two lines, so none is preselected; the Nuevos line, the longest term by default.
    await expectVisible(page.getByRole('heading', { name: 'Unidades' }));
    await expectVisible(page.getByRole('cell', { name: 'Azul Marino Metálico' }));
    await chooseNative(page, 'Línea de crédito', /LC-10001-01/);
    await expectChosen(page.getByRole('combobox', { name: 'Plazo' }), 'Plazo - 6');

    const byHand = freshVin('3N1AB8DV');
    await page.getByRole('button', { name: 'Agregar unidad' }).click();
    const form = dialog(page, 'Agregar unidad');
    const typed: Record<string, string> = {
      VIN: byHand,
      Sucursal: 'León',
      Marca: 'Nissan',
      'Tipo de unidad': 'Sentra',
      'Modelo (año)': '2027',
      Descripción: 'SENTRA EXCLUSIVE CVT 2.0L',
      'Color externo': 'Gris Titanio',
      'Color interno': 'Beige',
      Motor: 'MR20-636028D',
      Monto: '99000.25',
    };
    for (const [label, value] of Object.entries(typed)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('button', { name: 'Agregar' }).click();
    await expectVisible(page.getByRole('cell', { name: byHand }));

    // The invoice of the unit typed by hand, as XML evidence.
    await page.getByRole('button', { name: `Evidencias de ${byHand}` }).click();
    const evidences = dialog(page, `Evidencias de la unidad ${byHand}`);
    await evidences
      .getByLabel('Evidencia', { exact: true })
      .setInputFiles({ name: 'factura.xml', mimeType: 'application/xml', buffer: XML_INVOICE });
    await expectVisible(evidences.getByRole('cell', { name: 'factura.xml' }));
    await wizardScreenshot(page, 'provision-wizard-evidence-dialog');
    await evidences.getByRole('button', { name: 'Cerrar' }).click();
    // The dialog fades out (out of the accessibility tree at once, painted a little longer): gone before the shot.
    await page.locator('.MuiDialog-root').waitFor({ state: 'detached' });

    // Every unit fits: all four auto-marked; the total is exact to the cent.
    await expectVisible(page.getByText('4 de 4 unidades seleccionadas'));
    await expectVisible(page.getByText('$544,000.75'));
    await wizardScreenshot(page, 'provision-wizard-3-unidades');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await expectVisible(page.getByRole('heading', { name: 'Requisición finalizada' }));
    await expectVisible(page.getByText('Unidades incluidas (4)'));
    await wizardScreenshot(page, 'provision-wizard-4-resumen');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/provisions') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    const message = await confirmAndRead(page);
    const { data: saved } = (await (await created).json()) as { data: { id: number; folio: string; status: number } };
    assert.equal(message, provisionCreated(saved.folio));
    assert.equal(saved.status, 1);
    await expectPath(page, '/disposiciones');

    const detail = (await apiAsPage<Detail>(page, `/api/provisions/${saved.id}`)).data;
    assert.equal(detail.units.length, 4);
    assert.deepEqual(
      detail.evidences.map((e) => e.fileName),
      ['anexo firmado.pdf'],
    );
    assert.equal(detail.units.find((u) => u.vinNumber === rows[0]!.vin)?.color, 'Azul Marino Metálico');
    assert.equal(detail.units.find((u) => u.vinNumber === rows[0]!.vin)?.agency, 'León');
    assert.deepEqual(
      detail.units.find((u) => u.vinNumber === byHand)?.evidences.map((e) => e.fileName),
      ['factura.xml'],
    );

    // Edit: the same form, prefilled; one unit left out and a new description.
    await page.goto(`/editar-disposicion/${saved.id}`);
    await expectVisible(page.getByRole('heading', { name: `N° de Disposición ${detail.folio}` }));
    await expectVisible(page.getByRole('cell', { name: byHand }));
    await page.getByLabel('Descripción').fill('Lote de León, noviembre (corregido)');
    await page.getByRole('checkbox', { name: `Incluir ${rows[2]!.vin}` }).uncheck();
    await expectVisible(page.getByText('3 de 4 unidades seleccionadas'));
    await wizardScreenshot(page, 'provision-edit');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    assert.equal(await confirmAndRead(page), provisionUpdated(detail.folio));
    await expectPath(page, '/disposiciones');

    const edited = (await apiAsPage<Detail>(page, `/api/provisions/${saved.id}`)).data;
    assert.equal(edited.status, 1);
    assert.equal(edited.description, 'Lote de León, noviembre (corregido)');
    assert.equal(edited.version > detail.version, true);
    assert.deepEqual(
      edited.units.map((u) => u.vinNumber).sort(),
      [rows[0]!.vin, rows[1]!.vin, byHand].sort(),
      'only the ticked units are kept',
    );
  }));

test('type 5 saves and sends a provision to validation in one go (status 2)', () =>
  journey('create-and-send-provision', async (page) => {
    await startWizard(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const rows = [unit({ amount: '80000' }), unit({ vin: freshVin('3KPF54AD'), amount: '90000.10' })];
    await page
      .getByLabel('Archivo CSV')
      .setInputFiles({ name: 'envio.csv', mimeType: 'text/csv', buffer: csvBytes(rows) });
    await expectVisible(page.getByText('2 unidades cargadas de envio.csv'));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await chooseNative(page, 'Línea de crédito', /LC-10001-01/);
    await expectVisible(page.getByText('2 de 2 unidades seleccionadas'));
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/provisions/create-send'));
    await page.getByRole('button', { name: 'Guardar y enviar' }).click();
    const message = await confirmAndRead(page);
    const { data: saved } = (await (await created).json()) as { data: { id: number; folio: string; status: number } };
    assert.equal(message, provisionCreated(saved.folio));
    await expectPath(page, '/disposiciones');
    const detail = (await apiAsPage<Detail>(page, `/api/provisions/${saved.id}`)).data;
    // Sent (2); its validation job may already have taken it on to the lender's validation (3, decision 035).
    assert.ok([2, 3].includes(detail.status), `status ${detail.status}`);
    assert.equal(detail.units.length, 2);

    // A sent provision is no longer editable: the screen says so.
    await page.goto(`/editar-disposicion/${saved.id}`);
    await expectVisible(page.getByText(PROVISION_WIZARD_MESSAGES.notEditable));
  }));
