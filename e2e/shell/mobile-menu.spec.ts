import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const openMenu = (page: Page) => page.getByRole('button', { name: MESSAGES.openMenu });

/** Signs in as the superuser and opens Usuarios with its rows, at the given window size. */
async function usersScreen(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await signedIn(page, DEMO_USERS[1].email);
  await page.goto('/usuarios');
  await expectVisible(page.getByRole('heading', { name: 'Usuarios', level: 1 }));
  await expectVisible(page.getByRole('row').nth(1));
}

test('on a phone the menu opens from the top bar and closes when an entry is followed', () =>
  journey('mobile-menu', async (page) => {
    await usersScreen(page, 412, 915);
    // The screen has the whole width: no menu beside it.
    assert.equal(await menu(page).count(), 0);
    const main = await page.getByRole('main').boundingBox();
    assert.equal(main?.x, 0);
    assert.equal(main?.width, 412);
    await screenshot(page, 'screenshots/mobile-usuarios-menu-closed');

    await openMenu(page).click();
    // The group of the screen shown is open, as on a desktop.
    await expectVisible(menu(page).getByRole('link', { name: 'Roles', exact: true }));
    await settle(page);
    await screenshot(page, 'screenshots/mobile-usuarios-menu-open');

    await menu(page).getByRole('link', { name: 'Roles', exact: true }).click();
    await expectPath(page, '/roles');
    await menu(page).waitFor({ state: 'detached' });
  }));

test('on a desktop the menu stays beside the screen, with no menu button', () =>
  journey('desktop-menu', async (page) => {
    await usersScreen(page, 1280, 800);
    await expectVisible(menu(page));
    assert.equal(await openMenu(page).count(), 0);
    const nav = await menu(page).boundingBox();
    assert.equal(nav?.x, 0);
    await page.mouse.move(800, 700);
    await screenshot(page, 'screenshots/desktop-usuarios');
  }));
