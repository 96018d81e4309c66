import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  Money,
  PROVISION_FOLLOW_UP_MESSAGES,
  PROVISION_LENDER_MESSAGES,
  PROVISION_TIMELINE_ACTIONS,
  provisionConfirmed,
  unitsInReviewLabel,
} from '@planpiso/domain';
import { settle } from '../support/a11y';
import { expectNoAxeViolations } from '../support/axe';
import { newPage } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { createProvisionAt, type FollowUpUnitSeed } from '../support/follow-up';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { openOperatingWindow, wizardScreenshot } from '../support/provisions';
import { acceptSuccess, confirm } from '../support/screens';

const journey = useBrowser();

/** Three units: one clean, one that failed REPUVE but the administrator passed (Si), one it refused (No). */
const UNITS: FollowUpUnitSeed[] = [
  { amount: '185000.00' },
  { amount: '212500.50', validRepuve: false, review: { status: 1, comment: '' } },
  {
    amount: '99000.00',
    validTransunion: false,
    review: { status: 2, comment: 'La factura no corresponde al VIN' },
  },
];

const history = (page: Page) => page.getByRole('list', { name: 'Historial' });
const tracker = (page: Page) => page.getByRole('heading', { name: 'Estatus de la disposición' });

async function openFollowUp(page: Page, id: number, folio: string): Promise<void> {
  await page.goto(`/vizualizar-disposicion/${id}`);
  await expectVisible(page.getByRole('heading', { name: `N° de Disposición ${folio}` }));
  await expectVisible(history(page));
  // The signed documents table has loaded (its empty state or its rows), so the screenshot is the settled page.
  await page.getByRole('heading', { name: 'Documentos firmados' }).waitFor();
  await page.locator('[role="grid"][aria-busy="true"]').waitFor({ state: 'detached' });
  await settle(page);
}

test('type 3 confirms a provision in Validación FinBe: the success message, then the timeline row', () =>
  journey('follow-up-confirm', async (page) => {
    await openOperatingWindow();
    const seeded = await createProvisionAt(3, UNITS);
    await signedIn(page, DEMO_USERS[3].email);
    await openFollowUp(page, seeded.id, seeded.folio);
    await expectVisible(page.getByText('Saldo disponible', { exact: true }));
    assert.notEqual(
      await page.getByText('Saldo restante', { exact: true }).locator('xpath=following-sibling::dd').innerText(),
      '-',
    );

    // The lender sees no tracker; the counter of reviewed units; the refused unit cannot be ticked.
    assert.equal(await tracker(page).count(), 0, 'no tracker for the lender');
    await expectVisible(page.getByText(unitsInReviewLabel(2), { exact: true }));
    await expectVisible(page.getByText('La factura no corresponde al VIN', { exact: true }));
    assert.equal(await page.getByRole('checkbox', { name: `Incluir ${seeded.vins[2]}` }).isDisabled(), true);
    assert.equal(await page.getByRole('checkbox', { name: `Incluir ${seeded.vins[1]}` }).isChecked(), true);
    assert.equal(await page.getByText('Total', { exact: true }).count(), 0, 'no total while the lender validates');
    await wizardScreenshot(page, 'follow-up-status-3-type-3');
    await expectNoAxeViolations(page, '/vizualizar-disposicion (status 3, type 3)');

    await page.getByRole('button', { name: 'Confirmar' }).click();
    await acceptSuccess(page, provisionConfirmed(seeded.folio));
    await expectPath(page, '/disposiciones');

    // Back on the page: Aceptada, the total shown, and the move in the timeline with who made it.
    await openFollowUp(page, seeded.id, seeded.folio);
    await expectVisible(page.getByText('Total', { exact: true }));
    await expectVisible(page.getByText('$397,500.50', { exact: true }));
    const confirmed = history(page).getByRole('listitem').filter({ hasText: PROVISION_TIMELINE_ACTIONS.confirm! });
    await expectVisible(confirmed.getByText('· Validación → Aceptada'));
    await expectVisible(confirmed.getByText(/· Olga Operadora$/));
    assert.equal(await page.getByRole('button', { name: 'Confirmar' }).count(), 0, 'nothing left to confirm');
  }));

