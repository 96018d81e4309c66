import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import {
  FINANCED_UNIT_MESSAGES as M,
  FINANCED_UNIT_STATUS,
  FINANCING_MESSAGES,
  Money,
  PROVISION_FOLLOW_UP_MESSAGES,
  PROVISION_LENDER_MESSAGES,
  PROVISION_STATUS,
  businessClock,
  formatBusinessDate,
  noticeSoldOutOfTrust,
  noticeHoldLifted,
  soldOutOfTrustUnits,
  type FinancedUnitDetail,
} from '@planpiso/domain';
import { financedUnits } from '../../apps/api/src/db/schema/financed-units';
import { companies } from '../../apps/api/src/db/schema/organisation';
import { settle } from '../support/a11y';
import { expectNoAxeViolations } from '../support/axe';
import { advanceClock, resetClocks, runJobNow } from '../support/clock';
import { withDb } from '../support/db';
import { DEMO_USERS } from '../support/demo';
import { e2eEnv } from '../support/env';
import { switchUser } from '../support/exceptions';
import { createProvisionAt } from '../support/follow-up';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { insertCrmCredit } from '../support/layout';
import { apiAsPage, openOperatingWindow, wizardScreenshot } from '../support/provisions';
import { acceptSuccess, confirm, typeDate } from '../support/screens';

/**
 * Issue 29's first acceptance journey: a released provision's unit in the register with the CRM's balance → the
 * dealer reports it sold → the grace passes on the controllable clock, unpaid → Vencida sin liquidar: the dealer's
 * 'Crear Nuevo' is refused with 'Tienes 1 unidad vendida sin liquidar' and the account's operator has the notice →
 * the lender's ERP (the CRM simulator's /pagos page) records the payoff → the hold lifts.
 */
const journey = useBrowser();
/** The demo company's own CRM line (the CRM books the credit on it; a small amount, so the other journeys keep room). */
const LINE = { crmLineId: 'LC-10001-02', typeLine: '100000001' };
const AMOUNT = '85000.00';

/** The credit this journey books at the CRM, once booked (its payoff is the journey's last step). */
let bookedCredit: string | null = null;

// Whatever happened, the next journeys find the clocks at today, the demo company not held by this one's unit and its
// line's room back. Each step even when another fails: a clock left moved, a unit left in SOT (which holds the
// company's refinancings) or the credit left unpaid (it takes the line's room: the refinancing journeys' totals
// exceeded it in CI51) would fail the journeys after this one for a reason that is not theirs.
after(async () => {
  try {
    await resetClocks();
  } finally {
    try {
      await settleOtherSales();
    } finally {
      if (bookedCredit) await payOffAtTheCrm(bookedCredit);
    }
  }
});

