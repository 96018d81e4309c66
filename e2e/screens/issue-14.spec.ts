// Issue 14 §1: defects found using the screens, checked the way a user meets them (and pictured in artifacts/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { CONFIGURATION_MESSAGES, MENUS, MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectVisible, signedIn, signInAs, useBrowser } from '../support/journey';
import { sideMenu } from '../support/screens';

const journey = useBrowser();

/** zod's English defaults and their kin: none may reach a user. */
const ENGLISH = /\b(Invalid|invalid|expected|Expected|Required|required|must|String|Number|received|Too (small|big))\b/;

async function assertSpanishOnly(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  const match = ENGLISH.exec(text);
  assert.equal(
    match,
    null,
    `${where} shows English text: "${match?.input.slice(Math.max(0, match.index - 40), match.index + 40)}"`,
  );
}

/** Presses `name` and waits until the form's answer has settled (its messages shown, no request left). */
async function submit(scope: Page | Locator, name: string): Promise<void> {
  await scope.getByRole('button', { name, exact: true }).click();
  await settle('page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page));
}

test('every form answers an empty and a wrong submission in Spanish (issue 14 §1.2)', () =>
  journey('forms-spanish-only', async (page) => {
    // Sign-in, mode 1 and mode 3.
    await page.goto('/login');
    const login = page.locator('form').first();
    await submit(login, 'Iniciar Sesión');
    await expectVisible(page.getByText(MESSAGES.required, { exact: true }));
    await assertSpanishOnly(page, 'sign-in (empty)');
    await page.getByRole('button', { name: 'Recuperar contraseña' }).click();
    await submit(page.locator('form').first(), 'Enviar');
    await assertSpanishOnly(page, 'recovery (empty)');
    await page.getByRole('button', { name: 'Regresar' }).click();

    // An operator (type 3) has the fullest user form and the account wizard.
    await signedIn(page, DEMO_USERS[3].email);
    const forms: [string, string, string, Record<string, string>][] = [
      ['/crear-usuario', 'Crear usuario', 'Guardar', { Correo: 'no-es-correo', Teléfono: '12ab' }],
      ['/crear-rol', 'Crear rol', 'Guardar', { Nombre: 'x' }],
      ['/crear-sucursal', 'Crear sucursal', 'Guardar', { Nombre: 'x' }],
      ['/crear-cuenta', 'Datos de la cuenta', 'Siguiente', { 'Correo electrónico': 'no-es-correo' }],
    ];
    for (const [path, name, button, wrong] of forms) {
      await page.goto(path);
      const form = page.getByRole('form', { name });
      await expectVisible(form);
      // The wizard's Siguiente sits under its step, outside the step's form.
      const buttons = path === '/crear-cuenta' ? page : form;
      await submit(buttons, button);
      await expectVisible(form.getByText(MESSAGES.required, { exact: true }));
      await assertSpanishOnly(page, `${path} (empty)`);
      if (path === '/crear-cuenta') {
        // Tipo de cuenta empty used to read 'Invalid input: expected 1'.
        assert.equal(await form.getByText(MESSAGES.required, { exact: true }).count(), 3);
        await screenshot(page, 'issue-14-wizard-empty-submit');
      }
      for (const [label, value] of Object.entries(wrong)) await form.getByLabel(label, { exact: true }).fill(value);
      await submit(buttons, button);
      await assertSpanishOnly(page, `${path} (wrong)`);
    }
  }));

test('the lender’s configuration forms answer in Spanish; a cleared day field is refused (issue 14 §1.2, §1.3)', () =>
  journey('configuration-required', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    for (const [path, name] of [
      ['/crear-dia-inhabil', 'Crear día inhábil'],
      ['/crear-emails-mesa-servicio', 'Crear correo'],
    ] as const) {
      await page.goto(path);
      const form = page.getByRole('form', { name });
      await expectVisible(form);
      await submit(form, 'Guardar');
      await assertSpanishOnly(page, `${path} (empty)`);
    }

    await page.goto('/configuraciones');
    const form = page.getByRole('form', { name: 'Configuración de Disposiciones' });
    const days = form.getByLabel('Vigencia de la disposición (días)', { exact: true });
    await expectVisible(days);
    await form.getByLabel('Correo de disposiciones', { exact: true }).fill('disposiciones@planpiso.mx');
    await days.fill('');
    await form.getByLabel('Días AX', { exact: true }).fill('');
    await submit(form, 'Guardar');
    await expectVisible(form.getByText(MESSAGES.required, { exact: true }));
    assert.equal(await form.getByText(MESSAGES.required, { exact: true }).count(), 2);
    assert.equal(await page.getByRole('dialog').count(), 0, 'no confirmation, no Guardado');
    await assertSpanishOnly(page, '/configuraciones (cleared)');
    await screenshot(page, 'issue-14-configuration-cleared-refused');
  }));

