import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ORGANISATION_MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Cuentas';
const BAJIO = 'Grupo Automotriz del Bajío';

async function changeOperator(page: Page, to: string) {
  await gridRow(page, GRID, BAJIO)
    .getByRole('button', { name: `Operador de ${BAJIO}` })
    .click();
  const modal = page.getByRole('dialog', { name: 'Operador asignado' });
  await modal.getByRole('combobox', { name: 'Operador' }).click();
  await page.getByRole('option', { name: new RegExp(`^${to} \\(`) }).click();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await confirm(page, ORGANISATION_MESSAGES.confirmAccountOperator);
  await acceptSuccess(page, ORGANISATION_MESSAGES.accountOperatorChanged);
  await modal.waitFor({ state: 'detached' });
}

test('type 1 changes the operator assigned to an account', () =>
  journey('accounts-operator', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/cuentas');
    const row = gridRow(page, GRID, BAJIO);
    await expectVisible(row.getByText('Olga Operadora', { exact: true }));
    await page.mouse.move(1000, 790);
    await screenshot(page, 'accounts-type-1');

    await changeOperator(page, 'Diana Cantú');
    await expectVisible(row.getByText('Diana Cantú', { exact: true }));
    await page.reload();
    await expectVisible(gridRow(page, GRID, BAJIO).getByText('Diana Cantú', { exact: true }));
    // Back to the demo operator, whom other journeys rely on.
    await changeOperator(page, 'Olga Operadora');
    await expectVisible(gridRow(page, GRID, BAJIO).getByText('Olga Operadora', { exact: true }));
  }));

test('the operator sees its accounts with edit, configure, archive and status; Holding opens its companies', () =>
  journey('accounts-operator-view', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/cuentas');
    const grid = page.getByRole('grid', { name: GRID });
    const row = gridRow(page, GRID, 'Grupo Automotriz del Norte');
    await expectVisible(row.getByLabel('Estatus de Grupo Automotriz del Norte'));
    assert.equal(await grid.getByRole('columnheader', { name: 'Operador Finbe' }).count(), 0, 'no operator column');
    await page.mouse.move(1000, 790);
    await screenshot(page, 'accounts-type-3');

    await row.getByRole('button', { name: 'Holding: empresas de Grupo Automotriz del Norte' }).click();
    const modal = page.getByRole('dialog', { name: 'Empresas de Grupo Automotriz del Norte' });
    await expectVisible(modal.getByText('Autos del Norte (10001)'));
    await expectVisible(modal.getByText('Camiones del Norte (10002)'));
  }));
