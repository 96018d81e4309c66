import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FINANCING_MESSAGES,
  MESSAGES,
  Money,
  confirmRemoveUnit,
  provisionCreated,
  unitRemoved,
  type UnitUnderReview,
} from '@planpiso/domain';
import { NEW_VEHICLES } from '../../apps/simulators/src/fixtures/index';
import { settle } from '../support/a11y';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectChosen, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { apiAsPage, freshVin, openOperatingWindow, wizardScreenshot } from '../support/provisions';
import { acceptSuccess, gridRow, search } from '../support/screens';
import { acceptSavePrompt, createFromReviewUnits, createReviewUnits, listedProvision } from '../support/units-review';

const journey = useBrowser();
const GRID = 'Unidades en revisión';

test('type 5 filters its units under review, uploads a document, removes one and starts a provision with another', () =>
  journey('units-under-review', async (page) => {
    const kept = NEW_VEHICLES[16]!.vin;
    const removed = NEW_VEHICLES[17]!.vin;
    const comment = 'La factura no corresponde al VIN';
    await createReviewUnits([
      { vin: kept, comment },
      { vin: removed, comment: 'Falta la factura' },
    ]);

    await signedIn(page, DEMO_USERS[5].email);
    await page.goto('/unidades');
    await expectVisible(page.getByRole('heading', { name: GRID }));
    const row = gridRow(page, GRID, kept);
    await expectVisible(row);
    // The spec's columns: amount in en-US thousands, the creation day as dd/MM/yyyy.
    await expectVisible(row.getByText('1,234,567.50', { exact: true }));
    await expectVisible(row.getByText(/^\d{2}\/\d{2}\/\d{4}$/));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'units-review-list');

    // Filter by VIN: only that unit stays.
    await search(page, { VIN: kept.slice(-8) });
    await expectVisible(gridRow(page, GRID, kept));
    await gridRow(page, GRID, removed).waitFor({ state: 'detached' });

    // The lender's comment.
    await row.getByRole('button', { name: `Ver comentario ${kept}` }).click();
    const commentDialog = page.getByRole('dialog', { name: 'Comentario' });
    await expectVisible(commentDialog.getByText(comment, { exact: true }));
    await commentDialog.getByRole('button', { name: 'Cerrar' }).click();
    await commentDialog.waitFor({ state: 'hidden' });

    // Documents: Agregar waits for a file; of two chosen files only the first is sent.
    await row.getByRole('button', { name: `Cargar documentos ${kept}` }).click();
    const documents = page.getByRole('dialog', { name: 'Cargar documentos' });
    const add = documents.getByRole('button', { name: 'Agregar' });
    await expectVisible(documents.getByText(MESSAGES.emptyGrid));
    assert.equal(await add.isDisabled(), true, 'Agregar is disabled until a file is chosen');
    await documents.getByLabel('Archivo').setInputFiles([
      { name: 'tenencia.txt', mimeType: 'text/plain', buffer: Buffer.from('Pago de tenencia 2026\n'.repeat(100)) },
      { name: 'segundo.txt', mimeType: 'text/plain', buffer: Buffer.from('no se envía') },
    ]);
    await add.click();
    const evidenceRow = documents.getByRole('row').filter({ hasText: 'tenencia.txt' });
    await expectVisible(evidenceRow.getByText('2.20 KB', { exact: true }));
    assert.equal(await documents.getByText('segundo.txt').count(), 0, 'only the first file is sent');
    assert.equal(await add.isDisabled(), true, 'Agregar waits for the next file');
    await settle(page);
    await screenshot(page, 'units-review-documents');
    await expectNoAxeViolations(page, '/unidades (Cargar documentos)');
    await evidenceRow.getByRole('button', { name: 'Eliminar tenencia.txt' }).click();
    await evidenceRow.waitFor({ state: 'detached' });
    await documents.getByRole('button', { name: 'Cerrar' }).click();
    await documents.waitFor({ state: 'hidden' });

    // Remover: the confirmation names the VIN; then the spec's message and the row is gone.
    await search(page, { VIN: '' });
    await gridRow(page, GRID, removed)
      .getByRole('button', { name: `Remover ${removed}` })
      .click();
    const confirmation = page.getByRole('dialog', { name: 'Remover' });
    await expectVisible(confirmation.getByText(confirmRemoveUnit(removed), { exact: true }));
    await settle(page);
    await screenshot(page, 'units-review-remove-confirm');
    await confirmation.getByRole('button', { name: 'Aceptar' }).click();
    await acceptSuccess(page, unitRemoved(removed));
    await gridRow(page, GRID, removed).waitFor({ state: 'detached' });

    // Crear Nuevo with nothing ticked: only 'Seleccione al menos una unidad', no buttons to go on.
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    const creation = page.getByRole('dialog', { name: FINANCING_MESSAGES.createProvisionDialogTitle });
    await expectVisible(creation.getByText(MESSAGES.selectAtLeastOneUnit, { exact: true }));
    assert.equal(await creation.getByRole('button', { name: 'Aceptar' }).count(), 0);
    await settle(page);
    await screenshot(page, 'units-review-create-none');
    await creation.getByRole('button', { name: 'Cerrar' }).click();
    await creation.waitFor({ state: 'hidden' });

    // Tick a unit; Crear Nuevo asks to include it and opens the wizard with it in the router state.
    await gridRow(page, GRID, kept)
      .getByRole('checkbox', { name: `Incluir ${kept}` })
      .check();
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectVisible(creation.getByText(FINANCING_MESSAGES.includeSelectedUnits, { exact: true }));
    await expectVisible(creation.getByText(kept, { exact: true }));
    await settle(page);
    await screenshot(page, 'units-review-create');
    await expectNoAxeViolations(page, '/unidades (Creación de disposición)');
    await creation.getByRole('button', { name: 'Aceptar' }).click();
    await expectPath(page, '/crear-disposicion');
    const state = await page.evaluate(
      () => (window.history.state as { usr?: { reviewUnits?: UnitUnderReview[] } } | null)?.usr?.reviewUnits,
    );
    assert.deepEqual(
      state?.map((unit) => [unit.vinNumber, unit.amount, unit.comment]),
      [[kept, '1234567.50', comment]],
    );
  }));