test('statistics explains a customer without lines (issue 14 §1.4)', () =>
  journey('statistics-no-lines', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/estadisticas-disposiciones');
    const hint = page.getByRole('dialog', { name: CONFIGURATION_MESSAGES.statisticsSearchTitle, exact: true });
    await hint.getByRole('button', { name: 'Aceptar' }).click();
    await hint.waitFor({ state: 'hidden' });
    const bar = page.getByRole('search');
    await bar.getByRole('combobox', { name: 'Cliente' }).click();
    // The demo seeds provisions for Autos del Norte only: Camiones del Norte has no line to choose.
    await page.getByRole('option', { name: 'Camiones del Norte (10002)' }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expectVisible(bar.getByText(CONFIGURATION_MESSAGES.statisticsNoLines, { exact: true }));
    const line = bar.getByRole('combobox', { name: 'Línea de crédito' });
    assert.equal(await line.getAttribute('aria-disabled'), 'true');
    // The whole customer name shows in the field.
    assert.equal(await bar.getByRole('combobox', { name: 'Cliente' }).innerText(), 'Camiones del Norte (10002)');
    await page.mouse.move(1000, 700);
    await settle(page); // the menu's fade-out
    await screenshot(page, 'issue-14-statistics-no-lines');
  }));

test('the side menu’s screens are links: an address to copy or open in a new tab (issue 14 §1.8)', () =>
  journey('menu-links', async (page) => {
    await signInAs(page, DEMO_USERS[1].email);
    await sideMenu(page).getByRole('button', { name: 'Usuarios', exact: true }).click();
    const roles = sideMenu(page).getByRole('link', { name: 'Roles', exact: true });
    assert.equal(await roles.getAttribute('href'), '/roles');
    // Ctrl+click opens the screen in a new tab, as a link does.
    const opened = page.context().waitForEvent('page');
    await roles.click({ modifiers: ['Control'] });
    const tab = await opened;
    // A tab opened by a click starts at about:blank; on a busy machine its navigation commits later.
    await tab.waitForURL((url) => url.protocol !== 'about:');
    assert.equal(new URL(tab.url()).pathname, '/roles');
    await tab.close();
    // A plain click stays in the app and marks the entry as the current page.
    await roles.click();
    await page.waitForURL((url) => url.pathname === '/roles');
    await eventually(() => roles.getAttribute('aria-current'), 'page');
    const links = await sideMenu(page).getByRole('link').count();
    assert.ok(links >= MENUS[1].filter((item) => !item.children).length, `${links} links`);
    await roles.focus();
    await page.mouse.move(900, 700);
    await screenshot(page, 'issue-14-menu-links');
  }));

test('a whole date typed after a click anywhere in the field fills day, month and year (issue 14 §1.10)', () =>
  journey('date-typing', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/crear-dia-inhabil');
    const form = page.getByRole('form', { name: 'Crear día inhábil' });
    const field = form.getByRole('group', { name: 'Fecha' });
    const sections = field.getByRole('spinbutton');
    await expectVisible(sections.first());
    // Click on the year (the last section), then type the whole date.
    await sections.last().click();
    await page.keyboard.type('24122031');
    assert.deepEqual(await sections.allInnerTexts(), ['24', '12', '2031']);

    // Again, after leaving the field, clicking on the month.
    await form.getByLabel('Motivo', { exact: true }).click();
    await sections.nth(1).click();
    await page.keyboard.type('05012032');
    assert.deepEqual(await sections.allInnerTexts(), ['05', '01', '2032']);
    await screenshot(page, 'issue-14-date-typed');
  }));
