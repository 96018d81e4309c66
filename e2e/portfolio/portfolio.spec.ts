import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { crmInsertions } from '../../apps/api/src/db/schema/financing';
import { financedUnits } from '../../apps/api/src/db/schema/financed-units';
import { PORTFOLIO_MESSAGES as M, businessClock } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { withDb } from '../support/db';
import { DEMO_USERS } from '../support/demo';
import { VALIDATED, insertProvisionWithUnits } from '../support/financed-units';
import { expectVisible, signInAs, useBrowser } from '../support/journey';
import { openFromMenu } from '../support/screens';
import { apiAsPage, freshVin, wizardScreenshot } from '../support/provisions';

const journey = useBrowser();
const SHOTS = 'artifacts/screenshots';

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const addMonths = (day: string, months: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
};

/**
 * Released units of the demo company (10001) written to the register: `aged` Vigente units released 75 days ago
 * (aging 61–90) and one released 25 days ago on a 3-month term, whose first curtailment (day 30) falls this week.
 */
async function seedRegister(aged: number) {
  const today = businessClock(new Date()).day;
  const vins = Array.from({ length: aged + 1 }, () => freshVin());
  return withDb(async (db) => {
    const { provision, units } = await insertProvisionWithUnits(
      db,
      { status: 10, creditLine: 'LC-10001-01', total: String(150000 * vins.length) + '.00' },
      vins.map((vin) => ({ vinNumber: vin, amount: '150000.00', ...VALIDATED, validInvoice: true })),
    );
    for (const [index, unit] of units.entries()) {
      const [insertion] = await db
        .insert(crmInsertions)
        .values({ unitId: unit.id, provisionId: provision.id, status: 'released' })
        .returning({ id: crmInsertions.id });
      const releasedOn = shiftDay(today, index < aged ? -75 : -25);
      await db.insert(financedUnits).values({
        provisionUnitId: unit.id,
        provisionId: provision.id,
        crmInsertionId: insertion!.id,
        accountId: provision.accountId,
        companyId: provision.companyId,
        folio: provision.folio,
        creditLine: 'LC-10001-01',
        vin: unit.vin,
        brand: 'Toyota',
        model: '2023',
        description: 'Unidad financiada',
        amount: '150000.00',
        releasedOn,
        term: 3,
        endsOn: addMonths(releasedOn, 3),
        status: 1,
      });
    }
    return { vins, agedVins: vins.slice(0, aged) };
  });
}

test('the lender opens /cartera, clicks a number and lands on the register filtered to exactly those units', () =>
  journey('portfolio', async (page) => {
    mkdirSync(SHOTS, { recursive: true });
    const { agedVins, vins } = await seedRegister(3);

    await signInAs(page, DEMO_USERS[1].email);
    await openFromMenu(page, 'Financiamiento', 'Cartera', /\/cartera$/);
    await expectVisible(page.getByRole('heading', { name: 'Cartera', level: 1 }));
    await expectVisible(page.getByTestId('exposure'));
    const agingLink = page.getByTestId('aging-61-90-link');
    const shown = Number((await agingLink.innerText()).replace(/[^\d]/g, ''));
    assert.ok(shown >= agedVins.length, `61–90 days shows ${shown}, at least our ${agedVins.length}`);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/portfolio-cartera.png`, fullPage: true });
    await wizardScreenshot(page, 'portfolio-cartera');

    await agingLink.click();
    await page.waitForURL(
      (url) => url.pathname === '/unidades-financiadas' && url.searchParams.get('aging') === '61-90',
    );
    await expectVisible(
      page.getByTestId('portfolio-filters').getByText(M.filterChips.aging('61 a 90 días'), { exact: false }),
    );
    // The register's total is the number clicked, and our units are among them.
    await expectVisible(page.getByText(new RegExp(`de ${shown.toLocaleString('en-US')}$`)));
    const listed = await apiAsPage<{ data: { total: number } }>(
      page,
      '/api/financed-units?status=1,2,4&aging=61-90&pageSize=10',
    );
    assert.equal(listed.data.total, shown);
    for (const vin of agedVins) {
      const one = await apiAsPage<{ data: { total: number } }>(
        page,
        `/api/financed-units?status=1,2,4&aging=61-90&vin=${vin}`,
      );
      assert.equal(one.data.total, 1, vin);
    }
    const young = await apiAsPage<{ data: { total: number } }>(
      page,
      `/api/financed-units?status=1,2,4&aging=61-90&vin=${vins.at(-1)}`,
    );
    assert.equal(young.data.total, 0);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/portfolio-register-filtered.png`, fullPage: true });

    // The dealer's summary: its units by status and what falls due this week (our 25-day-old unit's curtailment).
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await signInAs(page, DEMO_USERS[5].email);
    await page.getByRole('link', { name: 'Resumen de mis unidades' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Resumen de mis unidades', level: 1 }));
    await expectVisible(page.getByRole('table', { name: M.dueThisWeek }).getByRole('link', { name: vins.at(-1)! }));
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/portfolio-dealer.png`, fullPage: true });
    // The dealer may not open the lender's view.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/portfolio', {
        headers: { Authorization: `Bearer ${localStorage.getItem('aws')}` },
      });
      return response.status;
    });
    assert.equal(refused, 403);
  }));
