import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { FINANCED_UNIT_MESSAGES as M, PROVISION_STATUS, businessClock } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_USERS } from '../support/demo';
import { createProvisionAt } from '../support/follow-up';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { PDF, openOperatingWindow, wizardScreenshot } from '../support/provisions';
import { typeDate } from '../support/screens';

const journey = useBrowser();

/** The signed-in page's own POST (the session's bearer token): Liberar as the lender's operator would click it. */
async function postAsPage(page: Page, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ([url, payload]) => {
      const token = localStorage.getItem('aws');
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, text: await response.text() };
    },
    [path, body] as const,
  );
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Unidades financiadas' });

test('a released provision’s units appear in the dealer’s register; Reportar venta makes one Vendida (por liquidar)', () =>
  journey('financed-units-register', async (page) => {
    // Liberar keeps the operating hours: open them whatever time the run has.
    await openOperatingWindow();
    // Signed, then released by the account's operator (type 3): Liberar is what puts units in the register.
    const signed = await createProvisionAt(PROVISION_STATUS.SIGNED, [{ amount: '185000.00' }, { amount: '99000.50' }]);
    await signedIn(page, DEMO_USERS[3].email);
    const released = await postAsPage(page, `/api/provisions/${signed.id}/release`, { version: 4 });
    assert.equal(released.status, 200, released.text);

    // Signed out (the session is the page's storage), then in as the dealer's operator.
    await page.evaluate(() => localStorage.clear());
    await signedIn(page, DEMO_USERS[5].email);
    await page.goto(`/unidades-financiadas?vin=${signed.vins[0]}`);
    await expectVisible(page.getByRole('heading', { name: 'Unidades financiadas', level: 1 }));
    await expectVisible(grid(page).getByRole('link', { name: signed.vins[0]! }));
    await expectVisible(grid(page).getByText('185,000.00', { exact: true }));
    await expectVisible(grid(page).getByText('Vigente', { exact: true }));
    await page.goto('/unidades-financiadas');
    await expectVisible(grid(page).getByRole('link', { name: signed.vins[1]! }));
    await settle(page);
    await wizardScreenshot(page, 'financed-units-list-type-5');
    await expectNoAxeViolations(page, '/unidades-financiadas (type 5)');

    await grid(page).getByRole('link', { name: signed.vins[0]! }).click();
    await expectVisible(page.getByRole('list', { name: 'Historial' }).getByText(M.eventKinds.released));
    await settle(page);
    await wizardScreenshot(page, 'financed-units-detail-type-5');
    await expectNoAxeViolations(page, '/unidades-financiadas/:id (type 5, Vigente)');

    await page.getByRole('button', { name: M.reportSale }).click();
    const dialog = page.getByRole('dialog', { name: M.reportSale });
    const today = businessClock(new Date()).day;
    await typeDate(page, dialog, /Fecha de venta/, today);
    // The buyer's evidence, uploaded as a unit's evidence and named by its file id.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'factura-venta.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expectVisible(dialog.getByText('factura-venta.pdf', { exact: true }));
    await settle(page);
    await wizardScreenshot(page, 'financed-units-report-sale-dialog');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const result = page.getByRole('dialog', { name: 'Acción realizada exitosamente' });
    await expectVisible(result.getByText(M.saleReported(signed.vins[0]!)));
    await result.getByRole('button', { name: 'Aceptar' }).click();
    // The sale's notice reaches the dealer live too (decision 080): closed here, so axe reads the page itself.
    const toast = page.getByRole('alert').filter({ hasText: signed.vins[0]! });
    await expectVisible(toast);
    await toast.getByRole('button', { name: 'Cerrar notificación' }).click();
    await toast.waitFor({ state: 'detached' });

    await expectVisible(page.getByText('Vendida (por liquidar)', { exact: true }));
    await expectVisible(page.getByRole('list', { name: 'Historial' }).getByText(M.eventKinds.sold));
    assert.equal(await page.getByRole('button', { name: M.reportSale }).count(), 0, 'a sold unit is reported once');
    await expectVisible(page.getByRole('button', { name: M.saleEvidenceOpen }));
    await settle(page);
    await wizardScreenshot(page, 'financed-units-detail-sold');
    await expectNoAxeViolations(page, '/unidades-financiadas/:id (type 5, Vendida)');

    // The register says it too: filtered by that status, scrolled to the status column.
    await page.goto(`/unidades-financiadas?vin=${signed.vins[0]}&status=2`);
    await expectVisible(grid(page).getByRole('link', { name: signed.vins[0]! }));
    await grid(page)
      .locator('xpath=..')
      .evaluate((scroller) => scroller.scrollTo({ left: 2000 }));
    await expectVisible(grid(page).getByText('Vendida (por liquidar)', { exact: true }));
    await settle(page);
    await wizardScreenshot(page, 'financed-units-list-sold-scrolled');
  }));
