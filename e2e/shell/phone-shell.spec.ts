import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { MENUS, MESSAGES, menuPaths } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_COMPANIES, DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const drawer = (page: Page) => page.getByRole('presentation').filter({ has: menu(page) });
const topBar = (page: Page) => page.getByRole('banner').first();

/** Nothing in the top bar reaches past the window's right edge, and the page itself does not scroll sideways. */
async function expectTopBarFits(page: Page, width: number, where = page.url()): Promise<void> {
  const overflow = await topBar(page).evaluate((bar, windowWidth) => {
    const outside = Array.from(bar.querySelectorAll('button, [role="combobox"], p, span, svg, img'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.right > windowWidth + 0.5 || box.left < -0.5))
      .map(({ element, box }) => `${element.tagName} "${element.textContent?.trim() ?? ''}" ${box.left}–${box.right}`);
    return {
      outside,
      bar: bar.scrollWidth - bar.clientWidth,
      document: document.documentElement.scrollWidth - windowWidth,
    };
  }, width);
  assert.deepEqual(overflow.outside, [], `${where}: top bar content past the window edge`);
  assert.ok(overflow.bar <= 0, `${where}: the top bar overflows by ${overflow.bar}px`);
  assert.ok(overflow.document <= 0, `${where}: the page scrolls sideways by ${overflow.document}px`);
}

/** The screen's title (h1) starts below the fixed top bar: nothing of it is covered. */
async function expectTitleBelowTopBar(page: Page, path: string): Promise<void> {
  const title = page.getByRole('heading', { level: 1 });
  await expectVisible(title);
  const bar = await topBar(page).boundingBox();
  const box = await title.boundingBox();
  assert.ok(bar && box, `${path}: no top bar or no title`);
  assert.ok(
    box.y >= bar.y + bar.height,
    `${path}: the title (top ${box.y}) is under the top bar (bottom ${bar.y + bar.height})`,
  );
}

/** The list's rows, or its empty state (the company switched to may have no provisions). */
const listLoaded = (page: Page) =>
  page
    .getByRole('row')
    .nth(1)
    .or(page.getByText(MESSAGES.emptyGrid, { exact: true }));

const TYPE_4_SCREENS = menuPaths(MENUS[4]);

test('on a phone (390 px) a type 4 user switches company and signs out from the menu; titles clear the top bar', () =>
  journey('phone-shell', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS[4].email);
    await expectTopBarFits(page, 390);

    // Every screen of the user's menu: the title is below the fixed top bar, which still fits the window.
    for (const path of TYPE_4_SCREENS) {
      await page.goto(path);
      await expectTitleBelowTopBar(page, path);
      await expectTopBarFits(page, 390);
    }
    await page.goto('/disposiciones');
    await expectVisible(page.getByRole('heading', { name: 'Disposiciones', level: 1 }));
    await expectVisible(listLoaded(page));
    await screenshot(page, 'screenshots/phone-type4-disposiciones-title');

    // The drawer holds the company switch and the sign-out.
    await page.getByRole('button', { name: MESSAGES.openMenu }).click();
    const panel = drawer(page);
    await expectVisible(menu(page));
    const select = panel.getByRole('combobox', { name: 'Compañía' });
    await expectVisible(select);
    await expectVisible(panel.getByRole('button', { name: 'Cerrar sesión' }));
    await page.waitForFunction(() => {
      const paper = document.querySelector('.MuiDrawer-paper');
      return !!paper && getComputedStyle(paper).transform === 'none';
    });
    await screenshot(page, 'screenshots/phone-type4-drawer-open');
    // Both are inside the window, not cut by its edge.
    for (const control of [select, panel.getByRole('button', { name: 'Cerrar sesión' })]) {
      const box = await control.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'a drawer control is cut by the window edge');
    }

    const current = (await select.innerText()).trim();
    const next = DEMO_COMPANIES.find((name) => name !== current)!;
    await select.click();
    await page.getByRole('option', { name: next, exact: true }).click();
    await expectPath(page, '/');
    await menu(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: MESSAGES.openMenu }).click();
    await expectVisible(drawer(page).getByRole('combobox', { name: 'Compañía' }).getByText(next, { exact: true }));

    await drawer(page).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
  }));

test('on a desktop the top bar keeps the company switch and the sign-out; titles clear the top bar', () =>
  journey('desktop-shell', async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, DEMO_USERS[4].email);
    await expectTopBarFits(page, 1280);
    await expectVisible(topBar(page).getByRole('combobox', { name: 'Compañía' }));
    await expectVisible(topBar(page).getByRole('button', { name: 'Cerrar sesión' }));
    for (const path of TYPE_4_SCREENS) {
      await page.goto(path);
      await expectTitleBelowTopBar(page, path);
    }
    await page.goto('/disposiciones');
    await expectVisible(page.getByRole('heading', { name: 'Disposiciones', level: 1 }));
    await expectVisible(listLoaded(page));
    await page.mouse.move(900, 700);
    await screenshot(page, 'screenshots/desktop-type4-disposiciones-title');
  }));
