import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { REFINANCING_SIGNING_MESSAGES, SIGNING_MESSAGES } from '@planpiso/domain';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectVisible, signedIn, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions-list';
import { api, refinancingVins, seedUnitsAndBody } from '../support/refinancing-e2e';
import { refinancingStatus } from '../support/refinancing-journey';
import { gridRow } from '../support/screens';

// Issue 26 item 12: the legal representative (type 4) signs a refinancing in the app — 'Firmar documentos' on the list
// and on the detail lead to /firmar-refinanciamiento/{id}, whose Firmar opens the e-signature provider's page as a
// provision's does; its signature moves the refinancing 5 → 6 by the provider's webhook.

const journey = useBrowser();
const UNITS_LINE = 'LC-E2E-REFIN-SIGN';
const VINS = refinancingVins('E2EFRMA');

async function shotBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `screenshots/${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `screenshots/${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('type 4 signs a refinancing in the app, from the list or the detail, through the e-signature flow', async () => {
  const restoreWindow = await openOperatingWindow();
  const refinancing = { id: 0, folio: '' };
  try {
    await journey('refinancing-signing-dealer', async (page) => {
      const body = await seedUnitsAndBody(UNITS_LINE, VINS);
      await signedIn(page, DEMO_USERS[5].email);
      // Before: the dealer is offered both units.
      await page.goto(`/refinanciamientos/unidades?creditLine=${UNITS_LINE}`);
      for (const vin of VINS) await expectVisible(gridRow(page, 'Unidades para refinanciar', vin));
      const created = await api<{ data: { id: number; folio: string } }>(page, 'POST', '/api/refinancings', body);
      Object.assign(refinancing, created.data);
      // Enviar a FinBe (evidences not requested): the document is made and sent to the e-signature provider.
      const { data } = await api<{ data: { version: number } }>(page, 'GET', `/api/refinancings/${refinancing.id}`);
      await api(page, 'PATCH', `/api/refinancings/${refinancing.id}/set-status`, { status: 5, version: data.version });
      assert.equal(await refinancingStatus(refinancing.id), 5);
    });

    await journey('refinancing-signing-legal-representative', async (page) => {
      await signedIn(page, DEMO_USERS[4].email);
      await page.setViewportSize({ width: 1280, height: 800 });
      // The detail offers it…
      await page.goto(`/refinanciamientos/${refinancing.id}`);
      const fromDetail = page
        .getByRole('region', { name: 'Acciones' })
        .getByRole('link', { name: SIGNING_MESSAGES.signDocumentsTitle });
      await expectVisible(fromDetail);
      assert.equal(await fromDetail.getAttribute('href'), `/firmar-refinanciamiento/${refinancing.id}`);
      // …and so does the list's row, which the representative follows.
      await page.goto(`/refinanciamientos?folio=${refinancing.folio}`);
      await gridRow(page, 'Refinanciamientos', refinancing.folio)
        .getByRole('link', { name: `${SIGNING_MESSAGES.signDocumentsTitle} ${refinancing.folio}` })
        .click();
      await page.waitForURL((url) => url.pathname === `/firmar-refinanciamiento/${refinancing.id}`);
      await expectVisible(page.getByText(REFINANCING_SIGNING_MESSAGES.heading(refinancing.folio, 'Autos del Norte')));
      const sign = page.getByRole('link', {
        name: `${SIGNING_MESSAGES.sign} Refinanciamiento ${refinancing.folio}.pdf`,
      });
      await expectVisible(sign);
      await expectNoAxeViolations(page, '/firmar-refinanciamiento');
      await shotBothWidths(page, 'sign-refinancing');

      // Firmar opens the provider's sign page in a new tab; the representative signs there (the provisions' flow).
      const [provider] = await Promise.all([page.context().waitForEvent('page'), sign.click()]);
      await provider.waitForLoadState();
      await provider.getByRole('button', { name: 'Firmar' }).click();
      await expectVisible(provider.getByText(/Firmaste este documento/));
      await eventually(() => refinancingStatus(refinancing.id), 6, 15_000);
      await provider.close();

      await page.bringToFront();
      await page.reload();
      await expectVisible(page.getByText(REFINANCING_SIGNING_MESSAGES.nothingToSign));
      await expectVisible(
        page
          .getByRole('grid', { name: SIGNING_MESSAGES.signedDocumentsTitle })
          .getByText('Enviado a firma', { exact: true }),
      );
      await shotBothWidths(page, 'sign-refinancing-signed');
    });
  } finally {
    await restoreWindow();
  }
});
