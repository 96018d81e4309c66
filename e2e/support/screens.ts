// What the list and form screens have in common (apps/web/src/components): the side menu, the search bar, the
// grid's rows and the save flow's two dialogs (confirm, then result), found the way a user finds them.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@planpiso/domain';
import { expectVisible } from './journey';

export const sideMenu = (page: Page): Locator => page.getByRole('navigation', { name: 'Menú principal' });

/**
 * Opens a side-menu entry — its group first when closed — and waits for its address. A click the page loses (CI saw
 * the home page stay put twice on a loaded machine, the entry shown and clicked) is made again, up to three times.
 */
export async function openFromMenu(page: Page, group: string, entry: string, address: RegExp): Promise<void> {
  const link = sideMenu(page).getByRole('link', { name: entry });
  for (let attempt = 1; ; attempt++) {
    if (!(await link.isVisible())) await sideMenu(page).getByRole('button', { name: group }).click();
    await link.waitFor({ state: 'visible' });
    await link.click();
    try {
      await page.waitForURL(address, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The side menu's top-level labels, in screen order (the red dot has no text). */
export async function sideMenuLabels(page: Page): Promise<string[]> {
  return (await sideMenu(page).locator('a, [role="button"]').allInnerTexts()).map((label) => label.trim());
}

/** The red dot on the Notificaciones menu item (unread notifications). */
export const pendingNotificationsDot = (page: Page): Locator =>
  sideMenu(page).getByRole('img', { name: 'Notificaciones pendientes' });

/** Fills the list's search bar fields by label and presses Buscar. */
export async function search(page: Page, fields: Record<string, string>): Promise<void> {
  const bar = page.getByRole('search');
  for (const [label, value] of Object.entries(fields)) {
    await bar.getByLabel(label, { exact: true }).fill(value);
  }
  await bar.getByRole('button', { name: 'Buscar' }).click();
}

/** The grid row that shows `text` (a unique e-mail or name). */
export const gridRow = (page: Page, grid: string, text: string): Locator =>
  page.getByRole('grid', { name: grid }).getByRole('row').filter({ hasText: text });

/** The confirm step of a save flow: the prompt must read `message`; presses Aceptar. */
export async function confirm(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: message, exact: true });
  await expectVisible(dialog);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
}

const resultDialog = (page: Page) =>
  page.getByRole('dialog').filter({
    has: page.getByRole('heading', { name: new RegExp(`${MESSAGES.actionSucceeded}|${MESSAGES.errorTitle}`) }),
  });

/**
 * The result step: 'Acción realizada exitosamente' with `message`, then Aceptar. A failure dialog ('Ocurrió un
 * error') fails the journey with the server's message instead of a timeout.
 */
export async function acceptSuccess(page: Page, message: string): Promise<void> {
  const dialog = resultDialog(page);
  await expectVisible(dialog);
  const text = (await dialog.innerText()).trim();
  if (!text.includes(MESSAGES.actionSucceeded)) throw new Error(`The result dialog says: ${text}`);
  await expectVisible(dialog.getByText(message, { exact: true }));
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * The status toggle of a list row (spec 1 §4) turned off: cancelling its prompt changes nothing; confirming it
 * answers `changed`, the row takes the returned value, and the server kept it (still off after a reload).
 */
export async function switchOffConfirmed(page: Page, toggle: Locator, prompt: string, changed: string): Promise<void> {
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: prompt, exact: true });
  await expectVisible(dialog);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await toggle.isChecked(), true, 'cancelled: still active');

  await toggle.click();
  await confirm(page, prompt);
  await acceptSuccess(page, changed);
  assert.equal(await toggle.isChecked(), false, 'the row takes the returned value');

  await page.reload();
  await expectVisible(toggle);
  assert.equal(await toggle.isChecked(), false, 'still inactive after a reload');
}

/** Types `day` (YYYY-MM-DD) into the date field labelled `label` inside `scope`, as a person does: DDMMYYYY. */
export async function typeDate(page: Page, scope: Locator, label: string | RegExp, day: string): Promise<void> {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`);
}
