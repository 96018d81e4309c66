import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

for (const [width, height, name] of [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test(`Solicitar excepción marks Comentario required and asks for it (${width} px)`, () =>
    journey(`request-exception-required-${name}`, async (page) => {
      await page.setViewportSize({ width, height });
      await signInAs(page, DEMO_USERS[5].email);
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
    }));
}
