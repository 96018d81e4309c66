import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, roleLabel } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signIn, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

test('a wrong password shows the spec message and stays on /login', () =>
  journey('wrong-password', async (page) => {
    await page.goto('/login');
    await expectVisible(page.getByRole('heading', { name: 'Iniciar sesión' }));
    await screenshot(page, 'sign-in');
    await signIn(page, DEMO_USERS[2].email, 'Wrong#2026a');
    await expectVisible(page.getByText(MESSAGES.wrongCredentials, { exact: true }));
    await expectPath(page, '/login');
  }));

test('an unknown e-mail gets the same answer as a wrong password', () =>
  journey('unknown-email', async (page) => {
    await signIn(page, 'nadie@planpiso.mx', DEMO_PASSWORD);
    await expectVisible(page.getByText(MESSAGES.wrongCredentials, { exact: true }));
  }));

test('the demo administrator signs in and lands on the welcome page', () =>
  journey('welcome', async (page) => {
    await signInAs(page, DEMO_USERS[2].email);
    await expectVisible(page.getByText(roleLabel(2)));
    await screenshot(page, 'welcome');
  }));

test('a signed-in user who opens /login is sent to /', () =>
  journey('login-when-signed-in', async (page) => {
    await signInAs(page, DEMO_USERS[3].email);
    await page.goto('/login');
    await expectPath(page, '/');
    await expectVisible(page.getByText(MESSAGES.welcome, { exact: true }));
  }));

test('loading a page again before it finished loading keeps the user signed in', () =>
  journey('reload-twice', async (page) => {
    await signInAs(page, DEMO_USERS[5].email);
    // The first load's session check is cancelled by the second load, before or while its answer arrives: no
    // answer (or half of one) is not a refusal.
    for (let round = 0; round < 10; round++) {
      await page.goto('/notificaciones', { waitUntil: 'commit' });
      await page.waitForTimeout(30 + round * 15);
      await page.goto('/notificaciones');
      await expectVisible(page.getByRole('heading', { name: 'Notificaciones' }));
      assert.equal(new URL(page.url()).pathname, '/notificaciones', `round ${round}: still signed in`);
    }
  }));

test('signing out from the header clears the session and returns to /login', () =>
  journey('sign-out', async (page) => {
    await signInAs(page, DEMO_USERS[5].email);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    // The session is gone: / sends the user back to /login.
    await page.goto('/');
    await expectPath(page, '/login');
  }));
