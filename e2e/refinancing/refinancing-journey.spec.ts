import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { LAYOUT_MESSAGES, MESSAGES, REFINANCING_MESSAGES, REFINANCING_STATUS_NAMES } from '@planpiso/domain';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, eventually, expectVisible, signedIn, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions-list';
import {
  JOURNEY_CREDITS,
  JOURNEY_PROVISION_LINE,
  JOURNEY_REFINANCING_LINE,
  PNG_BYTES,
  pendingSigners,
  refinancingStatus,
  seedJourneyUnits,
} from '../support/refinancing-journey';
import { unitsRefinancing } from '../support/layout';
import { openRefinanceableUnits } from '../support/refinancing';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();

type JourneyRefinancing = { id: number; folio: string; vins: string[] };

const { sold: SOLD, edited: EDITED, retermed: RETERMED } = JOURNEY_CREDITS;
const UNITS_GRID = 'Unidades para refinanciar';

/** The page of the refinancing, loaded (its heading shows the folio users quote). */
async function openDetail(page: Page, refinancing: JourneyRefinancing, folio = refinancing.folio): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/refinanciamientos/${refinancing.id}`);
  await expectVisible(page.getByRole('heading', { name: `N° de Refinanciamiento ${folio}` }));
}

const actions = (page: Page) => page.getByRole('region', { name: 'Acciones' });

/** The confirm dialog's Aceptar, then the result dialog: its message, accepted. */
async function confirmAndExpect(page: Page, message: string | RegExp): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
  await acceptResult(page, message);
}

async function acceptResult(page: Page, message: string | RegExp): Promise<void> {
  const result = page.getByRole('dialog').filter({ hasText: 'Acción realizada exitosamente' });
  await expectVisible(result.getByText(message));
  await result.getByRole('button', { name: 'Aceptar' }).click();
  await result.waitFor({ state: 'hidden' });
}

const statusChip = (page: Page, status: keyof typeof REFINANCING_STATUS_NAMES): Locator =>
  page.getByText(REFINANCING_STATUS_NAMES[status], { exact: true });

/** One figure of the detail's 'Datos del refinanciamiento' (its dt's dd). */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Datos del refinanciamiento' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The page at desktop (1440×900) and at 390×844, both under artifacts/screenshots/. */
async function shotBothWidths(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `screenshots/${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `screenshots/${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

// Issue 19's journey, whole: the administrator's layout makes financed units refinanceable; the dealer marks one sold,
// changes a term, creates a refinancing of two and uploads their evidences; the administrator validates them; the
// operator accepts with a manual folio; the documents are signed at the e-signature simulator; the operator sends it
// to the CRM.
test('a refinancing from the layout to the CRM: administrator, dealer, operator, e-signature, CRM', async () => {
  const units = await seedJourneyUnits();
  const restoreWindow = await openOperatingWindow();
  const manualFolio = String(Date.now()).slice(-9);
  try {
    await journey('refinancing-administrator-layout', async (page) => {
      await signedIn(page, DEMO_USERS[2].email);
      await page.goto('/layout');
      await page.getByLabel(LAYOUT_MESSAGES.monthsField, { exact: true }).fill('3');
      await page.getByRole('button', { name: 'Buscar' }).click();
      for (const credit of Object.values(JOURNEY_CREDITS)) {
        const row = gridRow(page, 'Layout', credit.noCredito);
        await expectVisible(row.getByRole('gridcell', { name: String(credit.term), exact: true }));
      }

      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel(`Plazo sugerido ${EDITED.vin}`).selectOption('3');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expectVisible(gridRow(page, 'Layout', EDITED.noCredito).getByRole('gridcell', { name: '3', exact: true }));

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Descargar' }).click();
      const download = await downloading;
      await acceptSuccess(page, LAYOUT_MESSAGES.downloaded);
      const file = join(mkdtempSync(join(tmpdir(), 'planpiso-e2e-refin-layout-')), 'layout.xlsx');
      await download.saveAs(file);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const rows = (workbook.getWorksheet('Layout')!.getSheetValues().filter(Boolean) as unknown[][]).map((r) =>
        r.slice(1),
      );
      const termAt = rows[0]!.indexOf('Plazo sugerido');
      const termOf = (credit: { noCredito: string; vin: string }) =>
        rows.find((r) => r[0] === credit.noCredito && r[6] === credit.vin)?.[termAt];
      assert.equal(termOf(EDITED), 3, 'the edited term is in the spreadsheet');
      assert.equal(termOf(SOLD), SOLD.term);
      assert.equal(termOf(RETERMED), RETERMED.term);

      await page.getByRole('button', { name: 'Aplicar' }).click();
      await confirm(page, LAYOUT_MESSAGES.confirmApply);
      await acceptSuccess(page, LAYOUT_MESSAGES.applied);
      // Aplicar stores each row's term and makes the units refinanceable.
      const stored = await unitsRefinancing(units.map((u) => u.id));
      const storedOf = (vin: string) => {
        const unit = stored.find((u) => u.id === units.find((seeded) => seeded.vin === vin)!.id)!;
        return { deadlines: unit.deadlines, canRefinance: unit.canRefinance };
      };
      assert.deepEqual(
        [SOLD, EDITED, RETERMED].map((credit) => storedOf(credit.vin)),
        [
          { deadlines: SOLD.term, canRefinance: true },
          { deadlines: 3, canRefinance: true },
          { deadlines: RETERMED.term, canRefinance: true },
        ],
      );
    });

    // Filled in once the dealer has created it.
    const refinancing: JourneyRefinancing = { id: 0, folio: '', vins: [EDITED.vin, RETERMED.vin] };
    // What the create page showed (issue 26: the detail must show the same figures, by the same rule).
    const createPage = { available: '', remaining: '', total: '' };
    await journey('refinancing-dealer-creates', async (page) => {
      await signedIn(page, DEMO_USERS[5].email);
      await openRefinanceableUnits(page, JOURNEY_PROVISION_LINE);
      const row = (credit: { vin: string }) => gridRow(page, UNITS_GRID, credit.vin);
      await expectVisible(row(SOLD).getByRole('gridcell', { name: String(SOLD.term), exact: true }));
      await expectVisible(row(EDITED).getByRole('gridcell', { name: '3', exact: true }));
      await expectVisible(row(RETERMED).getByRole('gridcell', { name: String(RETERMED.term), exact: true }));

      // Vendido: the unit leaves the not-sold list.
      await row(SOLD)
        .getByRole('switch', { name: `Vendido ${SOLD.vin}` })
        .click();
      const soldDialog = page.getByRole('dialog', { name: 'Vendido' });
      await soldDialog.getByRole('button', { name: 'Aceptar' }).click();
      await acceptSuccess(page, REFINANCING_MESSAGES.unitUpdated(SOLD.vin));
      await row(SOLD).waitFor({ state: 'detached' });

      // Actualizar: the term 1 → 3, the edited unit's, so the two may be ticked together.
      await row(RETERMED)
        .getByRole('button', { name: `Actualizar ${RETERMED.vin}` })
        .click();
      const termDialog = page.getByRole('dialog', { name: REFINANCING_MESSAGES.termDialogTitle });
      await termDialog.getByRole('combobox').click();
      await page.getByRole('option', { name: 'Plazo - 3' }).click();
      await termDialog.getByRole('button', { name: 'Guardar' }).click();
      await acceptSuccess(page, REFINANCING_MESSAGES.unitUpdated(RETERMED.vin));
      await expectVisible(row(RETERMED).getByRole('gridcell', { name: '3', exact: true }));

      await page.getByRole('checkbox', { name: `Incluir ${EDITED.vin}` }).check();
      await page.getByRole('checkbox', { name: `Incluir ${RETERMED.vin}` }).check();
      await page.getByRole('button', { name: 'Crear Nuevo' }).click();
      const create = page.getByRole('dialog', { name: REFINANCING_MESSAGES.createDialogTitle });
      await expectVisible(create.getByText(RETERMED.vin, { exact: true }));
      await create.getByRole('button', { name: 'Aceptar' }).click();

      await page.waitForURL((url) => url.pathname === '/crear-refinanciamiento');
      await chooseNative(page, /Línea de crédito/, new RegExp(JOURNEY_REFINANCING_LINE));
      await chooseNative(page, /Representante legal/, `${DEMO_USERS[4].firstname} ${DEMO_USERS[4].lastname}`.trim());
      await page.getByRole('radio', { name: 'Si' }).check();
      await expectVisible(page.getByTestId('total').getByText('$5,000.50', { exact: true }));
      createPage.available = (await page.getByTestId('available').innerText()).trim();
      createPage.remaining = (await page.getByTestId('remaining').innerText()).trim();
      createPage.total = (await page.getByTestId('total').innerText()).trim();
      await shotBothWidths(page, 'refinancing-create-page');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page
        .getByRole('dialog', { name: REFINANCING_MESSAGES.confirmCreateTitle })
        .getByRole('button', { name: 'Aceptar' })
        .click();
      const result = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
      await expectVisible(result);
      const folio = /folio (\S+) generado/.exec(await result.innerText())?.[1];
      assert.ok(folio, 'the result names the folio');
      await acceptSuccess(page, REFINANCING_MESSAGES.created(folio));
      await page.waitForURL((url) => /^\/refinanciamientos\/\d+$/.test(url.pathname));
      refinancing.id = Number(new URL(page.url()).pathname.split('/').pop());
      refinancing.folio = folio;
    });

    await journey('refinancing-dealer-evidence', async (page) => {
      await signedIn(page, DEMO_USERS[5].email);
      await openDetail(page, refinancing);
      await expectVisible(statusChip(page, 1));
      await expectVisible(actions(page).getByRole('button', { name: 'Evidencia completa' }));
      assert.equal(await page.getByRole('button', { name: 'Enviar a FinBe' }).count(), 0);
      await expectNoAxeViolations(page, '/refinanciamientos/:id (dealer, Creada)');
      await screenshot(page, 'screenshots/refinancing-detail-1-dealer');

      for (const [index, vin] of refinancing.vins.entries()) {
        await page.getByRole('button', { name: `Cargar Evidencia ${vin}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Cargar Evidencia' });
        await expectVisible(dialog.getByText(vin));
        await dialog
          .getByLabel('Archivo de evidencia')
          .setInputFiles({ name: `evidencia-${index + 1}.png`, mimeType: 'image/png', buffer: PNG_BYTES });
        await expectVisible(dialog.getByText(`evidencia-${index + 1}.png`));
        // The upload is done once the detail (its evidence count) is read again and the button is back.
        const add = dialog.getByRole('button', { name: 'Agregar evidencia' });
        await eventually(() => add.isEnabled(), true);
        // Its colours fade back from the disabled ones (a CSS transition): axe judges them once settled.
        await add.evaluate((button) => Promise.all(button.getAnimations().map((a) => a.finished)));
        if (index === 0) {
          await expectNoAxeViolations(page, 'Cargar Evidencia');
          await screenshot(page, 'screenshots/refinancing-evidence-dialog');
        }
        await dialog.getByRole('button', { name: 'Cerrar' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }

      await actions(page).getByRole('button', { name: 'Evidencia completa' }).click();
      await confirmAndExpect(page, /.+/);
      await expectVisible(statusChip(page, 3));
      assert.equal(await refinancingStatus(refinancing.id), 3);
      // The dealer's evidence may no longer change: the dialog only shows it.
      await page.getByRole('button', { name: `Evidencia ${refinancing.vins[0]}` }).click();
      await expectVisible(page.getByRole('dialog', { name: 'Evidencia' }).getByText('evidencia-1.png'));
    });

    await journey('refinancing-administrator-validates', async (page) => {
      await signedIn(page, DEMO_USERS[2].email);
      await openDetail(page, refinancing);
      await expectVisible(statusChip(page, 3));
      await screenshot(page, 'screenshots/refinancing-detail-3-administrator');
      // Issue 26: the create page's figures, labels and rule — remaining = available − total, never above it.
      assert.equal((await figure(page, 'Saldo disponible').innerText()).trim(), createPage.available);
      assert.equal((await figure(page, 'Monto total').innerText()).trim(), createPage.total);
      assert.equal((await figure(page, 'Saldo restante').innerText()).trim(), createPage.remaining);
      await shotBothWidths(page, 'refinancing-detail-balances');
      await actions(page).getByRole('button', { name: 'Validar unidades' }).click();
      const dialog = page.getByRole('dialog', { name: 'Validar unidades' });
      for (const vin of refinancing.vins) {
        const unit = dialog.getByRole('region', { name: `Unidad ${vin}` });
        await expectVisible(unit.getByText(REFINANCING_MESSAGES.evidencesQuestion));
        await unit.getByRole('radio', { name: 'Sí' }).check();
      }
      await expectNoAxeViolations(page, 'Validar unidades');
      await screenshot(page, 'screenshots/refinancing-validate-units-dialog');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await acceptResult(page, REFINANCING_MESSAGES.unitsUpdated);
      await expectVisible(page.getByRole('img', { name: 'Admin. FinBe: válida' }));

      await actions(page).getByRole('button', { name: 'Confirmar' }).click();
      await confirmAndExpect(page, /.+/);
      // Every unit said Sí: it stays at 3, now waiting for the operator; the administrator's buttons are gone.
      await expectVisible(statusChip(page, 3));
      assert.equal(await actions(page).getByRole('button', { name: 'Confirmar' }).count(), 0);
    });

    await journey('refinancing-operator-accepts', async (page) => {
      await signedIn(page, DEMO_USERS[3].email);
      await openDetail(page, refinancing);
      const summary = page.getByRole('region', { name: 'Datos del refinanciamiento' });
      await expectVisible(summary.getByText('$0.00', { exact: true }));
      for (const vin of refinancing.vins) await page.getByRole('checkbox', { name: `Incluir ${vin}` }).check();
      await expectVisible(summary.getByText('$5,000.50', { exact: true }));
      await page.getByRole('switch', { name: 'Folio manual' }).check();
      await page.getByRole('textbox', { name: 'Número de folio manual' }).fill(manualFolio);
      await expectNoAxeViolations(page, '/refinanciamientos/:id (operator accepting)');
      await screenshot(page, 'screenshots/refinancing-detail-3-operator');
      await actions(page).getByRole('button', { name: 'Aceptar' }).click();
      await confirmAndExpect(page, /.+/);
      await expectVisible(page.getByRole('heading', { name: `N° de Refinanciamiento ${manualFolio}` }));
      await expectVisible(statusChip(page, 4));
      assert.equal(await refinancingStatus(refinancing.id), 4);
    });

    await journey('refinancing-dealer-sends-to-sign', async (page) => {
      await signedIn(page, DEMO_USERS[5].email);
      await openDetail(page, refinancing, manualFolio);
      await actions(page).getByRole('button', { name: 'Enviar a firma' }).click();
      await confirmAndExpect(page, /.+/);
      await expectVisible(statusChip(page, 5));
      await expectVisible(page.getByRole('heading', { name: 'Documentos firmados' }));
      await expectVisible(page.getByText('Enviado a firma', { exact: true }));
    });

    // Every signer signs at the e-signature simulator, from their own sign link: 5 → 6 → 7 by its webhooks.
    const signers = await pendingSigners(refinancing.id);
    assert.ok(signers.length > 0, 'the document went out with signers');
    for (const signer of signers) {
      const signed = await fetch(signer.signUrl, { method: 'POST', headers: { accept: 'application/json' } });
      assert.equal(signed.status, 200);
    }
    await eventually(() => refinancingStatus(refinancing.id), 7, 15_000);

    await journey('refinancing-operator-sends-to-crm', async (page) => {
      await signedIn(page, DEMO_USERS[3].email);
      await openDetail(page, refinancing, manualFolio);
      await expectVisible(statusChip(page, 7));
      await expectVisible(page.getByText('Firmado', { exact: true }));
      await expectVisible(actions(page).getByRole('button', { name: 'Liberar' }));
      await actions(page).getByRole('button', { name: 'Enviar a CRM' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enviar a CRM' });
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await acceptResult(page, 'Las unidades fueron enviadas a CRM');
      await expectVisible(statusChip(page, 8));
      assert.equal(await refinancingStatus(refinancing.id), 8);
      assert.equal(await actions(page).getByRole('button', { name: 'Enviar a CRM' }).count(), 0);
      // The page's top, as a user lands on it (the fixed header would otherwise be drawn where it was scrolled to).
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'screenshots/refinancing-detail-8-operator');
    });
  } finally {
    await restoreWindow();
  }
});
