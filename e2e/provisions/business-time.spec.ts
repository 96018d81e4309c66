import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { createProvisionAt } from '../support/follow-up';
import { expectNoSidewaysScroll, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { apiAsPage, businessDateTimeOf } from '../support/provisions';

const journey = useBrowser();

const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;
const history = (page: Page) => page.getByRole('list', { name: 'Historial' });

/** The first dd/MM/yyyy HH:mm in a text. */
function dateTimeIn(text: string): string {
  const match = DATE_TIME.exec(text);
  assert.ok(match, `no date and time in "${text}"`);
  return match[0];
}

test('with the browser on UTC, the list and the Historial show one provision at the same Mexico City time', () =>
  journey(
    'business-time',
    async (page) => {
      const seeded = await createProvisionAt(3, [{ amount: '185000.00' }]);
      await signedIn(page, DEMO_USERS[3].email);
      assert.equal(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone), 'UTC');
      const { data } = await apiAsPage<{ data: { createdAt: string } }>(page, `/api/provisions/${seeded.id}`);
      const expected = businessDateTimeOf(data.createdAt);

      // The list: the row's Fecha.
      await page.goto(`/disposiciones?folio=${seeded.folio}`);
      const row = page
        .getByRole('grid', { name: 'Disposiciones' })
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell', { name: seeded.folio, exact: true }) });
      await expectVisible(row);
      const listed = dateTimeIn(await row.innerText());

      // The follow-up page: the Historial's first entry is the creation, at the same instant.
      await row.getByRole('link', { name: `Seguimiento ${seeded.folio}` }).click();
      await expectPath(page, `/vizualizar-disposicion/${seeded.id}`);
      await expectVisible(history(page));
      const created = dateTimeIn(await history(page).getByRole('listitem').first().innerText());

      assert.equal(listed, expected, 'the list shows Mexico City time');
      assert.equal(created, expected, 'the Historial shows Mexico City time');

      for (const [width, height, name] of [
        [1280, 800, 'desktop'],
        [390, 844, 'phone'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expectVisible(history(page));
        await expectNoSidewaysScroll(page, `the follow-up page does not scroll sideways at ${width} px`);
        // From the top: a scrolled full-page shot draws the fixed top bar in the middle of the page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `screenshots/${name}-follow-up-historial-utc-browser`);
      }
    },
    { timezoneId: 'UTC' },
  ));
