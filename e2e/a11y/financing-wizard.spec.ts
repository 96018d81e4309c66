// The dealer operator's (type 5) provision wizard, each step, and the edit screen: axe finds nothing and every name
// a screen reader announces is Spanish (e2e/support/axe.ts). Part of the financing sweep (e2e/a11y/financing-*.spec.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_USERS } from '../support/demo';
import { chooseNative, expectVisible, signedIn, useBrowser } from '../support/journey';
import { openOperatingWindow } from '../support/provisions';

const journey = useBrowser();

test('type 5: the provision wizard (each step) and the edit screen have no axe violation', () =>
  journey('a11y-type-5-provision-wizard', async (page) => {
    await openOperatingWindow();
    await signedIn(page, DEMO_USERS[5].email);
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
    await chooseNative(page, 'Representante legal', 'Ramón Representante');
    for (const step of ['CSV', 'Unidades', 'Requisición finalizada']) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      if (step === 'Unidades') {
        await chooseNative(page, 'Línea de crédito', /LC-10001-01/);
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