type SavedProvision = { data: { id: number; folio: string; status: number; total: string } };
type ProvisionDetail = {
  data: {
    id: number;
    folio: string;
    status: number;
    creditLine: string;
    total: string;
    units: { id: number; vinNumber: string; amount: string }[];
  };
};

test('type 5 creates a provision from units under review', () =>
  journey('provision-from-units-under-review', async (page) => {
    // Its own units, amounts that fit the line beside what other journeys reserve on it; one stays in review.
    const [first, second, left] = [freshVin(), freshVin('3KPF54AD'), freshVin('3VWCB7BU')];
    await createReviewUnits([
      { vin: first, comment: 'Falta la tarjeta de circulación', amount: '85000.00' },
      { vin: second, comment: 'Factura sin sello', amount: '61000.25' },
      { vin: left, comment: 'Sigue en revisión', amount: '70000.00' },
    ]);
    await openOperatingWindow();
    await page.setViewportSize({ width: 1366, height: 768 });
    await signedIn(page, DEMO_USERS[5].email);
    await page.goto('/unidades');
    await expectVisible(gridRow(page, GRID, left));
    await createFromReviewUnits(page, [first, second]);

    // Review mode: one page, no stepper and no way back; the chosen units and nothing else.
    const wizard = page.getByRole('region', { name: 'Crear disposición' });
    await expectVisible(wizard.getByRole('heading', { name: 'Empresa' }));
    await expectVisible(wizard.getByRole('heading', { name: 'Unidades' }));
    assert.equal(await page.getByRole('list', { name: 'Pasos de la disposición' }).count(), 0, 'no stepper');
    assert.equal(await wizard.getByRole('button', { name: 'Regresar' }).count(), 0, 'no back button');
    assert.equal(await wizard.getByRole('button', { name: 'Siguiente' }).count(), 0);
    assert.equal(await wizard.getByRole('heading', { name: 'CSV' }).count(), 0, 'no CSV in review mode');
    await expectVisible(wizard.getByRole('cell', { name: first }));
    await expectVisible(wizard.getByRole('cell', { name: second }));
    assert.equal(await wizard.getByRole('cell', { name: left }).count(), 0);

    await expectChosen(page.getByRole('combobox', { name: 'Empresa' }), 'Autos del Norte');
    await chooseNative(page, 'Representante legal', 'Ramón Representante');
    // Two lines for this client: none preselected; the Nuevos line, the longest term by default.
    await chooseNative(page, 'Línea de crédito', /LC-10001-01/);
    await expectChosen(page.getByRole('combobox', { name: 'Plazo' }), 'Plazo - 6');
    await expectVisible(wizard.getByText('2 de 2 unidades seleccionadas'));
    await expectVisible(wizard.getByText('$146,000.25'));
    await page.mouse.move(1300, 20);
    await wizardScreenshot(page, 'provision-review-mode');
    await expectNoAxeViolations(page, '/crear-disposicion (review mode)');

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/provisions/create/withUnitsExistits') && r.request().method() === 'POST',
    );
    await wizard.getByRole('button', { name: 'Guardar', exact: true }).click();
    await acceptSavePrompt(page);
    const { data: saved } = (await (await created).json()) as SavedProvision;
    await acceptSuccess(page, provisionCreated(saved.folio));
    assert.equal(saved.status, 1);
    await expectPath(page, '/disposiciones');

    // The list shows the new folio with its two units; the provision holds exactly the ticked units.
    const listed = listedProvision(page, saved.folio);
    await expectVisible(listed);
    await expectVisible(listed.getByRole('gridcell', { name: '2', exact: true }));
    const detail = (await apiAsPage<ProvisionDetail>(page, `/api/provisions/${saved.id}`)).data;
    assert.equal(detail.creditLine, 'LC-10001-01');
    assert.deepEqual(
      detail.units.map((u) => [u.vinNumber, Money.of(u.amount).toDecimalString()]).sort(),
      [
        [first, '85000.00'],
        [second, '61000.25'],
      ].sort(),
    );
    assert.equal(Money.of(detail.total).toDecimalString(), '146000.25');

    // Back on /unidades: the two are no longer under review; the one left out still is.
    await page.goto('/unidades');
    await expectVisible(gridRow(page, GRID, left));
    assert.equal(await gridRow(page, GRID, first).count(), 0);
    assert.equal(await gridRow(page, GRID, second).count(), 0);
  }));
