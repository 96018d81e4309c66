import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOTIFICATION_TYPE, notificationTypeLabel } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';
import { liveConnection } from '../support/realtime';
import { gridRow, pendingNotificationsDot, sideMenu } from '../support/screens';
import { startSecondApi } from '../support/second-api';
import { createUser } from '../support/users';

const journey = useBrowser();
const VIEWPORT = { width: 1366, height: 800 };

test('a notification sent through another API process shows a live toast and the red dot; viewing it marks it read', () =>
  journey('live-notification', async (page) => {
    const tag = randomUUID().slice(0, 8);
    const user = await createUser({ type: 3, password: 'Operador#2026a' });
    const otherApi = await startSecondApi();
    try {
      const connected = liveConnection(page);
      await signInAs(page, user.email, 'Operador#2026a');
      await connected;
      await expectVisible(sideMenu(page).getByRole('link', { name: 'Notificaciones' }));
      assert.equal(await pendingNotificationsDot(page).count(), 0, 'a new user has nothing unread');

      // Written and committed by the other process; the browser's API process hears it through PostgreSQL.
      const [provision] = await otherApi.notify(
        [user.id],
        NOTIFICATION_TYPE.PROVISION,
        `Disposición D-${tag} autorizada`,
      );
      assert.ok(provision);
      const toast = page.getByRole('alert').filter({ hasText: provision.message });
      await expectVisible(toast);
      const box = await toast.boundingBox();
      assert.ok(box, 'the toast has a place on screen');
      assert.ok(
        box.x > VIEWPORT.width / 2 && box.y > VIEWPORT.height / 2,
        `toast at the bottom right, got ${JSON.stringify(box)}`,
      );
      await expectVisible(pendingNotificationsDot(page));
      await expectPath(page, '/');

      // Closable...
      await toast.getByRole('button', { name: 'Cerrar notificación' }).click();
      await toast.waitFor({ state: 'hidden' });

      // ... and it hides by itself (a pointer resting on a toast keeps it open, so move it away first).
      await page.mouse.move(800, 150);
      const [exception] = await otherApi.notify([user.id], NOTIFICATION_TYPE.EXCEPTION, `Excepción E-${tag} recibida`);
      assert.ok(exception);
      const second = page.getByRole('alert').filter({ hasText: exception.message });
      await expectVisible(second);
      await second.waitFor({ state: 'hidden', timeout: 15_000 });

      // Both are listed unread, newest first, with their red dots.
      await sideMenu(page).getByRole('link', { name: 'Notificaciones' }).click();
      await expectPath(page, '/notificaciones');
      const grid = page.getByRole('grid', { name: 'Notificaciones' });
      const provisionRow = gridRow(page, 'Notificaciones', provision.message);
      const exceptionRow = gridRow(page, 'Notificaciones', exception.message);
      await expectVisible(provisionRow.getByRole('img', { name: 'No leída' }));
      await expectVisible(exceptionRow.getByRole('img', { name: 'No leída' }));
      await expectVisible(exceptionRow.getByText(notificationTypeLabel(NOTIFICATION_TYPE.EXCEPTION), { exact: true }));
      await expectVisible(provisionRow.getByText(notificationTypeLabel(NOTIFICATION_TYPE.PROVISION), { exact: true }));
      const messages = (await grid.getByRole('row').allInnerTexts()).filter((text) => text.includes(tag));
      assert.ok(messages[0]?.includes(exception.message), 'the newest first');
      await page.mouse.move(1000, 780);
      await screenshot(page, 'notifications-list');

      // Viewing one opens its dialog and marks it read; the other keeps the menu's red dot on.
      await provisionRow.getByRole('button', { name: `Ver notificación ${provision.id}` }).click();
      const dialog = page.getByRole('dialog', {
        name: notificationTypeLabel(NOTIFICATION_TYPE.PROVISION),
        exact: true,
      });
      await expectVisible(dialog.getByText(provision.message, { exact: true }));
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await provisionRow.getByRole('img', { name: 'No leída' }).waitFor({ state: 'detached' });
      await expectVisible(exceptionRow.getByRole('img', { name: 'No leída' }));
      await expectVisible(pendingNotificationsDot(page));

      // The last one read: no red dot left anywhere.
      await exceptionRow.getByRole('button', { name: `Ver notificación ${exception.id}` }).click();
      const exceptionDialog = page.getByRole('dialog', {
        name: notificationTypeLabel(NOTIFICATION_TYPE.EXCEPTION),
        exact: true,
      });
      await expectVisible(exceptionDialog.getByText(exception.message, { exact: true }));
      await exceptionDialog.getByRole('button', { name: 'Cerrar' }).click();
      await exceptionRow.getByRole('img', { name: 'No leída' }).waitFor({ state: 'detached' });
      await pendingNotificationsDot(page).waitFor({ state: 'detached' });

      // Read for good: a reload shows them read.
      await page.reload();
      await expectVisible(provisionRow);
      assert.equal(await grid.getByRole('img', { name: 'No leída' }).count(), 0);
      assert.equal(await pendingNotificationsDot(page).count(), 0);
    } finally {
      await otherApi.close();
    }
  }));
