// Every built screen outside financing (e2e/a11y/financing-*.spec.ts) the lender's administrator (type 1) opens: axe finds
// nothing and every name a screen reader announces is Spanish (e2e/support/axe.ts). A file per user type, one browser
// each: every file of the suite ends within the runner's two minutes.
import { test } from 'node:test';
import { a11yChecker } from '../support/a11y';
import { DEMO_USERS } from '../support/demo';
import { signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

test('type 1: every built screen it opens has no axe violation', () =>
  journey('a11y-type-1', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    const { visit, done } = a11yChecker(page);
    for (const path of [
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
    ]) {
      await visit(path);
    }
    done();
  }));