/** The lender's ERP pays the credit off at the CRM simulator today, unless it is paid off already. */
async function payOffAtTheCrm(noCredito: string): Promise<void> {
  const { url, token } = e2eEnv().crm;
  const crm = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
  const balance = (await (await crm(`/SaldoCredito?noCredito=${noCredito}`)).json()) as { paidOffAt: string | null };
  if (balance.paidOffAt) return;
  const today = businessClock(new Date()).day;
  const quote = (await (await crm(`/CotizacionLiquidacion?noCredito=${noCredito}&date=${today}`)).json()) as {
    total: string;
  };
  const paid = await crm('/RegistrarPago', {
    method: 'POST',
    body: JSON.stringify({ creditNumber: noCredito, amount: quote.total, paidAt: today }),
  });
  assert.equal(paid.status, 201, `the cleanup's payoff of ${noCredito}: ${await paid.text()}`);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Unidades financiadas' });

/**
 * Another journey's sales of the demo company (the register's own journey reports one) would fall into SOT with this
 * one when the clock moves and change the count the dialog says: they are settled in the database first (as the
 * CRM's payoff would), so this journey's unit is the company's only sold one.
 */
async function settleOtherSales(): Promise<void> {
  await withDb(async (db) => {
    const [company] = await db.select().from(companies).where(eq(companies.clientId, '10001'));
    await db
      .update(financedUnits)
      .set({ status: FINANCED_UNIT_STATUS.PAID, paidAt: businessClock(new Date()).day })
      .where(
        and(
          eq(financedUnits.companyId, company!.id),
          inArray(financedUnits.status, [FINANCED_UNIT_STATUS.SOLD, FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST]),
        ),
      );
  });
}

/** Crear Nuevo on /disposiciones: the 'Resultado de validación' dialog's lines once the server has answered. */
async function preCheck(page: Page) {
  await page.getByRole('button', { name: 'Crear Nuevo' }).click();
  const dialog = page.getByRole('dialog', { name: FINANCING_MESSAGES.eligibilityTitle });
  const lines = dialog.getByRole('list', { name: FINANCING_MESSAGES.eligibilityTitle });
  await expectVisible(lines);
  return { dialog, lines: (await lines.getByRole('listitem').allInnerTexts()).map((line) => line.trim()) };
}

test('sold out of trust: a released unit reported sold and unpaid past its grace holds the dealer until the CRM shows its payoff', () =>
  journey('sold-out-of-trust', async (page) => {
    await resetClocks();
    await openOperatingWindow();
    await settleOtherSales();
    const today = businessClock(new Date()).day;

    // Released by the account's operator (type 3) with Liberar, on the company's own CRM line.
    const signed = await createProvisionAt(PROVISION_STATUS.SIGNED, [{ amount: AMOUNT }], LINE);
    const vin = signed.vins[0]!;
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto(`/vizualizar-expediente/${signed.id}`);
    // The expediente loads its documents and history first: on a loaded machine that takes a while.
    await page.getByRole('button', { name: 'Liberar' }).waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('button', { name: 'Liberar' }).click();
    await confirm(page, PROVISION_FOLLOW_UP_MESSAGES.confirmRelease);
    await acceptSuccess(page, PROVISION_LENDER_MESSAGES.released);

    // The lender's ERP books the credit in the CRM; the release reconciliation finds it (its credit number), and the
    // register's reconciliation reads its balance — each job run now, as its cron would.
    const listed = await apiAsPage<{ data: { items: { id: number; term: number }[] } }>(
      page,
      `/api/financed-units?vin=${vin}`,
    );
    const unitId = listed.data.items[0]!.id;
    const { noCredito } = await insertCrmCredit({
      numeroCliente: '10001',
      lineaCredito: LINE.crmLineId,
      vin,
      plazo: listed.data.items[0]!.term,
      monto: Number(AMOUNT),
      fechaInicio: today,
    });
    bookedCredit = noCredito;
    await runJobNow('crm-release-reconciliation');
    await runJobNow('financed-units-register');

    // The dealer's operator (type 5) sees the unit in the register with the CRM's balance.
    await switchUser(page, DEMO_USERS[5].email, '/unidades-financiadas');
    await page.goto(`/unidades-financiadas?vin=${vin}`);
    await expectVisible(grid(page).getByRole('link', { name: vin }));
    await expectVisible(grid(page).getByText(noCredito, { exact: true }));
    await expectVisible(grid(page).getByRole('columnheader', { name: M.balancePrincipal }));
    await expectVisible(grid(page).getByRole('gridcell', { name: Money.of(AMOUNT).format() }));
    await settle(page);
    await wizardScreenshot(page, 'sot-1-register-with-balance');

    // Reportar venta, sold today.
    await grid(page).getByRole('link', { name: vin }).click();
    await expectVisible(page.getByRole('heading', { name: M.balanceTitle }));
    await expectVisible(page.getByText(M.balanceAsOf(formatBusinessDate(today))));
    await page.getByRole('button', { name: M.reportSale }).click();
    const dialog = page.getByRole('dialog', { name: M.reportSale });
    await typeDate(page, dialog, /Fecha de venta/, today);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    const result = page.getByRole('dialog', { name: 'Acción realizada exitosamente' });
    await expectVisible(result.getByText(M.saleReported(vin)));
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await expectVisible(page.getByText('Vendida (por liquidar)', { exact: true }));
    const sold = await apiAsPage<{ data: FinancedUnitDetail }>(page, `/api/financed-units/${unitId}`);
    const due = sold.data.payoffDueDate!;
    await settle(page);
    await wizardScreenshot(page, 'sot-2-reported-sold');

    // The grace passes unpaid: both clocks to the day after the due date, and the control's job runs.
    const days = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
    const moved = await advanceClock(days);
    assert.ok(moved.api.businessDay > due, `the API's day ${moved.api.businessDay} is past the due date ${due}`);
    await runJobNow('financed-units-grace');

    // Days later the dealer signs in again (the session idled out meanwhile) and opens the unit.
    await switchUser(page, DEMO_USERS[5].email, `/unidades-financiadas/${unitId}`);
    await expectVisible(page.getByText(M.statusSoldOutOfTrust, { exact: true }).first());
    await expectVisible(page.getByRole('list', { name: 'Historial' }).getByText(M.eventKinds.soldOutOfTrust));
    await settle(page);
    await wizardScreenshot(page, 'sot-3-unit-sold-out-of-trust');

    // The dealer's Crear Nuevo is refused with the hold's reason.
    await page.goto('/disposiciones');
    await expectPath(page, '/disposiciones');
    const held = await preCheck(page);
    assert.ok(held.lines.includes(soldOutOfTrustUnits(1)), `the hold in ${JSON.stringify(held.lines)}`);
    // The verdict's line: 'No puedes disponer', or — when an earlier journey left an approved exception, older than
    // the hold — that the exception predates the sold units (decision 056's rule, said of them).
    const verdict = held.lines.at(-1)!;
    assert.ok(
      [FINANCING_MESSAGES.cannotProvision, M.approvalPredatesSoldOutOfTrust].some((line) => verdict.endsWith(line)),
      `the verdict in ${JSON.stringify(held.lines)}`,
    );
    assert.equal(await held.dialog.getByRole('button', { name: 'Continuar' }).count(), 0, 'no way on');
    await settle(page);
    await wizardScreenshot(page, 'sot-4-crear-nuevo-refused');
    await expectNoAxeViolations(page, 'Resultado de validación (sold out of trust)');
    await held.dialog.getByRole('button', { name: 'Aceptar' }).click();

    // The account's operator got the notice, in-app.
    const sotNotice = noticeSoldOutOfTrust(vin, formatBusinessDate(due));
    await switchUser(page, DEMO_USERS[3].email, '/notificaciones');
    const notices = page.getByRole('grid', { name: 'Notificaciones' });
    await expectVisible(notices.getByText(sotNotice, { exact: true }));
    await settle(page);
    await wizardScreenshot(page, 'sot-5-operator-notice');

    // The lender's ERP records the payoff on the CRM simulator's own page: the quote for the API's day, paid.
    const quote = await apiAsPage<{ data: { quote: { total: string } | null } }>(
      page,
      `/api/financed-units/${unitId}/balance?date=${moved.api.businessDay}`,
    );
    assert.ok(quote.data.quote, 'the CRM quotes the payoff');
    const erp = await page.context().newPage();
    try {
      await erp.goto(`${e2eEnv().crm.url}/pagos`);
      await expectVisible(erp.getByRole('heading', { name: 'ERP del acreedor · Pagos de créditos' }));
      const form = erp.getByRole('group', { name: 'Registrar un pago' });
      await form.getByLabel('Número de crédito').fill(noCredito);
      await form.getByLabel('Monto').fill(quote.data.quote.total);
      await form.getByLabel('Fecha de pago').fill(moved.api.businessDay);
      await form.getByRole('button', { name: 'Registrar pago' }).click();
      await expectVisible(erp.getByRole('status').getByText(`el crédito ${noCredito} quedó liquidado`));
      await erp.screenshot({ path: 'artifacts/screenshots/sot-6-crm-payoff.png', fullPage: true });
    } finally {
      await erp.close();
    }

    // The control's next pass sees the payoff: the unit is Liquidada, the hold lifts, and the operator is told.
    await runJobNow('financed-units-grace');
    await page.reload();
    await expectVisible(notices.getByText(noticeHoldLifted(vin), { exact: true }));

    await switchUser(page, DEMO_USERS[5].email, `/unidades-financiadas/${unitId}`);
    await expectVisible(page.getByText(M.statusPaid, { exact: true }).first());
    await page.goto('/disposiciones');
    await expectPath(page, '/disposiciones');
    const lifted = await preCheck(page);
    assert.ok(!lifted.lines.includes(soldOutOfTrustUnits(1)), `no hold in ${JSON.stringify(lifted.lines)}`);
    await settle(page);
    await wizardScreenshot(page, 'sot-7-hold-lifted');
  }));
