// Every built screen outside financing (e2e/a11y/financing-*.spec.ts) the lender's operator (type 3) opens: axe finds
// nothing and every name a screen reader announces is Spanish (e2e/support/axe.ts). A file per user type, one browser
// each: every file of the suite ends within the runner's two minutes.
import { test } from 'node:test';
import { a11yChecker } from '../support/a11y';
import { DEMO_USERS } from '../support/demo';
import { signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

test('type 3: every built screen it opens has no axe violation', () =>
  journey('a11y-type-3', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    const { visit, done } = a11yChecker(page);
    for (const path of ['/usuarios', '/notificaciones', '/companias', '/sucursales', '/crear-sucursal']) {
      await visit(path);
    }
    done();
  }));
