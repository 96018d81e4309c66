import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { REFINANCING_MESSAGES, REFINANCING_STATUS_NAMES } from '@planpiso/domain';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectVisible, signInAs, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions-list';
import {
  PNG_BYTES,
  pendingSigners,
  refinancingStatus,
  seedJourneyRefinancing,
  type SeededRefinancing,
} from '../support/refinancing-journey';

const journey = useBrowser();

/** The page of the refinancing, loaded (its heading shows the folio users quote). */
async function openDetail(page: Page, refinancing: SeededRefinancing, folio = refinancing.folio): Promise<void> {
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

test('a refinancing from evidence to the CRM: dealer, administrator, operator, e-signature, CRM', async () => {
  const refinancing = await seedJourneyRefinancing();
  const restoreWindow = await openOperatingWindow();
  const manualFolio = String(Date.now()).slice(-9);
  try {
    await journey('refinancing-dealer-evidence', async (page) => {
      await signInAs(page, DEMO_USERS[5].email);
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
      await signInAs(page, DEMO_USERS[2].email);
      await openDetail(page, refinancing);
      await expectVisible(statusChip(page, 3));
      await screenshot(page, 'screenshots/refinancing-detail-3-administrator');
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
      await signInAs(page, DEMO_USERS[3].email);
      await openDetail(page, refinancing);
      const summary = page.getByRole('region', { name: 'Datos del refinanciamiento' });
      await expectVisible(summary.getByText('$0.00', { exact: true }));
      for (const vin of refinancing.vins) await page.getByRole('checkbox', { name: `Incluir ${vin}` }).check();
      await expectVisible(summary.getByText('$97,000.50', { exact: true }));
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
      await signInAs(page, DEMO_USERS[5].email);
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
      await signInAs(page, DEMO_USERS[3].email);
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
      await screenshot(page, 'screenshots/refinancing-detail-8-operator');
    });
  } finally {
    await restoreWindow();
  }
});
