import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { MESSAGES, ORGANISATION_MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const ACCOUNT = 'Grupo Automotriz del Norte';

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The joint multi-select: ticks each name, then closes the menu. */
async function pickJoint(page: Page, scope: Locator, label: string, names: string[]) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

test('the operator configures the signers of a line: a custom signer on paper and a joint pair', () =>
  journey('signer-configuration', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/cuentas');
    await gridRow(page, 'Cuentas', ACCOUNT)
      .getByRole('button', { name: `Configurar ${ACCOUNT}` })
      .click();
    const screen = page.getByRole('region', { name: 'Configuración de firmantes' });
    await expectVisible(screen.getByText(ACCOUNT, { exact: true }));
    await pick(page, screen, 'Compañía', 'Autos del Norte');
    await pick(page, screen, 'Línea de crédito', 'LC-10001-01');
    await expectVisible(screen.getByText('Inmobiliaria Garza Treviño S.A. de C.V.', { exact: true }));

    // On paper: a custom signer is added and signs for the natural-person guarantor.
    await screen.getByLabel('Firma electrónica').uncheck();
    const custom = screen.getByRole('region', { name: 'Firmantes personalizados' });
    await custom.getByRole('button', { name: '+ Agregar firmante' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo firmante' });
    await dialog.getByLabel('Nombre completo', { exact: true }).fill('Notario Público 12 de Monterrey');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, ORGANISATION_MESSAGES.confirmCustomSigner);
    await acceptSuccess(page, ORGANISATION_MESSAGES.customSignerSaved);
    await expectVisible(custom.getByRole('cell', { name: 'Notario Público 12 de Monterrey' }));

    await pick(page, screen, 'Firmante de Eduardo Garza Sada', 'Notario Público 12 de Monterrey (personalizado)');
    await pick(page, screen, 'Firmante de Inmobiliaria Garza Treviño S.A. de C.V.', 'Patricio Treviño Lozano');
    await pick(page, screen, 'Firmante de Autos del Norte', 'Firma mancomunada');

    // A joint signature of one person is refused in the spec's words.
    await pickJoint(page, screen, 'Firmantes mancomunados de Autos del Norte', ['Ramón Garza Treviño']);
    await screen.getByRole('button', { name: 'Guardar' }).click();
    const refused = page.getByRole('dialog', { name: MESSAGES.errorTitle, exact: true });
    await expectVisible(refused.getByText(ORGANISATION_MESSAGES.jointSignersMin, { exact: true }));
    await refused.getByRole('button', { name: 'Aceptar' }).click();
    await refused.waitFor({ state: 'hidden' });

    await pickJoint(page, screen, 'Firmantes mancomunados de Autos del Norte', ['Mariana Cantú Villarreal']);
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, ORGANISATION_MESSAGES.confirmSignatureConfig);
    await acceptSuccess(page, ORGANISATION_MESSAGES.signatureConfigSaved);

    // What was saved comes back.
    await page.reload();
    await pick(page, screen, 'Compañía', 'Autos del Norte');
    await pick(page, screen, 'Línea de crédito', 'LC-10001-01');
    const joint = screen.getByRole('combobox', { name: 'Firmantes mancomunados de Autos del Norte', exact: true });
    await expectVisible(joint);
    assert.equal((await joint.innerText()).trim(), 'Ramón Garza Treviño, Mariana Cantú Villarreal');
    assert.equal(await screen.getByLabel('Firma electrónica').isChecked(), false);
    await expectVisible(custom.getByRole('cell', { name: 'Notario Público 12 de Monterrey' }));
    await page.mouse.move(1000, 790);
    await settle(page);
    await screenshot(page, 'signer-configuration');

    // The custom signer a saved configuration uses cannot be deleted.
    await custom.getByRole('button', { name: 'Eliminar Notario Público 12 de Monterrey' }).click();
    await confirm(page, ORGANISATION_MESSAGES.confirmDeleteCustomSigner);
    const inUse = page.getByRole('dialog', { name: MESSAGES.errorTitle, exact: true });
    await expectVisible(inUse.getByText(ORGANISATION_MESSAGES.customSignerInUse, { exact: true }));
  }));
