import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { FINANCING_MESSAGES, MESSAGES } from '@planpiso/domain';
import { expectNoAxeViolations } from '../support/axe';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { confirmAndRead, dialogsSettled, PNG, switchUser as switchUserTo } from '../support/exceptions';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

/** Signs `email` in and opens /excepciones. */
const switchUser = (page: Page, email: string) => switchUserTo(page, email, '/excepciones');

/** A screenshot once the open dialogs have finished fading in (MUI's transition), so they are not half drawn. */
async function settledScreenshot(page: Page, name: string) {
  await dialogsSettled(page);
  await screenshot(page, name);
}

/** Opens Solicitar Excepción from the provisions list and checks Comentario is marked required and asked for. */
async function openRequiredRequest(page: Page, width: number, name: string) {
  await page.goto('/disposiciones');
  await expectPath(page, '/disposiciones');
  await page.getByRole('button', { name: 'Solicitar Excepción' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar Excepción' });
  await expectVisible(dialog);

  // spec 3 §2 Exceptions: 'a Comentario text field marked required'.
  const comment = dialog.getByRole('textbox', { name: 'Comentario' });
  assert.equal(await comment.evaluate((field) => (field as HTMLTextAreaElement).required), true);
  await expectVisible(dialog.locator('label').filter({ hasText: 'Comentario' }).locator('.MuiFormLabel-asterisk'));
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expectVisible(dialog.getByText(MESSAGES.required, { exact: true }));
  const box = await dialog.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, 'the dialog fits the window');
  await screenshot(page, `screenshots/${name}-exception-request-required`);
  return dialog;
}

test('Solicitar excepción marks Comentario required and asks for it (390 px)', () =>
  journey('request-exception-required-phone', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedIn(page, DEMO_USERS[5].email);
    await openRequiredRequest(page, 390, 'phone');
  }));

test('type 5 asks with evidence (Comentario required, at 1280 px), type 3 is notified and sends observations, type 2 approves, type 5 reads the answer', () =>
  journey('exceptions-flow', async (page) => {
    // Type 5 asks from the provisions list (spec 1 §2.10): Comentario is required first (at 1280 px).
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedIn(page, DEMO_USERS[5].email);
    const ask = await openRequiredRequest(page, 1280, 'desktop');
    await page.setViewportSize({ width: 1366, height: 800 });
    await ask.getByLabel('Comentario').fill(`Auditoría en curso ${Date.now()}`);
    await ask
      .getByLabel('Evidencia')
      .setInputFiles({ name: 'estado de cuenta.png', mimeType: 'image/png', buffer: PNG });
    await expectVisible(ask.getByText('estado de cuenta.png'));
    await ask.getByRole('button', { name: 'Enviar' }).click();
    const sent = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
    await expectVisible(sent);
    const text = (
      await sent.getByText(/^Solicitud de excepción con folio \d+ enviada exitosamente\.$/).innerText()
    ).trim();
    const folio = /folio (\d+)/.exec(text)?.[1];
    assert.ok(folio, `a folio in "${text}"`);
    await screenshot(page, 'exception-request-sent');
    await sent.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });

    // Its list shows it pending (not approved), by number.
    await page.goto('/excepciones');
    await expectVisible(page.getByRole('columnheader', { name: FINANCING_MESSAGES.exceptionNumber }));
    await expectVisible(page.getByRole('gridcell', { name: folio, exact: true }));
    await screenshot(page, 'exceptions-type-5');
    await expectNoAxeViolations(page, '/excepciones (type 5)');

    // The account's operator (type 3) finds the request among its notifications (type 2 Excepción), then sends its
    // observations with Visto bueno and its evidence.
    await switchUser(page, DEMO_USERS[3].email);
    await page.goto('/notificaciones');
    await expectVisible(page.getByText(new RegExp(`Nueva solicitud de excepción ${folio} de `)));
    await page.goto('/excepciones');
    await expectPath(page, '/excepciones');
    await expectVisible(page.getByRole('columnheader', { name: FINANCING_MESSAGES.exceptionCustomer }));
    await screenshot(page, 'exceptions-type-3');
    await expectNoAxeViolations(page, '/excepciones (type 3)');
    await page.getByRole('button', { name: `Enviar ${folio}` }).click();
    const observe = page.getByRole('dialog', { name: new RegExp(FINANCING_MESSAGES.exceptionObservations) });
    await observe.getByLabel('Comentario').fill('Documentación revisada');
    await observe.getByLabel('Si').check();
    await observe.getByLabel('Evidencia').setInputFiles({ name: 'revision.png', mimeType: 'image/png', buffer: PNG });
    await settledScreenshot(page, 'exceptions-type-3-observations');
    await observe.getByRole('button', { name: 'Enviar' }).click();
    await confirmAndRead(page, FINANCING_MESSAGES.exceptionReviewed);
    await observe.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Enviar ${folio}` }).waitFor({ state: 'detached' });

    // Type 2 reads the request with the observations and approves it.
    await switchUser(page, DEMO_USERS[2].email);
    await page.getByRole('button', { name: `Ver ${folio}` }).click();
    const view = page.getByRole('dialog', { name: FINANCING_MESSAGES.exceptionViewRequest });
    await expectVisible(view.getByText('Documentación revisada'));
    await settledScreenshot(page, 'exceptions-type-2');
    await view.getByRole('button', { name: FINANCING_MESSAGES.exceptionApprove }).click();
    const approve = page.getByRole('dialog', { name: new RegExp(FINANCING_MESSAGES.exceptionApprove) });
    await approve.getByRole('button', { name: FINANCING_MESSAGES.exceptionApprove }).click();
    await confirmAndRead(page, FINANCING_MESSAGES.exceptionApprovedMessage);
    await approve.waitFor({ state: 'detached' });

    // Type 5 sees it approved and reads the answer.
    await switchUser(page, DEMO_USERS[5].email);
    await page.getByRole('button', { name: `Ver ${folio}` }).click();
    const answer = page.getByRole('dialog', { name: FINANCING_MESSAGES.exceptionViewResponse });
    await expectVisible(answer.getByText(FINANCING_MESSAGES.exceptionApprovalComment));
    await settledScreenshot(page, 'exceptions-type-5-response');
  }));
