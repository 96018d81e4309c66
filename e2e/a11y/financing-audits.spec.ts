// The lender administrator's (type 2) audits — list, form and calendar — and the layout generator: axe finds nothing
// and every name a screen reader announces is Spanish (e2e/support/axe.ts). Part of the financing sweep
// (e2e/a11y/financing-*.spec.ts).
import { test } from 'node:test';
import { a11yChecker } from '../support/a11y';
import { DEMO_USERS } from '../support/demo';
import { signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

test('type 2: audits (list, form, calendar) and the layout', () =>
  journey('a11y-financing-audits', async (page) => {
    await signedIn(page, DEMO_USERS[2].email);
    const { visit, done } = a11yChecker(page);
    await visit('/auditorias');
    await visit('/crear-auditoria');
    await visit('/cambiar-vista-calendario');
    await visit('/layout');
    done();
  }));