test('the dealer follows its provision on the tracker: Enviada a firma, then Autorizado once released', () =>
  journey('follow-up-dealer', async (page) => {
    const signing = await createProvisionAt(5, UNITS.slice(0, 2));
    const released = await createProvisionAt(10, UNITS.slice(0, 2));
    await signedIn(page, DEMO_USERS[5].email);

    await openFollowUp(page, signing.id, signing.folio);
    await expectVisible(tracker(page));
    await expectVisible(page.locator('[aria-current="step"]').getByText('Enviada a firma', { exact: true }));
    // The annex link and the signing document out for signature (1.32 MB: MB above 1,000,000 bytes, spec 3 §9).
    await expectVisible(page.getByRole('button', { name: 'Anexo diciembre.pdf' }));
    const document = page.getByRole('row').filter({ hasText: `Disposicion ${signing.folio}.pdf` });
    await expectVisible(document.getByText('Enviado a firma', { exact: true }));
    await expectVisible(history(page).getByText(PROVISION_TIMELINE_ACTIONS.sendToSign!, { exact: true }));
    await wizardScreenshot(page, 'follow-up-status-5-type-5');
    await expectNoAxeViolations(page, '/vizualizar-disposicion (status 5, type 5)');

    await openFollowUp(page, released.id, released.folio);
    await expectVisible(page.locator('[aria-current="step"]').getByText('Autorizado', { exact: true }));
    await expectVisible(history(page).getByText(PROVISION_TIMELINE_ACTIONS.release!, { exact: true }));
    await wizardScreenshot(page, 'follow-up-status-10-type-5');
  }));

test('the lender reads a released provision: its whole history, the folio update and the XLSX download', () =>
  journey('follow-up-lender-released', async (page) => {
    const released = await createProvisionAt(10, UNITS.slice(0, 2));
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto(`/vizualizar-expediente/${released.id}`);
    await expectVisible(page.getByRole('heading', { name: `N° de Disposición ${released.folio}` }));
    await expectVisible(history(page).getByText(PROVISION_TIMELINE_ACTIONS.release!, { exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Actualizar folio' }));
    await expectVisible(page.getByRole('button', { name: 'Descargar XLSX' }));
    assert.equal(await page.getByRole('button', { name: 'Liberar' }).count(), 0, 'already released');
    await settle(page);
    await wizardScreenshot(page, 'follow-up-status-10-type-3');
    await expectNoAxeViolations(page, '/vizualizar-expediente (status 10, type 3)');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar XLSX' }).click();
    assert.match((await download).suggestedFilename(), /^Unidades \(\d{2}-\d{2}-\d{4}\)\.xlsx$/);
    await acceptSuccess(page, PROVISION_FOLLOW_UP_MESSAGES.downloadComplete);
  }));

/** The dealer's credit line selector on /disposiciones for `line`: its 'Saldo disponible' figure, as shown. */
async function shownAvailable(page: Page, line: string): Promise<string> {
  await page.goto(`/disposiciones?creditLine=${line}`);
  const figure = page.getByRole('region', { name: 'Línea de crédito' }).getByTestId('available-balance');
  await expectVisible(figure);
  return (await figure.innerText()).trim();
}

test('Liberar keeps the released amount out of the dealer’s available balance until the CRM lists it', () =>
  journey('follow-up-release-balance', async (page) => {
    const line = { crmLineId: 'LC-10001-01', typeLine: '100000000' };
    await signedIn(page, DEMO_USERS[5].email);
    const before = await shownAvailable(page, line.crmLineId);
    // Signed (7) on the dealer's own line: it holds its 1,250.75 as any open provision does.
    const signed = await createProvisionAt(7, [{ amount: '1000.50' }, { amount: '250.25' }], line);
    const lowered = `$${Money.of(before.slice(1).replaceAll(',', '')).sub(Money.of('1250.75')).format()}`;
    assert.equal(await shownAvailable(page, line.crmLineId), lowered);

    // The lender operator, in a session of its own.
    const lender = await newPage(page.context().browser()!);
    const operator = lender.page;
    try {
      await signedIn(operator, DEMO_USERS[3].email);
      await operator.goto(`/vizualizar-expediente/${signed.id}`);
      await expectVisible(operator.getByRole('heading', { name: `N° de Disposición ${signed.folio}` }));
      await operator.getByRole('button', { name: 'Liberar' }).click();
      await confirm(operator, PROVISION_FOLLOW_UP_MESSAGES.confirmRelease);
      await acceptSuccess(operator, PROVISION_LENDER_MESSAGES.released);
    } finally {
      await lender.context.close();
    }

    // Released: the money is still consumed — the balance does not come back (the CRM has not listed the units).
    assert.equal(await shownAvailable(page, line.crmLineId), lowered);
    await wizardScreenshot(page, 'follow-up-release-balance-type-5');
  }));
