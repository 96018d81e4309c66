import { test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signInAs, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions';

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

/** Every built screen, as a user type that may open it: axe must find nothing. */
const SCREENS: Record<1 | 3 | 5, string[]> = {
  1: [
    '/roles',
    '/emails-mesa-servicio',
    '/configuraciones',
    '/dias-inhabiles',
    '/creditos-fallos',
    '/crear-usuario',
    '/crear-rol',
    '/crear-cuenta',
    '/crear-dia-inhabil',
    '/crear-emails-mesa-servicio',
  ],
  3: [
    '/usuarios',
    '/notificaciones',
    '/companias',
    '/sucursales',
    '/estadisticas-disposiciones',
    '/crear-sucursal',
    '/disposiciones',
  ],
  5: ['/unidades', '/disposiciones'],
};

for (const type of [1, 3, 5] as const) {
  test(`type ${type}: every built screen it opens has no axe violation`, () =>
    journey(`a11y-type-${type}`, async (page) => {
      await signInAs(page, DEMO_USERS[type].email);
      const failures: string[] = [];
      for (const path of SCREENS[type]) {
        await page.goto(path);
        await expectPath(page, path);
        await page.waitForLoadState('networkidle');
        await page
          .locator('.MuiCircularProgress-root, .MuiDataGrid-overlay .MuiLinearProgress-root')
          .first()
          .waitFor({ state: 'hidden' })
          .catch(() => undefined);
        await expectNoAxeViolations(page, path).catch((error: Error) => failures.push(error.message));
      }
      assert.deepEqual(failures, []);
    }));
}

test('type 5: the provision wizard (each step) and the edit screen have no axe violation', () =>
  journey('a11y-type-5-provision-wizard', async (page) => {
    await openOperatingWindow();
    await signInAs(page, DEMO_USERS[5].email);
    const failures: string[] = [];
    // Axe reads colours as painted: wait until menus have closed and transitions (a button turning enabled) ended.
    const settled = async () => {
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.getAnimations().length === 0);
    };
    const check = async (label: string) => {
      await settled();
      await expectNoAxeViolations(page, label).catch((e: Error) => failures.push(e.message));
    };
    await page.goto('/crear-disposicion');
    await expectVisible(page.getByRole('heading', { name: 'Empresa' }));
    await page.waitForLoadState('networkidle');
    await check('/crear-disposicion (Empresa)');
    await page.getByRole('combobox', { name: 'Representante legal' }).click();
    await page.getByRole('option').first().click();
    for (const step of ['CSV', 'Unidades', 'Requisición finalizada']) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      if (step === 'Unidades') {
        await page.getByRole('combobox', { name: 'Línea de crédito' }).click();
        await page.getByRole('option', { name: /LC-10001-01/ }).click();
      }
      await expectVisible(page.getByRole('heading', { name: step }));
      await page.waitForLoadState('networkidle');
      await check(`/crear-disposicion (${step})`);
    }
    // A saved provision (status 1) to edit, created through the API as the screen would.
    const id = await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('aws')}`, 'Content-Type': 'application/json' };
      const session = JSON.parse(
        atob(localStorage.getItem('token')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
      );
      const user = session.user ?? session;
      const people = (await (await fetch(`/api/companies/${user.company.id}/users-agencies`, { headers })).json()).data;
      const legal = people.find((p: { type: number }) => p.type === 4);
      const own = people.find((p: { id: number }) => p.id === user.id);
      const body = {
        companyId: user.company.id,
        agencyId: own.agencies[0].id,
        legalId: legal.id,
        creditLine: 'LC-10001-01',
        deadlines: 6,
        units: [],
        total: '0.00',
      };
      const answer = await fetch('/api/provisions', { method: 'POST', headers, body: JSON.stringify(body) });
      return (await answer.json()).data.id as number;
    });
    await page.goto(`/editar-disposicion/${id}`);
    await expectVisible(page.getByRole('heading', { name: /N° de Disposición/ }));
    await page.waitForLoadState('networkidle');
    await check('/editar-disposicion/:id');
    assert.deepEqual(failures, []);
  }));
