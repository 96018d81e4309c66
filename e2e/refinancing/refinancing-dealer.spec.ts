import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { MESSAGES, REFINANCING_MESSAGES as M } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectVisible, signedIn, useBrowser } from '../support/journey';
import { REFINANCING_E2E_LINE, createRefinanceableUnits, openRefinanceableUnits } from '../support/refinancing';
import { acceptSuccess, gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Unidades para refinanciar';
/** Small amounts: the refinancing reserves its total on the demo line it is created on. */
const UNITS = {
  retermed: { vin: 'E2EREFIN000000001', deadlines: 2, amount: '1000.25' },
  kept: { vin: 'E2EREFIN000000002', deadlines: 3, amount: '2000.50' },
  sold: { vin: 'E2EREFIN000000003', deadlines: 3, amount: '3000.00' },
};

async function shot(page: Page, name: string) {
  mkdirSync('artifacts/screenshots', { recursive: true });
  await settle(page);
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
}

test('type 5 marks a unit sold, changes a term, ticks two units and creates a refinancing', () =>
  journey('refinancing-dealer', async (page) => {
    await createRefinanceableUnits(Object.values(UNITS));
    await signedIn(page, DEMO_USERS[5].email);
    await openRefinanceableUnits(page, REFINANCING_E2E_LINE);
    await expectVisible(gridRow(page, GRID, UNITS.sold.vin));
    await shot(page, 'refinancing-units');

    // Vendido: the unit leaves the not-sold list.
    await gridRow(page, GRID, UNITS.sold.vin)
      .getByRole('switch', { name: `Vendido ${UNITS.sold.vin}` })
      .click();
    const soldDialog = page.getByRole('dialog', { name: 'Vendido' });
    await expectVisible(soldDialog.getByText(M.confirmSold(UNITS.sold.vin, true), { exact: true }));
    await soldDialog.getByRole('button', { name: 'Aceptar' }).click();
    await acceptSuccess(page, M.unitUpdated(UNITS.sold.vin));
    await gridRow(page, GRID, UNITS.sold.vin).waitFor({ state: 'detached' });

    // Two terms cannot be ticked together: the rule's message, until the term is changed.
    await page.getByRole('checkbox', { name: `Incluir ${UNITS.kept.vin}` }).check();
    await page.getByRole('checkbox', { name: `Incluir ${UNITS.retermed.vin}` }).click();
    await expectVisible(page.getByText(M.mixedTerms, { exact: true }));
    await page.getByRole('checkbox', { name: `Incluir ${UNITS.kept.vin}` }).uncheck();

    // Actualizar: the term 2 → 3 (a term must be chosen).
    await gridRow(page, GRID, UNITS.retermed.vin)
      .getByRole('button', { name: `Actualizar ${UNITS.retermed.vin}` })
      .click();
    const termDialog = page.getByRole('dialog', { name: M.termDialogTitle });
    await termDialog.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(termDialog.getByText(M.termRequired, { exact: true }));
    await termDialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Plazo - 3' }).click();
    await termDialog.getByRole('button', { name: 'Guardar' }).click();
    await acceptSuccess(page, M.unitUpdated(UNITS.retermed.vin));
    await expectVisible(gridRow(page, GRID, UNITS.retermed.vin).getByRole('gridcell', { name: '3', exact: true }));

    await page.getByRole('checkbox', { name: `Incluir ${UNITS.retermed.vin}` }).check();
    await page.getByRole('checkbox', { name: `Incluir ${UNITS.kept.vin}` }).check();
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    const create = page.getByRole('dialog', { name: M.createDialogTitle });
    await expectVisible(create.getByText(M.includeSelectedUnits, { exact: true }));
    await expectVisible(create.getByText(UNITS.kept.vin, { exact: true }));
    await shot(page, 'refinancing-create-dialog');
    await create.getByRole('button', { name: 'Aceptar' }).click();

    await page.waitForURL((url) => url.pathname === '/crear-refinanciamiento');
    await chooseNative(page, /Línea de crédito/, /LC-10001-02/);
    await chooseNative(page, /Representante legal/, 'Ramón Representante');
    await expectVisible(page.getByTestId('total').getByText('$3,000.75', { exact: true }));
    // Issue 26: created with evidences = No, the dealer is then offered no upload.
    await page.getByRole('radio', { name: 'No' }).check();
    const createdAvailable = (await page.getByTestId('available').innerText()).trim();
    await shot(page, 'refinancing-create-page');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const confirmDialog = page.getByRole('dialog', { name: M.confirmCreateTitle });
    await confirmDialog.getByRole('button', { name: 'Aceptar' }).click();

    const result = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
    await expectVisible(result);
    const text = await result.innerText();
    const folio = /folio (\S+) generado/.exec(text)?.[1];
    assert.ok(folio, `the result names the folio: ${text}`);
    await acceptSuccess(page, M.created(folio));
    await page.waitForURL((url) => /^\/refinanciamientos\/\d+$/.test(url.pathname));

    // The detail: the create page's available balance (one rule, issue 26); evidences not requested, so no
    // 'Cargar Evidencia' for the dealer (spec 3 §4: type 5 uploads only when required) — only the view.
    await expectVisible(page.getByRole('heading', { name: `N° de Refinanciamiento ${folio}` }));
    const data = page.getByRole('region', { name: 'Datos del refinanciamiento' });
    const available = data.locator('dt', { hasText: /^Saldo disponible$/ }).locator('xpath=following-sibling::dd[1]');
    assert.equal((await available.innerText()).trim(), createdAvailable);
    await expectVisible(page.getByRole('button', { name: `Evidencia ${UNITS.kept.vin}` }));
    assert.equal(await page.getByRole('button', { name: /^Cargar Evidencia/ }).count(), 0);
    await expectVisible(page.getByRole('button', { name: 'Enviar a FinBe' }));
    await shot(page, 'refinancing-detail-no-evidences');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'refinancing-detail-no-evidences-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto(`/refinanciamientos?folio=${folio}`);
    const row = gridRow(page, 'Refinanciamientos', folio);
    await expectVisible(row.getByRole('gridcell', { name: '3,000.75', exact: true }));
    await expectVisible(row.getByRole('gridcell', { name: 'Creada', exact: true }));
    await page.goto('/refinanciamientos');
    await expectVisible(gridRow(page, 'Refinanciamientos', folio));
    await shot(page, 'refinancing-list');
  }));
