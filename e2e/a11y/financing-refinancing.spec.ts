// The dealer operator's (type 5) refinancing screens and dialogs: the list, its units to refinance (with the term and
// create dialogs), the create page, and a refinancing's follow-up (the other types read the list and the follow-up in
// their own sweeps). Axe finds nothing and every name a screen reader announces is Spanish
// (e2e/support/axe.ts). Part of the financing sweep (e2e/a11y/financing-*.spec.ts).
import { before, test } from 'node:test';
import { REFINANCING_MESSAGES as M } from '@planpiso/domain';
import { a11yChecker } from '../support/a11y';
import { a11yRefinancing } from '../support/a11y-seeds';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectPath, signedIn, useBrowser } from '../support/journey';
import { REFINANCING_E2E_LINE, createRefinanceableUnits } from '../support/refinancing';
import { gridRow } from '../support/screens';

const journey = useBrowser();
let refinancingId: number;

before(async () => {
  refinancingId = await a11yRefinancing();
});

test('type 5: units to refinance with their dialogs, the create page and the new refinancing', () =>
  journey('a11y-financing-refinancing-5', async (page) => {
    const vin = `E2EA11Y${String(Date.now()).slice(-10)}`;
    await createRefinanceableUnits([{ vin, deadlines: 3, amount: '150.00' }]);
    await signedIn(page, DEMO_USERS[5].email);
    const { check, step, visit, dialog, done } = a11yChecker(page);
    await visit('/refinanciamientos', '/refinanciamientos (type 5)');
    await visit(
      `/refinanciamientos/unidades?creditLine=${REFINANCING_E2E_LINE}`,
      '/refinanciamientos/unidades (type 5)',
    );
    const unit = gridRow(page, 'Unidades para refinanciar', vin);
    await dialog(
      '/refinanciamientos/unidades (Actualizar plazo)',
      () => unit.getByRole('button', { name: `Actualizar ${vin}` }).click(),
      M.termDialogTitle,
    );
    await dialog(
      '/refinanciamientos/unidades (CreateRefinancing)',
      async () => {
        await unit.getByRole('checkbox', { name: `Incluir ${vin}` }).check();
        await page.getByRole('button', { name: 'Crear Nuevo' }).click();
      },
      M.createDialogTitle,
      () => page.getByRole('dialog', { name: M.createDialogTitle }).getByRole('button', { name: 'Aceptar' }),
    );
    await step('/crear-refinanciamiento', async () => {
      await expectPath(page, '/crear-refinanciamiento');
      await chooseNative(page, /Línea de crédito/, /LC-10001-02/);
      await chooseNative(page, /Representante legal/, 'Ramón Representante');
      await check('/crear-refinanciamiento');
    });
    await visit(`/refinanciamientos/${refinancingId}`, '/refinanciamientos/:id (type 5)');
    done();
  }));
