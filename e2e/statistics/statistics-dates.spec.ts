import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectNoSidewaysScroll, expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

/**
 * How much of the date's last section (the year) is hidden by the field: 0 when the whole '2026' shows. Walks up
 * from the year to the field's root and measures against every box that clips its content.
 */
async function hiddenOfYear(field: Locator): Promise<number> {
  return field.evaluate((group) => {
    const sections = group.querySelectorAll('[role="spinbutton"]');
    const year = sections[sections.length - 1];
    if (!year) return Number.POSITIVE_INFINITY;
    const right = year.getBoundingClientRect().right;
    let hidden = 0;
    for (let box = year.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX !== 'visible') hidden = Math.max(hidden, right - box.getBoundingClientRect().right);
      if (box.classList.contains('MuiFormControl-root')) break;
    }
    return hidden;
  });
}

async function typeDate(page: Page, field: Locator, digits: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

for (const [width, height, name] of [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test(`the statistics date fields show the whole date at ${width} px`, () =>
    journey(`statistics-dates-${name}`, async (page) => {
      await page.setViewportSize({ width, height });
      await signedIn(page, DEMO_USERS[3].email);
      await page.goto('/estadisticas-disposiciones');
      const hint = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.statisticsSearchTitle, exact: true });
      await hint.getByRole('button', { name: 'Aceptar' }).click();
      await hint.waitFor({ state: 'hidden' });

      const bar = page.getByRole('search');
      const from = bar.getByRole('group', { name: 'Inicia' });
      const to = bar.getByRole('group', { name: 'Finaliza' });
      await expectVisible(from);
      await typeDate(page, from, '01122025');
      await typeDate(page, to, '31122026');
      await bar.getByRole('combobox', { name: 'Cliente' }).click();
      await page.getByRole('option', { name: 'Autos del Norte (10001)' }).click();
      for (const [field, label] of [
        [from, 'Inicia'],
        [to, 'Finaliza'],
      ] as const) {
        const hidden = await hiddenOfYear(field);
        assert.ok(hidden <= 0.5, `${label}: ${hidden}px of the year is cut`);
      }
      assert.match((await from.innerText()).replace(/[^\d/]/g, ''), /01\/12\/2025/);
      assert.match((await to.innerText()).replace(/[^\d/]/g, ''), /31\/12\/2026/);
      await expectNoSidewaysScroll(page, 'the filters do not scroll sideways');
      await page.mouse.move(width - 10, height - 10);
      await screenshot(page, `screenshots/${name}-statistics-filters`);
    }));
}
