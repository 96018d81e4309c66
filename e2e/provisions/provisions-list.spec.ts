import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { FINANCING_MESSAGES, MESSAGES, PROVISION_LIST_MESSAGES } from '@planpiso/domain';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { openOperatingWindow, seedProvisions, setWindow, type SeededProvision } from '../support/provisions-list';

const journey = useBrowser();

const grid = (page: Page) => page.getByRole('grid', { name: 'Disposiciones' });
const rowOf = (page: Page, folio: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: folio, exact: true }) });
const header = (page: Page) => page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });

/** The list with its rows loaded (the grid's loading bar gone). */
async function openList(page: Page, search = '') {
  await page.goto(`/disposiciones${search}`);
  await expectPath(page, '/disposiciones');
  await expectVisible(grid(page));
  await page
    .locator('[role="grid"][aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}

// Made once for the three journeys, in this order: Creada, Enviada a validar, Validación, Enviada a firmar,
// Proceso firma, Autorizado. The journeys run in order (the operator's sees what the dealer sent).
let seeded: SeededProvision[] = [];
const byStatus = (status: number) => seeded.find((p) => p.status === status)!;

test('type 5: its company’s provisions, filters in the URL, the pre-check, and Enviar a validar', async () => {
  seeded = await seedProvisions([1, 2, 3, 5, 6, 8]);
  const restoreWindow = await openOperatingWindow();
  try {
    await journey('provisions-list-type-5', async (page) => {
      await signedIn(page, DEMO_USERS[5].email);
      await page.setViewportSize({ width: 1366, height: 768 });
      await openList(page);

      // Every status of its company, with the operator, the type, the status name; the total hidden at 2 and 3.
      const created = rowOf(page, byStatus(1).folio);
      await expectVisible(created);
      await expectVisible(created.getByText('Creada', { exact: true }));
      await expectVisible(created.getByText('125,000.50', { exact: true }));
      await expectVisible(created.getByText(`${DEMO_USERS[5].firstname} ${DEMO_USERS[5].lastname}`));
      const sent = rowOf(page, byStatus(2).folio);
      await expectVisible(sent.getByText('Enviada a validar', { exact: true }));
      assert.equal(await sent.getByText('125,000.50').count(), 0, 'no total at status 2 (spec 3 §4)');
      assert.equal(
        await created.getByRole('link', { name: `Editar ${byStatus(1).folio}` }).getAttribute('href'),
        `/editar-disposicion/${byStatus(1).id}`,
      );
      assert.equal(await sent.getByRole('link', { name: `Editar ${byStatus(2).folio}` }).count(), 0);

      // The credit-line selector: choosing a line shows its available balance and filters the list by it.
      const lines = page.getByRole('region', { name: 'Línea de crédito' });
      await chooseNative(lines, 'Línea de crédito', /^LC-10001-01 · /);
      await page.waitForURL((url) => url.searchParams.get('creditLine') === 'LC-10001-01');
      const balance = (await lines.getByTestId('available-balance').innerText()).trim();
      assert.match(balance, /^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      await expectVisible(rowOf(page, byStatus(1).folio));
      await screenshot(page, 'provisions-list-type-5');
      await openList(page);

      // The number filter goes to the URL and narrows the list to that row.
      const search = page.getByRole('search');
      await search.getByLabel('N° de disposición').fill(byStatus(3).folio);
      await search.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL((url) => url.searchParams.get('folio') === byStatus(3).folio);
      await expectVisible(rowOf(page, byStatus(3).folio));
      await rowOf(page, byStatus(1).folio).waitFor({ state: 'detached' });

      // Status under Filtros: 'Creada' is status=1 in the URL; a reload keeps it.
      await search.getByLabel('N° de disposición').fill('');
      await search.getByRole('button', { name: 'Filtros' }).click();
      await expectVisible(search.getByLabel('Inicia'));
      await expectNoAxeViolations(page, '/disposiciones (filters open)');
      await search.getByRole('combobox', { name: 'Estatus' }).click();
      await page.getByRole('option', { name: 'Creada', exact: true }).click();
      await search.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL((url) => url.searchParams.get('status') === '1' && !url.searchParams.has('folio'));
      await page.reload();
      await expectVisible(rowOf(page, byStatus(1).folio));
      assert.equal(await rowOf(page, byStatus(2).folio).count(), 0);
      await openList(page);

      // Crear Nuevo runs the pre-check: Autos del Norte owes nothing and has no audit, so it may draw.
      await header(page).getByRole('button', { name: 'Crear Nuevo' }).click();
      const check = page.getByRole('dialog', { name: FINANCING_MESSAGES.eligibilityTitle });
      await expectVisible(check.getByText(FINANCING_MESSAGES.canProvision, { exact: true }));
      await screenshot(page, 'provisions-precheck-dialog');
      await expectNoAxeViolations(page, 'Resultado de validación');
      await check.getByRole('button', { name: 'Continuar' }).click();
      await expectPath(page, '/crear-disposicion');
      await openList(page);

      // Enviar a validar: confirmation, the server's message, and the row now reads 'Enviada a validar'.
      const target = rowOf(page, byStatus(1).folio);
      await target.getByRole('button', { name: `Enviar a validar ${byStatus(1).folio}` }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: `disposición ${byStatus(1).folio} a validar` });
      await confirm.getByRole('button', { name: 'Aceptar' }).click();
      const result = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
      await expectVisible(result);
      await result.getByRole('button', { name: 'Aceptar' }).click();
      // Sent; the validation job (decision 035) may already have taken it on to 'Validación'.
      await expectVisible(target.getByText(/^(Enviada a validar|Validación)$/));
      assert.equal(await target.getByRole('button', { name: /^Enviar a validar/ }).count(), 0);

      // A closed operating window is said before the dealer starts, and Crear Nuevo waits for it.
      await setWindow({ start: '00:00', end: '00:01' });
      await page.reload();
      await expectVisible(page.getByText(PROVISION_LIST_MESSAGES.createUnavailable));
      await header(page).getByRole('button', { name: 'Crear Nuevo', disabled: true }).waitFor();
      await screenshot(page, 'provisions-list-window-closed');
    });
  } finally {
    await restoreWindow();
  }
});

test('type 3: the operator’s assigned list shows the sent provision, with the customer', () =>
  journey('provisions-list-type-3', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.setViewportSize({ width: 1366, height: 768 });
    await openList(page);
    // The provision the dealer sent above: 'Enviada a validar' until its validation job moves it to 'Validación'.
    const sent = rowOf(page, byStatus(1).folio);
    await expectVisible(sent.getByText(/^(Enviada a validar|Validación)$/));
    await expectVisible(sent.getByText('Autos del Norte', { exact: true }));
    await expectVisible(rowOf(page, byStatus(3).folio).getByText('Validación', { exact: true }));
    // The customer filter (types 1 and 3) goes to the URL.
    const search = page.getByRole('search');
    await search.getByLabel('Cliente').fill('Autos del Norte');
    await search.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL((url) => url.searchParams.get('companyName') === 'Autos del Norte');
    await expectVisible(sent);
    await screenshot(page, 'provisions-list-type-3');
  }));

test('type 4: statuses 5 to 10 only, with Firmar documentos while out for signature', () =>
  journey('provisions-list-type-4', async (page) => {
    await signedIn(page, DEMO_USERS[4].email);
    await page.setViewportSize({ width: 1366, height: 768 });
    await openList(page);
    for (const status of [5, 6]) {
      const row = rowOf(page, byStatus(status).folio);
      await expectVisible(row);
      assert.equal(
        await row.getByRole('link', { name: `Firmar documentos ${byStatus(status).folio}` }).getAttribute('href'),
        `/firmar-disposicion/${byStatus(status).id}`,
      );
    }
    const authorised = rowOf(page, byStatus(8).folio);
    await expectVisible(authorised.getByText('Autorizado', { exact: true }));
    assert.equal(await authorised.getByRole('link', { name: /^Firmar documentos/ }).count(), 0);
    for (const status of [2, 3]) assert.equal(await rowOf(page, byStatus(status).folio).count(), 0);
    await screenshot(page, 'provisions-list-type-4');
  }));
