import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROVISION_REVIEW_MESSAGES, pendingUnitsWarning } from '@planpiso/domain';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { ARTIFACTS_DIR } from '../support/paths';
import { freshVin } from '../support/provisions';
import { createProvisionUnderReview, reviewedUnits } from '../support/provision-review';
import { acceptSuccess, confirm, gridRow, search } from '../support/screens';

const journey = useBrowser();
const GRID = 'Disposiciones en revisión';

test('type 2 reviews the units of a provision at Validación: one No with its comment, the rest Si', () =>
  journey('provision-review', async (page) => {
    mkdirSync(join(ARTIFACTS_DIR, 'screenshots'), { recursive: true });
    const vins = [freshVin('3N1CD3AP'), freshVin('1HGCM826'), freshVin('JN1AZ4EH')] as const;
    const provision = await createProvisionUnderReview([
      {
        vin: vins[0],
        amount: '385900.00',
        validation: { invoiceDate: '2026-11-02', validInvoice: true, repuve: true, tu: true, ax: true },
      },
      {
        vin: vins[1],
        amount: '412500.50',
        validation: { invoiceDate: '2026-11-03', validInvoice: false, repuve: true, tu: false, ax: true },
      },
      {
        vin: vins[2],
        amount: '298000.00',
        validation: { invoiceDate: null, validInvoice: null, repuve: null, tu: true, ax: null },
      },
    ]);

    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/disposiciones-revision');
    const row = gridRow(page, GRID, provision.folio);
    await search(page, { 'N° de disposición': provision.folio });
    await expectVisible(row);
    // The spec's columns: company, the account's FinBe operator, type, units and the date as dd/MM/yyyy HH:mm.
    await expectVisible(row.getByText('Autos del Norte', { exact: true }));
    await expectVisible(row.getByText(`${DEMO_USERS[3].firstname} ${DEMO_USERS[3].lastname}`, { exact: true }));
    await expectVisible(row.getByText('Nuevos', { exact: true }));
    await expectVisible(row.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'screenshots/provision-review-list');
    await expectNoAxeViolations(page, '/disposiciones-revision');

    await row.getByRole('link', { name: `Ver ${provision.folio}` }).click();
    await expectPath(page, `/disposiciones-revision/${provision.id}`);
    await expectVisible(page.getByRole('heading', { name: 'Datos de la empresa' }));
    await expectVisible(page.getByRole('heading', { name: 'Unidades para revisión' }));
    const units = page.getByRole('table', { name: 'Unidades para revisión' });
    const second = units.getByRole('row').filter({ hasText: vins[1] });
    await expectVisible(second.getByRole('img', { name: 'Factura: No aprobado' }));
    await expectVisible(second.getByRole('img', { name: 'Transunion: No aprobado' }));
    await expectVisible(
      units.getByRole('row').filter({ hasText: vins[2] }).getByRole('img', { name: 'AX: Sin validar' }),
    );

    // The evidence viewer opens for a unit (none were attached to this one).
    await units.getByRole('button', { name: `Ver evidencias ${vins[0]}` }).click();
    const evidence = page.getByRole('dialog', { name: 'Evidencias' });
    await expectVisible(evidence.getByText(vins[0]));
    await evidence.getByRole('button', { name: 'Cerrar' }).click();
    await evidence.waitFor({ state: 'hidden' });

    const choose = (vin: string, label: string) =>
      page.getByRole('combobox', { name: `Revisión ${vin}` }).selectOption({ label });
    await choose(vins[0], 'Si');
    await choose(vins[1], 'No');
    await page.getByRole('textbox', { name: `Comentario ${vins[1]}` }).fill('La factura no corresponde al VIN');
    await page.mouse.move(1000, 780);
    await screenshot(page, 'screenshots/provision-review-detail');
    await expectNoAxeViolations(page, '/disposiciones-revision/:id');

    // One unit still pending: the spec's warning comes first.
    await page.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, `${pendingUnitsWarning(1)} ${PROVISION_REVIEW_MESSAGES.continueQuestion}`);
    await acceptSuccess(page, PROVISION_REVIEW_MESSAGES.updated);
    await expectPath(page, '/disposiciones-revision');
    // Still under review (the operator confirms or rejects it next); the other units stay as they were.
    await expectVisible(page.getByRole('grid', { name: GRID }));

    const saved = new Map((await reviewedUnits(provision.id)).map((u) => [u.vin, u]));
    assert.deepEqual(saved.get(vins[0]), { vin: vins[0], status: 1, comment: '', reviewAF: true });
    assert.deepEqual(saved.get(vins[1]), {
      vin: vins[1],
      status: 2,
      comment: 'La factura no corresponde al VIN',
      reviewAF: true,
    });
    assert.deepEqual(saved.get(vins[2]), { vin: vins[2], status: 0, comment: '', reviewAF: false });
  }));
