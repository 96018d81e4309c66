import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_COMPANIES, DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

test('a legal representative (type 4) switches company in the header and returns to /', () =>
  journey('company-switch', async (page) => {
    await signInAs(page, DEMO_USERS[4].email);
    const select = page.getByRole('combobox', { name: 'Compañía' });
    await expectVisible(select);
    const current = (await select.innerText()).trim();
    assert.ok(DEMO_COMPANIES.includes(current as (typeof DEMO_COMPANIES)[number]), `unexpected company "${current}"`);
    const next = DEMO_COMPANIES.find((name) => name !== current)!;

    // Switch from another screen: the switch itself brings the user back to /.
    await page.goto('/inventario');
    await expectPath(page, '/inventario');
    await select.click();
    await page.getByRole('option', { name: next, exact: true }).click();

    await expectPath(page, '/');
    await expectVisible(page.getByRole('combobox', { name: 'Compañía' }).getByText(next, { exact: true }));

    // The server keeps it: a reload (a new check of the session) still shows the new company.
    await page.reload();
    await expectVisible(page.getByRole('combobox', { name: 'Compañía' }).getByText(next, { exact: true }));
  }));

test('internal users (type 2) have no company switch', () =>
  journey('no-company-switch', async (page) => {
    await signInAs(page, DEMO_USERS[2].email);
    assert.equal(await page.getByRole('combobox', { name: 'Compañía' }).count(), 0);
  }));
