import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Días inhábiles';

test('type 1 adds a non-working day through the form and removes it from the list', () =>
  journey('non-working-days', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/dias-inhabiles');
    await expectVisible(page.getByRole('grid', { name: GRID }));
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-dia-inhabil');

    // Both fields are required, each with the spec's own words.
    const form = page.getByRole('form', { name: 'Crear día inhábil' });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form.getByText(CONFIGURATION_MESSAGES.nonWorkingDayDateRequired, { exact: true }));
    await expectVisible(form.getByText(CONFIGURATION_MESSAGES.nonWorkingDayReasonRequired, { exact: true }));
    await screenshot(page, 'non-working-day-form-errors');

    // A day far enough ahead that no other journey uses it.
    const reason = `Asueto E2E ${Date.now().toString(36)}`;
    const day = String(10 + (Date.now() % 18)).padStart(2, '0');
    // The date field's first section (the day); typing fills day, month and year in turn.
    await form.getByRole('group', { name: 'Fecha' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(`${day}122031`);
    await form.getByLabel('Motivo', { exact: true }).fill(reason);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, CONFIGURATION_MESSAGES.confirmCreateNonWorkingDay);
    await acceptSuccess(page, CONFIGURATION_MESSAGES.nonWorkingDaySaved);
    await expectPath(page, '/dias-inhabiles');

    const row = gridRow(page, GRID, reason);
    await expectVisible(row.getByText(`${day}/12/2031`, { exact: true }));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'non-working-days-list');

    await row.getByRole('button', { name: `Eliminar ${reason}` }).click();
    await confirm(page, CONFIGURATION_MESSAGES.confirmDeleteNonWorkingDay);
    await acceptSuccess(page, CONFIGURATION_MESSAGES.nonWorkingDayDeleted);
    await row.waitFor({ state: 'detached' });
    await page.reload();
    await expectVisible(page.getByRole('grid', { name: GRID }));
    assert.equal(await gridRow(page, GRID, reason).count(), 0, 'the day is gone after a reload');
  }));
