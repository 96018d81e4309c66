import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

/** A real 1×1 PNG: the server checks the bytes, not only the name (issue 13). */
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex'),
]);

test('a dealer operator (type 5) requests an exception with a comment and evidence; the operator is notified', () =>
  journey('request-exception', async (page) => {
    await signInAs(page, DEMO_USERS[5].email);
    await page.goto('/disposiciones');
    await expectPath(page, '/disposiciones');
    await page.getByRole('button', { name: 'Solicitar Excepción' }).click();

    const dialog = page.getByRole('dialog', { name: 'Solicitar Excepción' });
    await expectVisible(dialog);
    const comment = `Saldo pendiente en conciliación ${Date.now()}`;
    await dialog.getByLabel('Comentario').fill(comment);
    await dialog
      .getByLabel('Evidencia')
      .setInputFiles({ name: 'estado de cuenta.png', mimeType: 'image/png', buffer: PNG });
    await expectVisible(dialog.getByText('estado de cuenta.png'));
    await dialog.getByRole('button', { name: 'Enviar' }).click();

    const result = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
    await expectVisible(result);
    const message = (
      await result.getByText(/^Solicitud de excepción con folio \d+ enviada exitosamente\.$/).innerText()
    ).trim();
    const folio = /folio (\d+)/.exec(message)?.[1];
    assert.ok(folio, `a folio in "${message}"`);
    await screenshot(page, 'exception-request-sent');
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });

    // The account's operator (type 3) finds the request among its notifications (type 2 Excepción).
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInAs(page, DEMO_USERS[3].email);
    await page.goto('/notificaciones');
    await expectVisible(page.getByText(new RegExp(`Nueva solicitud de excepción ${folio} de `)));
  }));
