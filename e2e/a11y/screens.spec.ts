import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';

const journey = useBrowser();

test('the sign-in page has no axe violation, on a desktop and on a phone', () =>
  journey('a11y-login', async (page) => {
    await page.goto('/login');
    await expectVisible(page.getByRole('button', { name: 'Iniciar Sesión' }));
    await expectNoAxeViolations(page, '/login');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, '/login (mobile)');
    await screenshot(page, 'a11y-login-mobile');
  }));

test('menu click → the first user row: the list call starts with the navigation', () =>
  journey('a11y-users-timing', async (page) => {
    await signInAs(page, DEMO_USERS[1].email);
    await expectNoAxeViolations(page, '/ (welcome)');
    const link = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' });
    const parent = page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: 'Usuarios' });
    if (!(await link.isVisible())) await parent.click();
    await link.waitFor({ state: 'visible' });
    // Timed in the page: from the click event (capture phase) to the first grid row in the DOM, and when the list
    // call and the screen's chunk started (resource timing), on the same clock.
    const requests: { url: string; at: number }[] = [];
    page.on('request', (r) => requests.push({ url: new URL(r.url()).pathname, at: Date.now() }));
    const start = Date.now();
    await link.click();
    await page.locator('[role="grid"] [role="row"][data-rowindex="0"]').waitFor({ state: 'visible' });
    const rows = Date.now() - start;
    const list = requests.find((r) => r.url === '/api/users');
    const chunks = requests.filter((r) => r.url.endsWith('.js'));
    const timing = {
      rows,
      request: list ? list.at - start : -1,
      chunksBefore: chunks.filter((r) => !list || r.at < list.at).length,
      chunks: chunks.length,
    };
    console.log(
      `# /usuarios menu click → rows (Playwright clock, includes its click overhead): ${JSON.stringify(timing)}`,
    );
    assert.notEqual(timing.request, -1, 'the list was requested');
    await expectPath(page, '/usuarios');
    await expectNoAxeViolations(page, '/usuarios');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expectVisible(page.getByLabel('Inicia'));
    await expectNoAxeViolations(page, '/usuarios (filters open)');
    await screenshot(page, 'a11y-users');
    await page.goto('/cuentas');
    await page.locator('[role="grid"] [role="row"][data-rowindex="0"]').waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, '/cuentas');
  }));
