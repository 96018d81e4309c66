import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { MENUS, roleLabel, USER_TYPES, type MenuItem } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectVisible, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

/** Labels in screen order with every parent open: parent, then its children. */
const expanded = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.label, ...(item.children ? expanded(item.children) : [])]);

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const menuLabels = async (page: Page) =>
  (await menu(page).locator('a, [role="button"]').allInnerTexts()).map((label) => label.trim());

for (const type of USER_TYPES) {
  test(`type ${type} (${roleLabel(type)}) sees exactly its side menu`, () =>
    journey(`menu-type-${type}`, async (page) => {
      await signInAs(page, DEMO_USERS[type].email);
      await expectVisible(page.getByText(roleLabel(type), { exact: true }));

      // Collapsed: the top level only.
      await eventually(
        () => menuLabels(page),
        MENUS[type].map((item) => item.label),
      );

      // Open every parent (types 1 and 3 have some): children appear under their parent.
      for (const parent of MENUS[type].filter((item) => item.children)) {
        await menu(page).getByRole('button', { name: parent.label, exact: true }).click();
      }
      await eventually(() => menuLabels(page), expanded(MENUS[type]));

      if (type === 3) {
        // Away from the last clicked item, so the picture shows no hover or ripple.
        await page.mouse.move(800, 700);
        await settle(page);
        await screenshot(page, 'shell-type-3');
      }
    }));
}

test('a menu item opens its screen, with the page title', () =>
  journey('menu-navigation', async (page) => {
    await signInAs(page, DEMO_USERS[3].email);
    await menu(page).getByRole('button', { name: 'Reportes', exact: true }).click();
    await menu(page).getByRole('link', { name: 'Estadísticas de disposiciones', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/estadisticas-disposiciones');
  }));
