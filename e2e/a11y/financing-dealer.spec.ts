// The dealer operator's (type 5) financing screens and dialogs: axe finds nothing and every name a screen reader
// announces is Spanish (e2e/support/axe.ts). The financing sweep is split over e2e/a11y/financing-*.spec.ts, each file
// one browser within the runner's two minutes; each screen is visited once per user type and each dialog opened once.
import { test } from 'node:test';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { a11yChecker, settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { freshVin, openOperatingWindow } from '../support/provisions';
import { gridRow } from '../support/screens';
import { createReviewUnits } from '../support/units-review';

const journey = useBrowser();

test('type 5: the provisions list with its filters and dialogs, exceptions, inventory, units under review', () =>
  journey('a11y-financing-dealer', async (page) => {
    await openOperatingWindow();
    const vin = freshVin();
    await createReviewUnits([{ vin, comment: 'Falta la factura', amount: '1500.00' }]);
    await signedIn(page, DEMO_USERS[5].email);
    const { check, step, visit, dialog, done } = a11yChecker(page);

    // The list with its filters open (the branch and operator pickers), the exception request and the pre-check.
    await step('/disposiciones (Filtros)', async () => {
      await page.goto('/disposiciones');
      await page.getByRole('button', { name: 'Filtros' }).click();
      await expectVisible(page.getByRole('combobox', { name: 'Operador' }));
      await check('/disposiciones (Filtros)');
    });
    await dialog(
      '/disposiciones (Solicitar Excepción)',
      () => page.getByRole('button', { name: 'Solicitar Excepción' }).click(),
      'Solicitar Excepción',
    );
    await dialog(
      '/disposiciones (Resultado de validación)',
      async () => {
        await page.getByRole('button', { name: 'Crear Nuevo' }).click();
        await page.getByLabel('Validando').waitFor({ state: 'detached' });
      },
      FINANCING_MESSAGES.eligibilityTitle,
    );
    await visit('/excepciones', '/excepciones (type 5)');
    await visit('/inventario', '/inventario (type 5)');

    // Units under review and each of its dialogs.
    await visit('/unidades');
    const row = gridRow(page, 'Unidades en revisión', vin);
    await dialog(
      '/unidades (Comentario)',
      () => row.getByRole('button', { name: `Ver comentario ${vin}` }).click(),
      'Comentario',
    );
    await dialog(
      '/unidades (Cargar documentos)',
      () => row.getByRole('button', { name: `Cargar documentos ${vin}` }).click(),
      'Cargar documentos',
    );
    await dialog(
      '/unidades (Remover)',
      () => row.getByRole('button', { name: `Remover ${vin}` }).click(),
      'Remover',
      () => page.getByRole('dialog', { name: 'Remover' }).getByRole('button', { name: 'Cancelar' }),
    );
    await dialog(
      '/unidades (Creación de disposición)',
      async () => {
        await row.getByRole('checkbox', { name: `Incluir ${vin}` }).check();
        await page.getByRole('button', { name: 'Crear Nuevo' }).click();
        await expectVisible(page.getByRole('dialog').getByText(vin, { exact: true }));
        await settle(page);
        await screenshot(page, 'a11y-create-provision-dialog');
        await page.setViewportSize({ width: 390, height: 844 });
        await settle(page);
        await screenshot(page, 'a11y-create-provision-dialog-mobile');
        await page.setViewportSize({ width: 1366, height: 800 });
      },
      FINANCING_MESSAGES.createProvisionDialogTitle,
    );
    done();
  }));
