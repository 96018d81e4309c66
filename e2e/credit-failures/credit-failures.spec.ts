import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGES, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { CRM_REJECTIONS, FAILING_VINS, NEW_VEHICLES } from '../../apps/simulators/src/fixtures/index';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { createCreditFailures, crmInsertedVins } from '../support/credit-failures';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, gridRow, search } from '../support/screens';

const journey = useBrowser();
const GRID = 'Créditos con fallos';

/** Presses a row's action and confirms it in its dialog (titled with the action's name). */
async function act(page: Page, vin: string, action: 'Reintentar' | 'Insertar' | 'Remover', prompt: string) {
  await gridRow(page, GRID, vin)
    .getByRole('button', { name: `${action} ${vin}` })
    .click();
  const dialog = page.getByRole('dialog', { name: action, exact: true });
  await expectVisible(dialog.getByText(prompt, { exact: true }));
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('type 1 retries, inserts and removes credit failures, each with its confirmation and message', () =>
  journey('credit-failures', async (page) => {
    const retried = NEW_VEHICLES[18]!.vin;
    const inserted = NEW_VEHICLES[19]!.vin;
    const refused = FAILING_VINS.crmInsertion[2]!;
    const { folio } = await createCreditFailures([retried, inserted, refused]);

    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/creditos-fallos');
    await search(page, { Folio: String(folio) });
    for (const vin of [retried, inserted, refused]) await expectVisible(gridRow(page, GRID, vin));
    const row = gridRow(page, GRID, inserted);
    await expectVisible(row.getByText('Autos del Norte S.A. de C.V.', { exact: true }));
    await expectVisible(row.getByText('LC-10001-01', { exact: true }));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'credit-failures-list');

    // Reintentar: the unit waits for the next cycle and leaves the list of failures.
    await act(page, retried, 'Reintentar', '¿Seguro que desea poner la unidad en la cola de inserción?');
    await acceptSuccess(page, CONFIGURATION_MESSAGES.creditFailureQueued);
    await gridRow(page, GRID, retried).waitFor({ state: 'detached' });

    // Insertar: into the CRM now.
    await act(page, inserted, 'Insertar', '¿Seguro que desea insertar la unidad en CRM?');
    await acceptSuccess(page, CONFIGURATION_MESSAGES.creditFailureInserted);
    await gridRow(page, GRID, inserted).waitFor({ state: 'detached' });
    assert.ok((await crmInsertedVins()).includes(inserted), 'the CRM holds the inserted unit');

    // Insertar of a unit the CRM refuses: the error dialog with the CRM's words; the row stays.
    await act(page, refused, 'Insertar', '¿Seguro que desea insertar la unidad en CRM?');
    const failure = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: MESSAGES.errorTitle }) });
    await expectVisible(failure.getByText(CRM_REJECTIONS[refused]!, { exact: false }));
    // Let the dialog finish fading in before the picture.
    await settle(page);
    await screenshot(page, 'credit-failures-refused');
    await failure.getByRole('button', { name: 'Aceptar' }).click();
    await expectVisible(gridRow(page, GRID, refused));

    // Remover: the spec's prompt, then the attempt leaves the queue.
    await act(page, refused, 'Remover', CONFIGURATION_MESSAGES.creditFailureRemoveConfirm);
    await acceptSuccess(page, CONFIGURATION_MESSAGES.creditFailureArchived);
    await gridRow(page, GRID, refused).waitFor({ state: 'detached' });
    await page.reload();
    await expectVisible(page.getByRole('grid', { name: GRID }));
    assert.equal(await gridRow(page, GRID, refused).count(), 0, 'removed for good');
  }));
