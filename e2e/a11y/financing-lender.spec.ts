// The lender operator's (type 3) provisions: the list with its operator search, and a provision's follow-up at
// Validación and at Firmada with the lender's dialogs (its other screens: financing-lender-lists.spec.ts).
// Axe finds nothing and every name a screen reader announces is Spanish (e2e/support/axe.ts). Part of the financing
// sweep (e2e/a11y/financing-*.spec.ts).
import { test } from 'node:test';
import { PROVISION_STATUS, confirmRejectProvision } from '@planpiso/domain';
import { a11yChecker } from '../support/a11y';
import { DEMO_USERS } from '../support/demo';
import { createProvisionAt } from '../support/follow-up';
import { expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

test('type 3: provisions with the operator search, a provision’s follow-up and the lender’s dialogs', () =>
  journey('a11y-financing-lender', async (page) => {
    const validation = await createProvisionAt(PROVISION_STATUS.LENDER_VALIDATION, [{ amount: '1000.00' }]);
    const signed = await createProvisionAt(PROVISION_STATUS.SIGNED, [{ amount: '900.00' }]);
    await signedIn(page, DEMO_USERS[3].email);
    const { check, step, visit, dialog, done } = a11yChecker(page);

    await step('/disposiciones (Filtros, type 3)', async () => {
      await page.goto('/disposiciones');
      await page.getByRole('button', { name: 'Filtros' }).click();
      await expectVisible(page.getByRole('combobox', { name: 'Operador' }));
      await check('/disposiciones (Filtros, type 3)');
    });

    await visit(`/vizualizar-disposicion/${validation.id}`, '/vizualizar-disposicion/:id (type 3, Validación)');
    await dialog(
      '/vizualizar-disposicion/:id (Rechazar)',
      () => page.getByRole('button', { name: 'Rechazar' }).click(),
      confirmRejectProvision(validation.folio),
      () => page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }),
    );
    await visit(`/vizualizar-disposicion/${signed.id}`, '/vizualizar-disposicion/:id (type 3, Firmada)');
    await dialog(
      '/vizualizar-disposicion/:id (Actualizar folio)',
      () => page.getByRole('button', { name: 'Actualizar folio' }).click(),
      'Actualizar folio',
    );
    await dialog(
      '/vizualizar-disposicion/:id (Enviar a CRM)',
      () => page.getByRole('button', { name: 'Enviar a CRM' }).click(),
      'Enviar a CRM',
    );

    done();
  }));
