import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGES, SIGN_OUT_CLEARED_KEYS, STORAGE_KEYS } from '@planpiso/domain';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

const storedKeys = (page: Page) =>
  page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), [...SIGN_OUT_CLEARED_KEYS]);

/** Keeps the token's header and claims (so the browser still believes it) but breaks its signature. */
const forgeAccessToken = (page: Page) =>
  page.evaluate((key) => {
    const [header, payload] = (localStorage.getItem(key) ?? '').split('.');
    localStorage.setItem(key, `${header}.${payload}.${'A'.repeat(43)}`);
  }, STORAGE_KEYS.accessToken);

test('an unknown path sends an anonymous visitor to /login', () =>
  journey('unknown-anonymous', async (page) => {
    await page.goto('/no-existe/para-nada');
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('button', { name: 'Iniciar Sesión' }));
  }));

test('an unknown path sends a signed-in user to /', () =>
  journey('unknown-signed-in', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/no-existe');
    await expectPath(page, '/');
    await expectVisible(page.getByText(MESSAGES.welcome, { exact: true }));
  }));

test('an application route is closed to anonymous visitors', () =>
  journey('protected-anonymous', async (page) => {
    await page.goto('/usuarios');
    await expectPath(page, '/login');
  }));

test('a 401 from the API signs the user out and clears the stored session', () =>
  journey('unauthorized-reload', async (page) => {
    await signInAs(page, DEMO_USERS[2].email);
    assert.ok((await storedKeys(page)).includes(STORAGE_KEYS.accessToken));
    await forgeAccessToken(page);
    // The reload makes the app check its session with the server, which refuses the forged token.
    await page.reload();
    await expectPath(page, '/login');
    await expectVisible(page.getByRole('button', { name: 'Iniciar Sesión' }));
    assert.deepEqual(await storedKeys(page), []);
  }));

test('a 401 on an action (company switch) signs the user out', () =>
  journey('unauthorized-action', async (page) => {
    await signInAs(page, DEMO_USERS[4].email);
    await forgeAccessToken(page);
    const select = page.getByRole('combobox', { name: 'Compañía' });
    const current = (await select.innerText()).trim();
    await select.click();
    await page.getByRole('option').filter({ hasNotText: current }).first().click();
    await expectPath(page, '/login');
    assert.deepEqual(await storedKeys(page), []);
  }));

test('a corrupt stored session is dropped and the user is asked to sign in', () =>
  journey('corrupt-storage', async (page) => {
    await signInAs(page, DEMO_USERS[5].email);
    await page.evaluate((key) => localStorage.setItem(key, 'basura'), STORAGE_KEYS.accessToken);
    await page.goto('/disposiciones');
    await expectPath(page, '/login');
    assert.deepEqual(await storedKeys(page), []);
  }));
