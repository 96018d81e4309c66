import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { INVENTORY_MESSAGES } from '@planpiso/domain';
import { CREDITS, DEMO_CLIENT_NUMBERS } from '../../apps/simulators/src/fixtures/index';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, signInAs, useBrowser } from '../support/journey';
import { gridRow } from '../support/screens';

const journey = useBrowser();
const GRID = 'Inventario';

/** The CRM's first credit of a client by credit number (the screen's default order), from the simulator's fixtures. */
const firstCreditOf = (client: string) =>
  CREDITS.filter((c) => c.numeroCliente === client).sort((a, b) => a.noCredito.localeCompare(b.noCredito))[0]!;

/** dd/MM/yyyy of a YYYY-MM-DD day. */
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Types a whole date into a range field (the field takes ddMMyyyy after a click, issue 14 §1.10). */
async function typeDate(page: Page, label: 'Inicia' | 'Finaliza', day: string) {
  await page
    .getByRole('search')
    .getByRole('group', { name: label, exact: true })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(`${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`);
}

test('type 4 sees the credit inventory of the company in its header', () =>
  journey('inventory-type-4', async (page) => {
    await signInAs(page, DEMO_USERS[4].email);
    const company = (await page.getByRole('combobox', { name: 'Compañía' }).innerText()).trim();
    const client =
      company === 'Camiones del Norte' ? DEMO_CLIENT_NUMBERS.camionesDelNorte : DEMO_CLIENT_NUMBERS.autosDelNorte;
    await page.goto('/inventario');
    const first = firstCreditOf(client);
    const row = gridRow(page, GRID, first.noCredito);
    await expectVisible(row);
    await expectVisible(row.getByText(first.vin, { exact: true }));
    await expectVisible(row.getByText(shown(first.fechaVencimiento), { exact: true }));
    // No client to choose: a dealer's inventory is its own company's.
    assert.equal(await page.getByRole('combobox', { name: INVENTORY_MESSAGES.client }).count(), 0);
    await page.mouse.move(1000, 780);
    await settle(page);
    await screenshot(page, 'inventory-type-4');
  }));

test('type 3 picks a client of its accounts and filters its inventory by the credits’ start dates', () =>
  journey('inventory-type-3', async (page) => {
    const client = DEMO_CLIENT_NUMBERS.autosDelBajio;
    const from = '2026-09-01';
    const to = '2026-09-30';
    const inside = CREDITS.find((c) => c.numeroCliente === client && c.fechaInicio >= from && c.fechaInicio <= to)!;
    const outside = CREDITS.find((c) => c.numeroCliente === client && c.fechaInicio > to)!;

    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/inventario');
    await expectVisible(page.getByText(INVENTORY_MESSAGES.selectClient, { exact: true }));
    const bar = page.getByRole('search');
    await bar.getByRole('combobox', { name: INVENTORY_MESSAGES.client }).click();
    await page.getByRole('option', { name: `Autos del Bajío (${client})` }).click();
    await bar.getByRole('button', { name: 'Buscar' }).click();
    await expectVisible(gridRow(page, GRID, outside.noCredito));

    await typeDate(page, 'Inicia', from);
    await typeDate(page, 'Finaliza', to);
    await bar.getByRole('button', { name: 'Buscar' }).click();
    await gridRow(page, GRID, outside.noCredito).waitFor({ state: 'detached' });
    const row = gridRow(page, GRID, inside.noCredito);
    await expectVisible(row.getByText(inside.vin, { exact: true }));
    await expectVisible(row.getByText(shown(inside.fechaVencimiento), { exact: true }));
    // The search lives in the URL: a reload shows the same client and range.
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('clientNumber'), client);
    assert.equal(url.searchParams.get('from'), from);
    assert.equal(url.searchParams.get('to'), to);
    await page.mouse.move(1000, 780);
    await settle(page);
    await screenshot(page, 'inventory-type-3');
  }));
