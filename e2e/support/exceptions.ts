// What the exception journeys share (exceptions-flow, audit-exception-journey): the evidence file, the user switch
// and the confirm-then-result step of a review or an approval.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@planpiso/domain';
import { expectPath, expectVisible, signedIn } from './journey';

/** A real 1×1 PNG: the server checks the bytes, not only the name. */
export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8ffff3f0005fe02fea73581e40000000049454e44ae426082', 'hex'),
]);

/** Signs `email` in on a clean session and opens `to`. */
export async function switchUser(page: Page, email: string, to: string) {
  // The app leaves first: a screen left running may end its user's sessions meanwhile (its socket closed once the
  // test clock moved past its token), which would end the session signed in next if it is the same user's.
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await signedIn(page, email);
  await page.goto(to);
  await expectPath(page, to);
}

/** Confirm (Aceptar), then the result dialog's message and its Aceptar. */
export async function confirmAndRead(page: Page, message: string) {
  await page.getByRole('button', { name: 'Aceptar' }).click();
  const result = page.getByRole('dialog', { name: MESSAGES.actionSucceeded });
  await expectVisible(result);
  await expectVisible(result.getByText(message));
  await result.getByRole('button', { name: 'Aceptar' }).click();
}

/** Waits until the open dialogs have finished fading in (MUI's transition), so a screenshot never shows them half drawn. */
export async function dialogsSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.MuiDialog-container')).every((el) => getComputedStyle(el).opacity === '1'),
  );
}
